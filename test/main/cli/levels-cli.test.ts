// --level on shrink and lint: the shrink at that
// level on stdout, its report line naming the level (only when it is not the
// default, so a default shrink's line stays the reference's), a note after
// it on how to reach what was deferred; lint measuring the same shrink, its
// facts counting what the level deferred.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lint, recoverTool, shrink } from '../../../src/main/lib';
import { validatorFor, describeErrors } from '../../../src/main/contracts/contract-validator';
import { CONTRACT_IDS } from '../../../src/shared/contracts';
import { LEVELS } from '../../../src/shared/levels';
import { realFixtures } from '../../helpers/fixtures';
import { reportLine, runCommand, tempStore } from '../../helpers/cli';

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const fixture = () => realFixtures().find((f) => f.name === 'server-filesystem.json')!;
const validLine = validatorFor(CONTRACT_IDS.cliShrinkLine);
const validLint = validatorFor(CONTRACT_IDS.lintReport);

describe('shrink --level', () => {
  it('writes the shrink at that level, names the level in its report line, and says after it how to reach the rest', async () => {
    const { path, text } = fixture();
    const run = await runCommand(['shrink', '--level', 'leads', path], { env: { CAVEMAN_CCR_DB: store.db } });
    expect(run.status).toBe(0);
    const expected = (await shrink(text, { store: ':memory:', level: 'leads' })).result;
    expect(run.stdout.toString('utf8')).toBe(Buffer.from(expected.output).toString('utf8'));
    const [line, note, ...rest] = run.stderr.trimEnd().split('\n');
    expect(rest).toEqual([]);
    const report = JSON.parse(line!) as Record<string, unknown>;
    expect(validLine(report), describeErrors(validLine.errors)).toBe(true);
    expect(report).toMatchObject({ level: 'leads', tokens_after: expected.tokens_after, recovery_handle: expected.recovery_handle });
    expect(note).toBe(
      `caveman-shrink: level leads: each description cut to its lead and warnings; a description ending in " …" lost text. ` +
        `Every tool's original is in the store: caveman-shrink recover ${expected.recovery_handle} --tool NAME, ` +
        `the library's recoverTool(handle, name) or toolDescriber({ handle }) for a harness that answers the describe tool`,
    );
    // The way the note names gives the tool's original, and says the listing shortened it (the recorded level).
    const tool = recoverTool(expected.recovery_handle!, 'read_text_file', { store: store.db });
    expect(tool.shortened).toBe(true);
  });

  it("at the default level the report line is the reference's: one line, no level key; full names its level and adds no note", async () => {
    const { path } = fixture();
    const plain = await runCommand(['shrink', path], { env: { CAVEMAN_CCR_DB: store.db } });
    expect(Object.keys(reportLine(plain))).toEqual(['tokens_before', 'tokens_after', 'ratio', 'basis', 'content_type', 'tokenizer', 'recovery_handle']);
    const facts = await runCommand(['shrink', '--level', 'facts', path], { env: { CAVEMAN_CCR_DB: store.db } });
    expect(reportLine(facts)).toEqual(reportLine(plain));
    expect(facts.stdout.equals(plain.stdout)).toBe(true);
    const full = await runCommand(['shrink', '--level', 'full', path], { env: { CAVEMAN_CCR_DB: store.db } });
    expect(reportLine(full)).toMatchObject({ level: 'full' });
  });

  it('refuses a level it does not know', async () => {
    const run = await runCommand(['shrink', '--level', 'tiny', fixture().path], { env: { CAVEMAN_CCR_DB: store.db } });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('tiny');
  });
});

describe('lint --level', () => {
  it("measures the shrink at that level: its totals are shrink's, the level is named, facts count what it deferred", async () => {
    const { path, text } = fixture();
    const run = await runCommand(['lint', '--level', 'signatures', '--json', path]);
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout.toString('utf8'));
    expect(validLint(report), describeErrors(validLint.errors)).toBe(true);
    const shrunk = (await shrink(text, { store: ':memory:', level: 'signatures' })).result;
    expect(report).toMatchObject({ level: 'signatures', tokens_after: shrunk.tokens_after, facts: { dropped: 0 } });
    expect(report.facts.deferred).toBeGreaterThan(0);
    expect(report.facts.found).toBe(report.facts.kept + report.facts.redundant + report.facts.deferred);
    const table = await runCommand(['lint', '--level', 'signatures', path]);
    expect(table.stdout.toString('utf8')).toMatch(
      /tokenizer: o200k_base · level signatures\nfacts kept: \d+ of \d+ \(0 redundant with a keyword, \d+ deferred \(one describe call away\), 0 dropped\)/,
    );
  });

  it.each(LEVELS)("the library lint at %s: totals equal shrink's, every fact kept, redundant or deferred, none dropped", async (level) => {
    for (const { name, text } of realFixtures()) {
      const report = await lint(text, { level });
      const shrunk = (await shrink(text, { store: ':memory:', level })).result;
      expect(report.level, name).toBe(level);
      expect(report.tokens_after, name).toBe(shrunk.tokens_after);
      expect(report.facts.dropped, name).toBe(0);
      if (level === 'full' || level === 'facts') expect(report.facts.deferred, name).toBe(0);
    }
  });
});
