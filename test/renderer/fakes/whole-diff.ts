// A decoded diff (DiffPlan) put back together: both whole texts and every
// change in characters of them, as the diff was made — what tests compare.
import { CHANGE_FIELDS, DEFERRED } from '../../../src/shared/ipc/change-ranges';
import type { ChangeRange } from '../../helpers/change-ranges';
import type { DiffPlan } from '../../../src/shared/ipc/diff-plan';

export interface WholeDiff {
  tools: DiffPlan['tools'];
  original: string;
  compressed: string;
  changes: ChangeRange[];
}

export function wholeDiff(plan: DiffPlan | null): WholeDiff {
  if (plan === null) throw new Error('no diff');
  let original = '';
  let compressed = '';
  const changes: ChangeRange[] = [];
  plan.sections.forEach((_, index) => {
    const texts = plan.textsOf(index);
    for (let i = 0; i < texts.changes.length; i += CHANGE_FIELDS) {
      const [fromA, toA, fromB, toB, flags] = texts.changes.subarray(i, i + CHANGE_FIELDS) as unknown as number[];
      changes.push({
        fromA: fromA! + original.length,
        toA: toA! + original.length,
        fromB: fromB! + compressed.length,
        toB: toB! + compressed.length,
        ...((flags! & DEFERRED) !== 0 ? { deferred: true as const } : {}),
      });
    }
    original += texts.original;
    compressed += texts.compressed;
  });
  return { tools: plan.tools, original, compressed, changes };
}

/** An empty diff, as the fake API answers it. */
export function emptyPlan(): DiffPlan {
  return {
    tools: [],
    sections: [{ fromA: 0, toA: 0, fromB: 0, toB: 0, firstLineA: 1, firstLineB: 1, linesA: 0, firstChange: 0, changeEnd: 0, firstTool: 0, toolCount: 0 }],
    changeCount: 0,
    textsOf: () => ({ original: '', compressed: '', changes: new Uint32Array(0) }),
  };
}
