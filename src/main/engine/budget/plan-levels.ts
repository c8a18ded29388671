// A token budget's plan (docs/levels.md, "Budgets"): every tool listed, each
// at the richest level at or below the ceiling that lets the whole listing
// fit. From every tool at the ceiling, it repeatedly takes the tool whose
// current level costs the most (ties: the one first in the catalog) one
// level down — to the next level below that costs it fewer tokens (a level
// that would cost it as much or more buys nothing) — until the listing fits
// or every tool is at its floor. Tools called more are stepped down last: a
// tool is taken only once every tool called less has reached its floor.
// Pure and deterministic: the same costs, budget and calls give the same plan.

import type { LevelName } from '../../../shared/levels';

export interface PlanInput {
  /** The levels a tool may be listed at, from the ceiling down to the floor. */
  ladder: readonly LevelName[];
  /** Each tool's tokens at a level of the ladder (by its index there): asked once per level, when first needed. */
  costsAt: (rung: number) => readonly number[];
  /** Tokens outside every tool (brackets, the describe tool). */
  rest: number;
  budget: number;
  /** Calls per tool, by its place in the catalog (none: every tool 0). */
  calls?: readonly number[] | undefined;
}

export interface LevelPlan {
  /** Each tool's level, by its place in the catalog. */
  levels: LevelName[];
  /** The listing's tokens as planned. */
  tokens: number;
  fits: boolean;
}

export function planLevels(input: PlanInput): LevelPlan {
  const { ladder, budget } = input;
  const ceiling = input.costsAt(0);
  const count = ceiling.length;
  const rungs = new Array<number>(count).fill(0);
  const costs = [...ceiling];
  let total = sum(ceiling) + input.rest;
  const heap = new ToolHeap((a, b) => before(a, b, input.calls, costs));
  for (let tool = 0; tool < count; tool++) heap.push(tool);
  while (total > budget && heap.size > 0) {
    const tool = heap.pop();
    const next = cheaperRung(input, rungs[tool]!, tool, costs[tool]!);
    if (next === undefined) continue;
    const cost = input.costsAt(next)[tool]!;
    total += cost - costs[tool]!;
    costs[tool] = cost;
    rungs[tool] = next;
    heap.push(tool);
  }
  return { levels: rungs.map((rung) => ladder[rung]!), tokens: total, fits: total <= budget };
}

/** The first rung below `rung` where the tool costs fewer than `cost` tokens. */
function cheaperRung(input: PlanInput, rung: number, tool: number, cost: number): number | undefined {
  for (let next = rung + 1; next < input.ladder.length; next++) if (input.costsAt(next)[tool]! < cost) return next;
  return undefined;
}

/** True when tool `a` is stepped down before tool `b`: called less, then costlier, then first in the catalog. */
function before(a: number, b: number, calls: readonly number[] | undefined, costs: readonly number[]): boolean {
  const callsA = calls?.[a] ?? 0;
  const callsB = calls?.[b] ?? 0;
  if (callsA !== callsB) return callsA < callsB;
  if (costs[a] !== costs[b]) return costs[a]! > costs[b]!;
  return a < b;
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/** A binary heap of tool indexes, the one to step first on top. */
class ToolHeap {
  private readonly items: number[] = [];

  constructor(private readonly first: (a: number, b: number) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  push(tool: number): void {
    const { items } = this;
    items.push(tool);
    let at = items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.first(items[at]!, items[parent]!)) break;
      [items[at], items[parent]] = [items[parent]!, items[at]!];
      at = parent;
    }
  }

  pop(): number {
    const { items } = this;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length === 0) return top;
    items[0] = last;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let best = at;
      if (left < items.length && this.first(items[left]!, items[best]!)) best = left;
      if (right < items.length && this.first(items[right]!, items[best]!)) best = right;
      if (best === at) return top;
      [items[at], items[best]] = [items[best]!, items[at]!];
      at = best;
    }
  }
}
