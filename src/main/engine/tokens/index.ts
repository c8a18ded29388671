// Public surface of token counting: exact single-pass counts, the safe
// boundaries that make chunked counts exact, and the worker-pool counter.

export { countTokens, loadTokenizer } from './count-tokens';
export { findSafeBoundary, isSafeBoundary, splitAtSafeBoundaries, type CodeUnits } from './safe-split';
export { attributeTokens, attributionEnds, attributionOf, type Attribution } from './attribute-tokens';
export type { CountJob, CountJobOptions, CountText, FinishOptions } from './count-job';
export {
  DEFAULT_CHUNK_CHARS,
  DEFAULT_MIN_PARALLEL_CHARS,
  ParallelTokenCounter,
  defaultWorkerCount,
  sharedBytes,
  type ParallelTokenCounterOptions,
} from './parallel-counter';
