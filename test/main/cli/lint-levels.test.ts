// lint --levels: every level at a glance, each row the
// figures lint gives at that level (JSON and what the model sees in both
// renderings), from the library and the CLI alike.

import { describe, expect, it } from 'vitest';
import { lint } from '../../../src/main/lib';
import { lintLevels } from '../../../src/main/library/lint-levels';
import { validatorFor, describeErrors } from '../../../src/main/contracts/contract-validator';
import { CONTRACT_IDS } from '../../../src/shared/contracts';
import { LEVELS } from '../../../src/shared/levels';
import { realFixtures } from '../../helpers/fixtures';
import { runCommand } from '../../helpers/cli';

const validate = validatorFor(CONTRACT_IDS.lintLevels);

describe('lint --levels', () => {
  it.each(['server-filesystem.json', 'cloudflare-docs.json'])('%s: each row is what lint reports at that level', async (name) => {
    const { text } = realFixtures().find((f) => f.name === name)!;
    const report = await lintLevels(text);
    expect(validate(report), describeErrors(validate.errors)).toBe(true);
    expect(report.levels.map((row) => row.level)).toEqual([...LEVELS]);
    for (const row of report.levels) {
      const single = await lint(text, { level: row.level });
      expect(report.original, row.level).toEqual({
        json: single.tokens_before,
        anthropic: single.visible.anthropic.tokens_before,
        openai: single.visible.openai.tokens_before,
      });
      expect({ json: row.json, anthropic: row.anthropic, openai: row.openai }, row.level).toEqual({
        json: single.tokens_after,
        anthropic: single.visible.anthropic.tokens_after,
        openai: single.visible.openai.tokens_after,
      });
      expect(report.tokens_minified, row.level).toBe(single.tokens_minified);
      expect(row.beyond_minification, row.level).toBe(single.beyond_minification);
      expect(row.passes_through, row.level).toBe(single.tokens_after === single.tokens_before);
    }
    const marked = Object.fromEntries(report.levels.map((row) => [row.level, row.marked_tools]));
    expect([marked.full, marked.facts]).toEqual([0, 0]);
    expect(marked.leads).toBeGreaterThan(0);
    expect(marked.signatures).toBeGreaterThanOrEqual(marked.leads!);
  });

  it('prints one row per level, and --json the same report as the library', async () => {
    const fixture = realFixtures().find((f) => f.name === 'server-filesystem.json')!;
    const table = await runCommand(['lint', '--levels', fixture.path]);
    expect(table.status).toBe(0);
    const lines = table.stdout.toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^LEVEL\s+JSON\s+ANTHROPIC\s+OPENAI\s+BEYOND MINIFIED\s+MARKED$/);
    expect(lines.slice(1, LEVELS.length + 2).map((line) => line.split(/\s{2,}/)[0])).toEqual(['(as it came)', ...LEVELS]);
    expect(lines[LEVELS.length + 2]).toMatch(/^tokenizer: o200k_base \(basis: inferred\)/);
    const json = await runCommand(['lint', '--levels', '--json', fixture.path]);
    expect(JSON.parse(json.stdout.toString('utf8'))).toEqual(await lintLevels(fixture.text));
  });

  it('--levels with --level is a usage mistake', async () => {
    const run = await runCommand(['lint', '--levels', '--level', 'leads', realFixtures()[0]!.path]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--level');
  });
});
