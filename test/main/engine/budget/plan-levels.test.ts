// A budget's stepping, on costs written by hand: the costliest tool first
// (ties: catalog order), one level down to the next level that costs it
// less, tools called more only after every tool called less is at its
// floor, and the plan the same for the same costs.

import { describe, expect, it } from 'vitest';
import { planLevels, type PlanInput } from '../../../../src/main/engine/budget/plan-levels';

const ladder = ['signatures', 'skeletons', 'names'] as const;
/** Each of three tools' tokens at each rung. */
const COSTS = [
  [50, 40, 30],
  [30, 20, 10],
  [40, 40, 5],
];
const input = (budget: number, extra: Partial<PlanInput> = {}): PlanInput => ({
  ladder,
  costsAt: (rung) => COSTS.map((tool) => tool[rung]!),
  rest: 10,
  budget,
  ...extra,
});

describe('planLevels', () => {
  it('lists every tool at the ceiling when it fits', () => {
    expect(planLevels(input(130))).toEqual({ levels: ['signatures', 'signatures', 'signatures'], tokens: 130, fits: true });
  });

  it('steps the costliest tool down first, ties to the first in the catalog, to the next level that costs it less', () => {
    // 130 → tool 0 (50) to skeletons (40): 120; then tools 0 and 2 cost 40: tool 0 goes to names (30): 110.
    expect(planLevels(input(120)).levels).toEqual(['skeletons', 'signatures', 'signatures']);
    expect(planLevels(input(110)).levels).toEqual(['names', 'signatures', 'signatures']);
    // Tool 2 costs 40 at skeletons too: it skips to names (5).
    expect(planLevels(input(80)).levels).toEqual(['names', 'signatures', 'names']);
  });

  it('steps a tool called more only once every tool called less is at its floor', () => {
    const calls = [5, 0, 0];
    expect(planLevels(input(90, { calls })).levels).toEqual(['signatures', 'skeletons', 'names']);
  });

  it('among the tools called, steps the least called first and the most called last of all', () => {
    const calls = [5, 0, 2];
    // Tool 1 (never called) goes to its floor first (110), then tool 2 (called twice) to names (75), cheaper than tool 0 would be.
    expect(planLevels(input(100, { calls })).levels).toEqual(['signatures', 'names', 'names']);
    expect(planLevels(input(100)).levels).toEqual(['names', 'signatures', 'names']);
    // Only then tool 0, the most called.
    expect(planLevels(input(70, { calls })).levels).toEqual(['skeletons', 'names', 'names']);
  });

  it('says so when even the floor does not fit, with the floor', () => {
    expect(planLevels(input(40))).toEqual({ levels: ['names', 'names', 'names'], tokens: 55, fits: false });
  });
});
