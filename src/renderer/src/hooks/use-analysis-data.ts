// Loads something that belongs to one analysis (its diff, its per-tool
// report) when the analysis is shown: a fresh "loading" as soon as the id
// changes (never stale data from the previous one), then the value or the
// error. A late answer for an id no longer shown is ignored.

import { useEffect, useState } from 'react';
import { asCavemanError, type ErrorValue } from '../../../shared/errors';

export type AnalysisData<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'error'; error: ErrorValue };

export function useAnalysisData<T>(analysisId: string, load: (analysisId: string) => Promise<T>): AnalysisData<T> {
  const [data, setData] = useState<{ id: string } & AnalysisData<T>>({ id: analysisId, state: 'loading' });
  useEffect(() => {
    let live = true;
    load(analysisId).then(
      (value) => live && setData({ id: analysisId, state: 'ready', value }),
      (error: unknown) => live && setData({ id: analysisId, state: 'error', error: asCavemanError(error).toValue() }),
    );
    return () => {
      live = false;
    };
  }, [load, analysisId]);
  return data.id === analysisId ? data : { state: 'loading' };
}
