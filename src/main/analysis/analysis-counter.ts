// The token counter of the jobs worker. An analysis begins all its counts
// (the input, the output, the report's variants, both renderings of each
// side) before its thread checks the output, and its counting thread sits
// idle through the whole job unless the texts are handed to it: below the
// library's threshold (256 KiB, which spares a one-off CLI shrink the
// hand-over) a catalog under about 1 MiB was counted on the job's own
// thread after the checks, one text after another, while the counting
// thread waited. Here the counting thread counts them during the checks.

import { ParallelTokenCounter } from '../engine/tokens';

/**
 * Texts from this many UTF-16 units are counted on the counting threads. The warm-up catalog's texts (7–15 KB) are above it, so the
 * warm-up runs the counting threads' code too; a text of a few tools is counted here, where the hand-over would cost more than it saves.
 */
export const ANALYSIS_MIN_PARALLEL_CHARS = 4 * 1024;

export function analysisCounter(): ParallelTokenCounter {
  return new ParallelTokenCounter({ minParallelChars: ANALYSIS_MIN_PARALLEL_CHARS });
}
