// The one definition of "ratio" used by every report.

/**
 * Share of tokens saved, (before - after) / before, unrounded (the reference
 * reports the float: 0.999995 must not read as 1, nor 0.00003 as 0); 0 when
 * nothing was saved.
 */
export function savingRatio(before: number, after: number): number {
  if (before <= 0 || after >= before) return 0;
  return (before - after) / before;
}

/** Like savingRatio but keeps a negative share (a part that grew), for per-tool rows. */
export function signedRatio(before: number, after: number): number {
  if (before <= 0) return 0;
  return (before - after) / before;
}
