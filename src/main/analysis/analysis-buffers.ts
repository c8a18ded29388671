// The byte arrays of an analysis, apart from the analysis itself: the registry
// in the process that serves the window counts them, and must not load the
// engine that analyze-catalog.ts (the jobs worker's) imports.

import type { AnalysisProduct } from './analyze-catalog';

/** Every byte array an analysis holds (transferred between threads, counted against the registry's budget); each once. */
export function analysisBuffers(product: AnalysisProduct): Uint8Array[] {
  const { lint, original, output, diff } = product;
  const all = [original, output, lint, diff];
  return [...new Set(all.filter((bytes): bytes is Uint8Array => bytes !== undefined))];
}
