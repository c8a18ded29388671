// The one definition of "ratio" used by every report.

/** Share of tokens saved, (before - after) / before, rounded to 4 decimals; 0 when nothing was saved. */
export function savingRatio(before: number, after: number): number {
  if (before <= 0 || after >= before) return 0;
  return Math.round(((before - after) / before) * 10_000) / 10_000;
}

/** Like savingRatio but keeps a negative share (a part that grew), for per-tool rows. */
export function signedRatio(before: number, after: number): number {
  if (before <= 0) return 0;
  return Math.round(((before - after) / before) * 10_000) / 10_000;
}
