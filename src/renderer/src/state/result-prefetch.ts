// The per-tool report and the diff of the result that takes the screen, asked
// for the moment its job finishes: the host answers while the page draws the
// summary, instead of being asked only once the summary is drawn and its
// loaders' effects run. A small report comes with the job's finishing event
// (INLINE_LINT_BYTES in job-runner.ts): it is kept as it is, for the table to
// draw with the summary, and not asked for. One load of each part is kept,
// for the first loader of that analysis that takes it; the progress it made
// meanwhile is replayed to that loader. A load nobody takes is dropped when
// the next one starts.

import type { LintReport } from '../../../shared/contracts';
import type { CavemanApi, DiffPlan, LoadProgress } from '../../../shared/ipc/caveman-api';

export interface ResultParts {
  lint: LintReport;
  diff: DiffPlan;
}
export type ResultPart = keyof ResultParts;

export interface ResultPrefetch {
  /** Asks for the diff of `analysisId` now, and its report unless the job's event brought it (`lint`). */
  start(analysisId: string, lint?: LintReport): void;
  /** The report that came with the latest result's event, when that result is `analysisId` (read, not taken: any loader of it draws it at once). */
  known(analysisId: string): LintReport | null;
  /** The load started for `analysisId`, handed over once (null when there is none): its progress so far, then the rest, goes to `onProgress`. */
  take<P extends ResultPart>(part: P, analysisId: string, onProgress: (progress: LoadProgress) => void): Promise<ResultParts[P]> | null;
}

interface Started {
  analysisId: string;
  promise: Promise<unknown>;
  latest: LoadProgress | null;
  listener: ((progress: LoadProgress) => void) | null;
}

export function createResultPrefetch(api: Pick<CavemanApi, 'getLintReport' | 'getDiff'>): ResultPrefetch {
  const started = new Map<ResultPart, Started>();
  let knownLint: { analysisId: string; lint: LintReport } | null = null;

  const begin = (part: ResultPart, analysisId: string) => {
    const load: Started = { analysisId, promise: Promise.resolve(), latest: null, listener: null };
    const onProgress = (progress: LoadProgress) => {
      load.latest = progress;
      load.listener?.(progress);
    };
    load.promise = part === 'lint' ? api.getLintReport({ analysisId }, { onProgress }) : api.getDiff({ analysisId }, { onProgress });
    // A load nobody takes must not report an unhandled rejection; the loader that takes it sees the error.
    load.promise.catch(() => undefined);
    started.set(part, load);
  };

  const known = (analysisId: string) => (knownLint?.analysisId === analysisId ? knownLint.lint : null);

  return {
    known,
    start(analysisId, lint) {
      knownLint = lint ? { analysisId, lint } : null;
      if (lint) started.delete('lint');
      else begin('lint', analysisId);
      begin('diff', analysisId);
    },
    take(part, analysisId, onProgress) {
      const lint = part === 'lint' ? known(analysisId) : null;
      if (lint) return Promise.resolve(lint as ResultParts[typeof part]);
      const load = started.get(part);
      if (!load || load.analysisId !== analysisId) return null;
      started.delete(part);
      load.listener = onProgress;
      if (load.latest) onProgress(load.latest);
      return load.promise as Promise<ResultParts[typeof part]>;
    },
  };
}
