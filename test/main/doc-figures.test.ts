// The docs quote real figures (docs/transform.md: the fixture table and its
// sums; docs/cli.md: the lint example; README.md: the levels table and one
// catalog's lint --levels); they went stale twice when the per-tool split
// changed, so they are checked here.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/main/library/lint';
import { lintTable } from '../../src/main/cli/commands/lint-command';
import { levelsTable } from '../../src/main/cli/commands/levels-table';
import { lintLevels } from '../../src/main/library/lint-levels';
import { formatPercent } from '../../src/shared/format-figures';
import { realFixture, realFixtures } from '../helpers/fixtures';
import type { LintReport, RenderedTokens } from '../../src/shared/contracts';
import { savingRatio } from '../../src/shared/ratio';
import { DEFAULT_LEVEL, LEVELS, isLevelName, type LevelName } from '../../src/shared/levels';

const reports = new Map<string, Promise<LintReport>>();

/**
 * lint's report of a fixture at `level` (lint's own default, DEFAULT_LEVEL, when none), worked out once per
 * file: five tests here read the nine catalogs' reports at the default level, and lint is deterministic.
 */
function lintOf(fixture: { name: string; bytes: Uint8Array }, level: LevelName = DEFAULT_LEVEL): Promise<LintReport> {
  const key = `${fixture.name} at ${level}`;
  let report = reports.get(key);
  if (report === undefined) {
    report = lint(fixture.bytes, { level });
    reports.set(key, report);
  }
  return report;
}

/** A rendering's cell: tokens before → after. */
function seen(tokens: RenderedTokens): string {
  return `${tokens.tokens_before} → ${tokens.tokens_after}`;
}

/** A file of the repository, as text. */
function repoFile(path: string): string {
  return readFileSync(resolve(fileURLToPath(new URL('.', import.meta.url)), '../..', path), 'utf8');
}

const TRANSFORM = repoFile('docs/transform.md');
const CLI = repoFile('docs/cli.md');
const README = repoFile('README.md');

/** A sum of renderings' cells as the docs write it: "40,326 → 38,586 (4.3%)". */
function seenSum(tokens: RenderedTokens): string {
  return (
    `${tokens.tokens_before.toLocaleString('en-US')} → ${tokens.tokens_after.toLocaleString('en-US')} ` +
    `(${formatPercent(savingRatio(tokens.tokens_before, tokens.tokens_after))})`
  );
}

/** The fixture table of docs/transform.md, one row per catalog, cells as written. */
function fixtureTableRows(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of TRANSFORM.split('\n')) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length === 14 && cells[0]!.endsWith('.json')) rows.set(cells[0]!, cells.slice(1));
  }
  return rows;
}

describe('figures quoted in docs/', () => {
  const rows = fixtureTableRows();

  it('has a row for every real fixture', () => {
    expect([...rows.keys()]).toEqual(realFixtures().map((f) => f.name));
  });

  it.each(realFixtures().map((f) => [f.name, f] as const))('%s: the table matches lint', async (_name, fixture) => {
    const report = await lintOf(fixture);
    const split = { whitespace: 0, metadata: 0, structure: 0, prose: 0 };
    for (const tool of report.tools) {
      for (const part of Object.keys(split) as (keyof typeof split)[]) split[part] += tool.saving[part];
    }
    const { facts } = report;
    expect(rows.get(fixture.name)).toEqual([
      String(report.tools.length),
      String(report.total.tokens_before),
      String(report.total.tokens_after),
      formatPercent(report.total.ratio),
      String(report.tokens_minified),
      formatPercent(report.beyond_minification),
      seen(report.visible.anthropic),
      seen(report.visible.openai),
      String(split.whitespace),
      String(split.metadata),
      String(split.structure),
      String(split.prose),
      `${facts.kept} of ${facts.found} · ${facts.leads.whole + facts.leads.shortened} of ${facts.leads.found}`,
    ]);
  });

  it('sums the beyond-minification figures it quotes over the nine catalogs', async () => {
    let minified = 0;
    let after = 0;
    for (const fixture of realFixtures()) {
      const report = await lintOf(fixture);
      minified += report.tokens_minified;
      after += report.tokens_after;
    }
    const share = formatPercent((minified - after) / minified);
    expect(TRANSFORM).toContain(`minification: ${share} over all nine (${after.toLocaleString('en-US')} of ${minified.toLocaleString('en-US')} tokens)`);
  });

  it('sums what the model sees over the nine catalogs', async () => {
    const sums = { anthropic: { tokens_before: 0, tokens_after: 0 }, openai: { tokens_before: 0, tokens_after: 0 } };
    for (const fixture of realFixtures()) {
      const { visible } = await lintOf(fixture);
      for (const name of ['anthropic', 'openai'] as const) {
        sums[name].tokens_before += visible[name].tokens_before;
        sums[name].tokens_after += visible[name].tokens_after;
      }
    }
    expect(TRANSFORM).toContain(`over all nine: anthropic ${seenSum(sums.anthropic)}, openai ${seenSum(sums.openai)}`);
  });

  it('quotes the real lint output of server-memory.json', async () => {
    const table = lintTable(await lintOf(realFixture('server-memory.json')));
    expect(CLI).toContain(`$ caveman-shrink lint tools.json\n${table}`);
  });
});

describe('figures quoted in README.md', () => {
  /** The README's levels table: per level, its anthropic, openai and beyond-minification cells. */
  function levelRows(): Map<string, string[]> {
    const rows = new Map<string, string[]>();
    for (const line of README.split('\n')) {
      const cells = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      const name = /^`(\w+)`$/.exec(cells[0] ?? '')?.[1];
      if (cells.length === 6 && name !== undefined && isLevelName(name)) rows.set(name, cells.slice(3));
    }
    return rows;
  }

  it('sums lint at each level over the nine catalogs in the levels table', { timeout: 300_000 }, async () => {
    const rows = levelRows();
    expect([...rows.keys()]).toEqual([...LEVELS]);
    for (const level of LEVELS) {
      const sums = { anthropic: { tokens_before: 0, tokens_after: 0 }, openai: { tokens_before: 0, tokens_after: 0 } };
      let minified = 0;
      let after = 0;
      for (const fixture of realFixtures()) {
        const report = await lintOf(fixture, level);
        minified += report.tokens_minified;
        after += report.tokens_after;
        for (const name of ['anthropic', 'openai'] as const) {
          sums[name].tokens_before += report.visible[name].tokens_before;
          sums[name].tokens_after += report.visible[name].tokens_after;
        }
      }
      expect(rows.get(level), level).toEqual([seenSum(sums.anthropic), seenSum(sums.openai), formatPercent((minified - after) / minified)]);
    }
  });

  it('quotes the real lint --levels output of github-mcp-server.json', async () => {
    const table = levelsTable(await lintLevels(realFixture('github-mcp-server.json').bytes));
    expect(README).toContain(`$ caveman-shrink lint --levels github-mcp-server.json\n${table}`);
  });
});
