// Loads something that belongs to one analysis (its diff, its per-tool
// report) when the analysis is shown: a fresh "loading" as soon as the id
// changes (never stale data from the previous one), with how far the load
// is, then the value or the error; or the value at once when it is at hand.
// A late answer for an id no longer shown is ignored.

import { useEffect, useState } from 'react';
import { asCavemanError, type ErrorValue } from '../../../shared/errors';
import type { LoadProgress } from '../../../shared/ipc/caveman-api';
import { loadStep } from '../lib/load-progress';

export type AnalysisData<T> = { state: 'loading'; progress: LoadProgress | null } | { state: 'ready'; value: T } | { state: 'error'; error: ErrorValue };

/** Nothing at hand: load it (one function, so the effect below does not run again on every render). */
const nothingKnown = () => null;

/** `known`: the value when it is at hand already (drawn at once, nothing loaded), else null. */
export function useAnalysisData<T>(
  analysisId: string,
  load: (analysisId: string, onProgress: (progress: LoadProgress) => void) => Promise<T>,
  known: (analysisId: string) => T | null = nothingKnown,
): AnalysisData<T> {
  const start = (id: string): { id: string } & AnalysisData<T> => {
    const value = known(id);
    return value === null ? { id, state: 'loading', progress: null } : { id, state: 'ready', value };
  };
  const [data, setData] = useState(() => start(analysisId));
  useEffect(() => {
    let live = true;
    // Re-rendered only when what the loading state shows changes, not on every chunk that arrives.
    let shown = '';
    const onProgress = (progress: LoadProgress) => {
      const step = loadStep(progress);
      if (!live || step === shown) return;
      shown = step;
      setData({ id: analysisId, state: 'loading', progress });
    };
    load(analysisId, onProgress).then(
      // A value drawn at hand already is the one the load gives: nothing to draw again.
      (value) =>
        live &&
        setData((current) =>
          current.id === analysisId && current.state === 'ready' && current.value === value ? current : { id: analysisId, state: 'ready', value },
        ),
      (error: unknown) => live && setData({ id: analysisId, state: 'error', error: asCavemanError(error).toValue() }),
    );
    return () => {
      live = false;
    };
  }, [load, analysisId]);
  return data.id === analysisId ? data : start(analysisId);
}
