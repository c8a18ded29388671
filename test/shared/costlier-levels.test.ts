// A level dearer than a level listed before it is found, against the cheapest of them, with its extra split into
// caveman_describe's part and the tools' own; the figures are server-memory's and cloudflare-docs' (Claude's tokens, o200k_base).

import { describe, expect, it } from 'vitest';
import { costlierLevels, costlierWhy } from '../../src/shared/costlier-levels';
import type { LevelName } from '../../src/shared/levels';
import type { CostRow } from '../../src/shared/server-cost-table';

const row = (level: LevelName, anthropic: number, describeTool = 0): CostRow => ({
  level,
  before: { json: 0, anthropic: 971, openai: 0 },
  after: { json: 0, anthropic, openai: 0 },
  describe: { json: 0, anthropic: describeTool, openai: 0 },
  tools: 9,
  estimate: false,
});

describe('costlierLevels', () => {
  it('finds a level that costs more than the cheapest before it, and splits the extra', () => {
    const rows = [row('full', 836), row('facts', 836), row('leads', 895, 64), row('overviews', 722, 64), row('signatures', 716, 64)];
    const costlier = costlierLevels(rows);
    expect([...costlier.keys()]).toEqual(['leads']);
    expect(costlier.get('leads')).toEqual({ level: 'leads', than: 'full', extra: 59, describe: 64, tools: -5 });
    expect(costlierWhy(costlier.get('leads')!)).toBe(
      'leads costs 59 tokens more than full as Claude sees it: it lists caveman_describe (64 tokens) so a model can read what it shortened, ' +
        'and its cuts save only 5.',
    );
  });

  it('compares with the cheapest level before it, not only its neighbour', () => {
    const rows = [row('full', 216), row('facts', 216), row('leads', 235, 64), row('overviews', 219, 64), row('signatures', 172, 64)];
    const costlier = costlierLevels(rows);
    expect(costlier.get('overviews')).toEqual({ level: 'overviews', than: 'full', extra: 3, describe: 64, tools: -61 });
    expect(costlier.has('signatures')).toBe(false);
  });

  it('a level whose own tools cost more says what each level keeps', () => {
    const rows = [row('full', 228), row('facts', 228), row('leads', 152, 64), row('overviews', 228), row('signatures', 152, 64)];
    const costlier = costlierLevels(rows);
    expect(costlier.get('overviews')).toEqual({ level: 'overviews', than: 'leads', extra: 76, describe: -64, tools: 140 });
    expect(costlierWhy(costlier.get('overviews')!)).toBe(
      'overviews costs 76 tokens more than leads as Claude sees it: its tools cost more (overviews keeps tool descriptions whole, ' +
        'parameter descriptions deferred; leads, each description cut to its lead and warnings).',
    );
  });

  it('both causes at once, and a cut that saves nothing', () => {
    const both = costlierLevels([row('full', 100), row('facts', 120, 10)]).get('facts')!;
    expect(both).toEqual({ level: 'facts', than: 'full', extra: 20, describe: 10, tools: 10 });
    expect(costlierWhy(both)).toMatch(
      /it lists caveman_describe \(10 tokens\) so a model can read what it shortened, and its tools cost 10 more \(facts keeps/,
    );
    expect(costlierWhy(costlierLevels([row('full', 100), row('facts', 101, 1)]).get('facts')!)).toBe(
      'facts costs 1 token more than full as Claude sees it: it lists caveman_describe (1 token) so a model can read what it shortened, ' +
        'and its cuts save nothing.',
    );
  });

  it('finds none where every level costs at most the ones before it', () => {
    expect(costlierLevels([row('full', 887), row('facts', 887), row('leads', 886, 64), row('names', 442, 64)]).size).toBe(0);
  });
});
