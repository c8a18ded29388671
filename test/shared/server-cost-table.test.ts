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
    {
      level: 'overviews',
      total: total([102, 84, 64], [60, 50, 36]),
      tools: [t(36, 30, 22), t(22, 18, 12)],
      describeTool: { name: 'caveman_describe', shortenedTools: 2, tokens: t(65, 60, 45) },
    },
    {
      level: 'skeletons',
      total: total([102, 84, 64], [30, 24, 18]),
      tools: [t(18, 14, 10), t(10, 8, 6)],
      describeTool: { name: 'caveman_describe', shortenedTools: 2, tokens: t(65, 60, 45) },
    },
  ],
};

describe('costRows', () => {
  it('every tool: the totals as measured, plus caveman_describe where the level lists it', () => {
    expect(costRows(costs, new Set()).slice(0, 2)).toEqual([
      { level: 'full', before: t(102, 84, 64), after: t(80, 66, 50), describe: t(0, 0, 0), tools: 2, estimate: false },
      { level: 'leads', before: t(102, 84, 64), after: t(115, 101, 75), describe: t(65, 60, 45), tools: 2, estimate: false },
    ]);
  });

  it('an unticked tool leaves out its share at each level; before stays the whole listing (what the model sees without the proxy)', () => {
    expect(costRows(costs, new Set(['write_file'])).slice(0, 2)).toEqual([
      { level: 'full', before: t(102, 84, 64), after: t(47, 40, 32), describe: t(0, 0, 0), tools: 1, estimate: true },
      { level: 'leads', before: t(102, 84, 64), after: t(97, 87, 67), describe: t(65, 60, 45), tools: 1, estimate: true },
    ]);
  });
});

describe("a server's line in Measure all, and the lines added up", () => {
  const levels = { full: 66, leads: 101, overviews: 110, skeletons: 84 };

  it('direct: as configured is the listing itself; each level is through the proxy, caveman_describe included (Claude tokens)', () => {
    expect(serverCostLine(costs, { state: 'direct' }, 'claude-code')).toEqual({ asConfigured: 84, levels, estimate: false });
  });

  it('wrapped: as configured is its level, with the tools it excludes by name left out', () => {
    expect(serverCostLine(costs, { state: 'wrapped', level: 'full' }, 'claude-code').asConfigured).toBe(66);
    expect(serverCostLine(costs, { state: 'wrapped', level: 'full', excludeTools: ['write_file'] }, 'claude-code')).toEqual({
      asConfigured: 40,
      levels: { full: 40, leads: 87, overviews: 92, skeletons: 76 },
      estimate: true,
    });
  });

  it("wrapped without a level: the profile the client whose file holds it gets (Claude Code's tool-search lists at overviews)", () => {
    expect(serverCostLine(costs, { state: 'wrapped' }, 'claude-code').asConfigured).toBe(110);
    // An unknown client gets the listing profile: skeletons, well within its budget here.
    expect(serverCostLine(costs, { state: 'wrapped' }, 'cursor').asConfigured).toBe(84);
    expect(serverCostLine(costs, { state: 'wrapped', profile: 'listing' }, 'claude-code').asConfigured).toBe(84);
  });

  it("a budget below the ceiling's cost caps what is figured, as an estimate (its plan is not measured here)", () => {
    expect(serverCostLine(costs, { state: 'wrapped', level: 'leads', budget: 90 }, 'claude-code')).toMatchObject({ asConfigured: 90, estimate: true });
    expect(serverCostLine(costs, { state: 'wrapped', level: 'leads', budget: 500 }, 'claude-code')).toMatchObject({ asConfigured: 101, estimate: false });
  });

  it('the sum is what a client sends on every request with all of them listed', () => {
    const lines = [serverCostLine(costs, { state: 'direct' }, 'cursor'), serverCostLine(costs, { state: 'wrapped', level: 'full' }, 'cursor')];
    // Every level is a column of the sum; a level no line measured adds up to 0.
    const levels = { ...Object.fromEntries(LEVELS.map((level) => [level, 0])), full: 132, leads: 202, overviews: 220, skeletons: 168 };
    expect(sumCostLines(lines)).toEqual({ asConfigured: 150, levels, estimate: false });
    expect(sumCostLines([]).asConfigured).toBe(0);
  });
});
