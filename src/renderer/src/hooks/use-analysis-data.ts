// Loads something that belongs to one analysis (its diff, its per-tool
// report) when the analysis is shown: a fresh "loading" as soon as the id
// changes (never stale data from the previous one), with how far the load
// is, then the value or the error. A late answer for an id no longer shown
// is ignored.

import { useEffect, useState } from 'react';
import { asCavemanError, type ErrorValue } from '../../../shared/errors';
import type { LoadProgress } from '../../../shared/ipc/caveman-api';
import { loadStep } from '../lib/load-progress';

export type AnalysisData<T> = { state: 'loading'; progress: LoadProgress | null } | { state: 'ready'; value: T } | { state: 'error'; error: ErrorValue };

export function useAnalysisData<T>(
  analysisId: string,
  load: (analysisId: string, onProgress: (progress: LoadProgress) => void) => Promise<T>,
): AnalysisData<T> {
  const [data, setData] = useState<{ id: string } & AnalysisData<T>>({ id: analysisId, state: 'loading', progress: null });
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
      (value) => live && setData({ id: analysisId, state: 'ready', value }),
      (error: unknown) => live && setData({ id: analysisId, state: 'error', error: asCavemanError(error).toValue() }),
    );
    return () => {
      live = false;
    };
  }, [load, analysisId]);
  return data.id === analysisId ? data : { state: 'loading', progress: null };
}
