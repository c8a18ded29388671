// The one shape a diff's changes have from the envelope to the editor: a
// Uint32Array of CHANGE_FIELDS numbers per change, in order — where the
// change starts and ends on the original side (A) and on the compressed side
// (B), then its flags. The envelope and the decoding thread count UTF-8
// bytes of each side (so the sides are cut without being decoded); a
// section's changes on screen count characters from the section's start.

/** Numbers per change: fromA, toA, fromB, toB, flags. */
export const CHANGE_FIELDS = 5;
/** Flag: description text a tool that carries the deferral marker lost at a deferral level, one describe call away (docs/levels.md). */
export const DEFERRED = 1;

/** CHANGE_FIELDS numbers per change: fromA, toA, fromB, toB, flags (DEFERRED). */
export type ChangeRanges = Uint32Array;

/** How many changes `changes` holds. */
export function changeCount(changes: ChangeRanges): number {
  return changes.length / CHANGE_FIELDS;
}
