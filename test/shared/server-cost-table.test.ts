// The Servers view's cost rows: before and after per level and rendering,
// caveman_describe counted where it is listed, unticked tools left out by
// their shares (marked as an estimate).

import { describe, expect, it } from 'vitest';
import type { ServerCosts } from '../../src/shared/contracts';
import { costRows, serverCostLine, sumCostLines } from '../../src/shared/server-cost-table';
import { LEVELS } from '../../src/shared/levels';

const t = (json: number, anthropic: number, openai: number) => ({ json, anthropic, openai });
const total = (before: [number, number, number], after: [number, number, number]) => ({
  json: { tokens_before: before[0], tokens_after: after[0] },
  anthropic: { tokens_before: before[1], tokens_after: after[1] },
  openai: { tokens_before: before[2], tokens_after: after[2] },
});

const costs: ServerCosts = {
  basis: 'inferred',
  tokenizer: 'o200k_base',
  tools: [
    { name: 'read_file', before: t(60, 50, 40) },
    { name: 'write_file', before: t(40, 30, 20) },
  ],
  levels: [
    {
      level: 'full',
      total: total([102, 84, 64], [80, 66, 50]),
      tools: [t(45, 38, 30), t(33, 26, 18)],
      describeTool: { name: 'caveman_describe', shortenedTools: 0, tokens: t(0, 0, 0) },
    },
    {
      level: 'leads',
      total: total([102, 84, 64], [50, 41, 30]),
      tools: [t(30, 25, 20), t(18, 14, 8)],
      describeTool: { name: 'caveman_describe', shortenedTools: 2, tokens: t(65, 60, 45) },
    },
  ],
};

describe('costRows', () => {
  it('every tool: the totals as measured, plus caveman_describe where the level lists it', () => {
    expect(costRows(costs, new Set())).toEqual([
      { level: 'full', before: t(102, 84, 64), after: t(80, 66, 50), describe: t(0, 0, 0), tools: 2, estimate: false },
      { level: 'leads', before: t(102, 84, 64), after: t(115, 101, 75), describe: t(65, 60, 45), tools: 2, estimate: false },
    ]);
  });

  it('an unticked tool leaves out its share at each level; before stays the whole listing (what the model sees without the proxy)', () => {
    expect(costRows(costs, new Set(['write_file']))).toEqual([
      { level: 'full', before: t(102, 84, 64), after: t(47, 40, 32), describe: t(0, 0, 0), tools: 1, estimate: true },
      { level: 'leads', before: t(102, 84, 64), after: t(97, 87, 67), describe: t(65, 60, 45), tools: 1, estimate: true },
    ]);
  });
});

describe("a server's line in Measure all, and the lines added up", () => {
  it('direct: as configured is the listing itself; each level is through the proxy, caveman_describe included (Claude tokens)', () => {
    expect(serverCostLine(costs, { state: 'direct' })).toEqual({ asConfigured: 84, levels: { full: 66, leads: 101 }, estimate: false });
  });

  it("wrapped: as configured is its level (the proxy's default when none is written), with the tools it excludes by name left out", () => {
    expect(serverCostLine(costs, { state: 'wrapped', level: 'full' }).asConfigured).toBe(66);
    expect(serverCostLine(costs, { state: 'wrapped' }).asConfigured).toBe(101);
    expect(serverCostLine(costs, { state: 'wrapped', level: 'full', excludeTools: ['write_file'] })).toEqual({
      asConfigured: 40,
      levels: { full: 40, leads: 87 },
      estimate: true,
    });
  });

  it('the sum is what a client sends on every request with all of them listed', () => {
    const lines = [serverCostLine(costs, { state: 'direct' }), serverCostLine(costs, { state: 'wrapped', level: 'full' })];
    // Every level is a column of the sum; a level no line measured adds up to 0.
    const levels = { ...Object.fromEntries(LEVELS.map((level) => [level, 0])), full: 132, leads: 202 };
    expect(sumCostLines(lines)).toEqual({ asConfigured: 150, levels, estimate: false });
    expect(sumCostLines([]).asConfigured).toBe(0);
  });
});
