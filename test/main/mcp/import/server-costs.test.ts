// A server's listing measured at every level, in every rendering (the
// Servers view): the same figures lint gives, per level, with each tool's
// share and what caveman_describe adds where a description was shortened.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lint } from '../../../../src/main/library/lint';
import { serverCosts } from '../../../../src/main/mcp/import/server-costs';
import { LEVELS } from '../../../../src/shared/levels';
import { keepsAtLeast } from '../../../../src/main/engine/transform/level-rules';

const listing = readFileSync(new URL('../../../fixtures/shared/real/server-filesystem.json', import.meta.url));

describe('serverCosts', () => {
  it('measures every level in JSON and both renderings; facts is what lint reports, a level costs no more than one that keeps more', async () => {
    const fractions: number[] = [];
    const costs = await serverCosts(listing, { tokenizer: 'o200k_base', onProgress: (fraction) => fractions.push(fraction) });
    expect(costs.levels.map((level) => level.level)).toEqual([...LEVELS]);
    expect(fractions.at(-1)).toBe(1);

    const report = await lint(listing, { tokenizer: 'o200k_base' });
    const facts = costs.levels.find((level) => level.level === 'facts')!;
    expect(facts.total.json).toEqual({ tokens_before: report.total.tokens_before, tokens_after: report.total.tokens_after });
    expect(facts.total.anthropic).toEqual(report.visible.anthropic);
    expect(facts.total.openai).toEqual(report.visible.openai);
    expect(costs.tools.map((tool) => tool.name)).toEqual(report.tools.map((tool) => tool.name));

    for (const rendering of ['json', 'anthropic', 'openai'] as const) {
      const after = new Map(costs.levels.map((level) => [level.level, level.total[rendering].tokens_after]));
      for (const richer of LEVELS)
        for (const poorer of LEVELS) if (richer !== poorer && keepsAtLeast(richer, poorer)) expect(after.get(poorer)).toBeLessThanOrEqual(after.get(richer)!);
      // Every level measures the same listing before the shrink.
      expect(new Set(costs.levels.map((level) => level.total[rendering].tokens_before)).size).toBe(1);
      for (const level of costs.levels) {
        // Each tool's share of the listing; the envelope holds the rest.
        expect(level.tools.reduce((sum, tool) => sum + tool[rendering], 0)).toBeLessThanOrEqual(level.total[rendering].tokens_after);
      }
    }
  });

  it('caveman_describe costs nothing where no description was shortened, and its share in each rendering where one was', async () => {
    const costs = await serverCosts(listing, { tokenizer: 'o200k_base' });
    const at = (name: string) => costs.levels.find((level) => level.level === name)!.describeTool;
    expect(at('full')).toEqual({ name: 'caveman_describe', shortenedTools: 0, tokens: { json: 0, anthropic: 0, openai: 0 } });
    const signatures = at('signatures');
    expect(signatures.shortenedTools).toBeGreaterThan(0);
    for (const rendering of ['json', 'anthropic', 'openai'] as const) expect(signatures.tokens[rendering]).toBeGreaterThan(20);
  });

  it('refuses what is not a catalog, as lint does', async () => {
    await expect(serverCosts(new TextEncoder().encode('{"nope":1}'), { tokenizer: 'o200k_base' })).rejects.toMatchObject({ code: 'cave_not_catalog' });
  });
});
