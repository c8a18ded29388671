// Changes as objects, for tests to write and read them: the code keeps them
// as ChangeRanges (src/shared/ipc/change-ranges.ts).
import { CHANGE_FIELDS, DEFERRED, type ChangeRanges } from '../../src/shared/ipc/change-ranges';

export interface ChangeRange {
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
  deferred?: true;
}

export function rangesOf(changes: readonly ChangeRange[]): ChangeRanges {
  return Uint32Array.from(changes.flatMap((change) => [change.fromA, change.toA, change.fromB, change.toB, change.deferred ? DEFERRED : 0]));
}

export function changeList(changes: ChangeRanges): ChangeRange[] {
  const list: ChangeRange[] = [];
  for (let i = 0; i < changes.length; i += CHANGE_FIELDS) {
    const [fromA, toA, fromB, toB, flags] = Array.from(changes.subarray(i, i + CHANGE_FIELDS)) as [number, number, number, number, number];
    list.push({ fromA, toA, fromB, toB, ...((flags & DEFERRED) !== 0 ? { deferred: true as const } : {}) });
  }
  return list;
}

/** Writes two sides of a diff piece by piece, recording each change's range (in characters) as it goes. */
export function sidesWriter() {
  const sides = { original: '', compressed: '' };
  const changes: ChangeRange[] = [];
  return {
    sides,
    changes,
    /** Text both sides have. */
    both(text: string): void {
      sides.original += text;
      sides.compressed += text;
    },
    /** `before` on the original side where the compressed side has `after`; `deferred` when a level left it one describe call away. */
    change(before: string, after: string, deferred = false): void {
      changes.push({
        fromA: sides.original.length,
        toA: sides.original.length + before.length,
        fromB: sides.compressed.length,
        toB: sides.compressed.length + after.length,
        ...(deferred ? { deferred: true as const } : {}),
      });
      sides.original += before;
      sides.compressed += after;
    },
  };
}
