// A token budget through the library and the CLI (docs/levels.md,
// "Budgets"): every tool listed by its name, the listing Claude is handed
// (the describe tool included) within the budget, counted exactly as the
// plan says, the same bytes every time, tools called more kept richer, and
// a budget below the catalog's floor refused with the floor.

import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lint, recoverTools, shrink } from '../../../src/main/lib';
import { recoverRecorded } from '../../../src/main/library/recover-tool';
import { shortenedToolIndexes } from '../../../src/main/library/describe/tool-originals';
import { describeToolDefinition } from '../../../src/main/library/describe/describe-tool-definition';
import { parseJson } from '../../../src/main/engine/json/parse-json';
import { countTokens } from '../../../src/main/engine/tokens';
import { readCatalog } from '../../../src/main/engine/transform/catalog-shape';
import { renderVisible } from '../../../src/main/engine/visible/render-visible';
import { LEVELS } from '../../../src/shared/levels';
import { realFixture } from '../../helpers/fixtures';
import { runCommand } from '../../helpers/cli';

const github = realFixture('github-mcp-server.json');
const names = (bytes: Uint8Array) => (JSON.parse(Buffer.from(bytes).toString('utf8')) as { tools: { name: string }[] }).tools.map((tool) => tool.name);

/** The listing Claude is handed for a shrunk catalog, the describe tool after its tools, counted whole. */
function listingTokens(output: Uint8Array): number {
  const doc = parseJson(Buffer.from(output).toString('utf8'));
  const text = Buffer.from(renderVisible('anthropic', doc, readCatalog(doc)!).text).toString('utf8');
  const { name, description, inputSchema } = describeToolDefinition();
  return countTokens(`${text.slice(0, -1)},${JSON.stringify({ name, description, input_schema: inputSchema })}]`, 'o200k_base');
}

describe('shrink and lint with a budget', () => {
  it.each([
    ['facts', 4000],
    ['skeletons', 4000],
    ['leads', 12_000],
  ] as const)('at ceiling %s in %i tokens: every tool listed by name, within the budget, counted as planned', async (level, budget) => {
    const { result } = await shrink(github.bytes, { store: ':memory:', level, budget });
    expect(names(result.output)).toEqual(names(github.bytes));
    expect(result.budget!.listing_tokens).toBeLessThanOrEqual(budget);
    expect(listingTokens(result.output)).toBe(result.budget!.listing_tokens);
    // No tool is richer than the ceiling.
    const ceiling = LEVELS.indexOf(level);
    for (const each of Object.keys(result.budget!.tools)) expect(LEVELS.indexOf(each as (typeof LEVELS)[number])).toBeGreaterThanOrEqual(ceiling);
  });

  it('gives the same bytes for the same catalog, ceiling, budget and calls; a tool called more stays richer', async () => {
    const once = await shrink(github.bytes, { store: ':memory:', level: 'skeletons', budget: 6000 });
    const again = await shrink(github.bytes, { store: ':memory:', level: 'skeletons', budget: 6000 });
    expect(Buffer.from(again.result.output).equals(Buffer.from(once.result.output))).toBe(true);
    const plain = await lint(github.bytes, { level: 'skeletons', budget: 6000 });
    const stepped = plain.tools.find((tool) => tool.level === 'names')!;
    const used = await lint(github.bytes, { level: 'skeletons', budget: 6000, calls: { [stepped.name]: 3 } });
    expect(used.tools.find((tool) => tool.name === stepped.name)!.level).toBe('skeletons');
  });

  it('lists every tool at the ceiling when it fits, as a plain shrink does', async () => {
    const plain = await shrink(github.bytes, { store: ':memory:', level: 'skeletons' });
    const budgeted = await shrink(github.bytes, { store: ':memory:', level: 'skeletons', budget: 100_000 });
    expect(Buffer.from(budgeted.result.output).equals(Buffer.from(plain.result.output))).toBe(true);
    expect(budgeted.result.budget!.tools).toEqual({ skeletons: 117 });
  });

  it('refuses a budget below the floor, naming it', async () => {
    await expect(shrink(github.bytes, { store: ':memory:', budget: 1000 })).rejects.toMatchObject({
      code: 'cave_bad_request',
      message: expect.stringMatching(
        /^a budget of 1,000 tokens is below this catalog's floor: with every tool at names its listing is [\d,]+ tokens/,
      ) as string,
    });
  });
});

describe('a budgeted shrink in the store', () => {
  it('records its budget, so per-tool recovery tells the tools its plan shortened', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caveman-budget-'));
    try {
      const store = join(dir, 'ccr.db');
      const { result } = await shrink(github.bytes, { store, level: 'signatures', budget: 9000 });
      expect(result.budget!.tools.names).toBeGreaterThan(0);
      const tools = recoverTools(result.recovery_handle!, { store });
      const shortened = shortenedToolIndexes(parseJson(github.text), parseJson(Buffer.from(result.output).toString('utf8')));
      expect(tools.map((tool) => tool.shortened)).toEqual(tools.map((_, i) => shortened.has(i)));
      expect(recoverRecorded(result.recovery_handle!, { store }).settings).toEqual({ shareSchemas: false, level: 'signatures', budget: 9000 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('--budget on the command line', () => {
  it('lint --budget shows each tool at its level and the plan; below the floor exits 2 with nothing on stdout', async () => {
    const run = await runCommand(['lint', '--budget', '4000', '--level', 'skeletons', github.path]);
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.toString('utf8').split('\n');
    expect(lines[0]).toMatch(/^TOOL\s+LEVEL\s+CLAUDE\s+SAVED\s+OPENAI\s+SAVED\s+JSON\s+SAVED$/);
    expect(lines.filter((line) => /^\S+\s+(skeletons|names)\s+[\d,]+ → [\d,]+/.test(line))).toHaveLength(117);
    expect(lines.find((line) => line.startsWith('budget: '))).toMatch(/^budget: 4,000 tokens, listing [\d,]+ as Claude is handed it .* \(ceiling skeletons\)$/);
    const below = await runCommand(['shrink', '--budget', '1000', '--store', ':memory:', github.path]);
    expect(below.status).toBe(2);
    expect(below.stdout.length).toBe(0);
    expect(below.stderr).toMatch(/^error: a budget of 1,000 tokens is below this catalog's floor: with every tool at names its listing is [\d,]+ tokens/);
  });

  it('shrink --budget names the plan on its report line, and says how to reach what was deferred', async () => {
    const run = await runCommand(['shrink', '--budget', '8000', '--store', ':memory:', github.path]);
    expect(run.status, run.stderr).toBe(0);
    const [line, note] = run.stderr.split('\n');
    const report = JSON.parse(line!) as { budget: { tokens: number; listing_tokens: number; tools: Record<string, number> } };
    expect(report.budget.tokens).toBe(8000);
    expect(report.budget.listing_tokens).toBeLessThanOrEqual(8000);
    expect(note).toMatch(/^caveman-shrink: budget 8,000: .*; a description ending in " …" lost text\. /);
  });
});

describe('a usage snapshot', () => {
  it('counts only the calls it names: a tool named like an Object method is not called by inheritance', async () => {
    const long = (what: string) => `${what}. ${'It explains at length what it does, how, and when to use it. '.repeat(12)}`;
    const tool = (name: string) => ({
      name,
      description: long(`Runs ${name}`),
      inputSchema: { type: 'object', properties: { value: { type: 'string', description: long('The value') } } },
    });
    const catalog = JSON.stringify({ tools: [tool('constructor'), tool('toString'), tool('run')] });
    const options = { level: 'full', budget: 1200 } as const;
    const levels = async (calls?: Record<string, number>) =>
      (await lint(catalog, { ...options, ...(calls ? { calls } : {}) })).tools.map((each) => `${each.name}: ${each.level}`);
    const plain = await levels();
    expect(plain).not.toEqual(['constructor: full', 'toString: full', 'run: full']);
    expect(await levels({ absent: 1 })).toEqual(plain);
  });
});
