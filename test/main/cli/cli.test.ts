import { existsSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validatorFor, describeErrors } from '../../../src/main/contracts/contract-validator';
import { CONTRACT_IDS } from '../../../src/shared/contracts';
import { MAX_INPUT_BYTES } from '../../../src/shared/errors';
import { RecoveryStore } from '../../../src/main/store';
import { realFixtures, referenceInputs } from '../../helpers/fixtures';
import { reportLine, runCli, runCommand, tempStore } from '../../helpers/cli';
import { canMakeReadOnly, makeReadOnly } from '../../helpers/read-only';

const validLine = validatorFor(CONTRACT_IDS.cliShrinkLine);
const expectContract = (line: unknown) => {
  const ok = validLine(line);
  expect(ok, describeErrors(validLine.errors)).toBe(true);
};

let store: ReturnType<typeof tempStore>;
let env: Record<string, string>;
beforeEach(() => {
  store = tempStore();
  env = { CAVEMAN_CCR_DB: store.db };
});
afterEach(() => store.cleanup());

const storedHandles = (): number => {
  if (!existsSync(store.db)) return 0;
  const opened = RecoveryStore.open(store.db);
  try {
    return opened.history({ limit: 1 }).total;
  } finally {
    opened.close();
  }
};

describe('caveman-shrink: round trip', () => {
  it.each(realFixtures().map((f) => [f.name, f] as const))('%s: shrink, then recover from the store, byte-exact', async (_name, fixture) => {
    const shrunk = await runCommand([], { input: fixture.bytes, env });
    expect(shrunk.status).toBe(0);
    const line = reportLine(shrunk);
    expectContract(line);
    expect(line).toMatchObject({ basis: 'inferred', content_type: 'toolschema', tokenizer: 'o200k_base' });
    expect(line.tokens_after as number).toBeLessThan(line.tokens_before as number);
    // The compressed catalog lists the same tools, in order.
    const names = (text: string) => (JSON.parse(text) as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(names(shrunk.stdout.toString('utf8'))).toEqual(names(fixture.text));
    expect(shrunk.stdout.length).toBeLessThan(fixture.bytes.length);

    const recovered = await runCommand(['recover', line.recovery_handle as string], { env });
    expect(recovered.status).toBe(0);
    expect(recovered.stdout.equals(fixture.bytes)).toBe(true);
  });

  it('as processes: `caveman-shrink < file` (no option parser) in one, recover in another, byte-exact', async () => {
    const fixture = realFixtures().find((f) => f.name === 'github-mcp-server.json')!;
    const shrunk = await runCli([], { input: fixture.bytes, env });
    expect(shrunk.status).toBe(0);
    const line = reportLine(shrunk);
    expectContract(line);
    expect(shrunk.stdout.equals(Buffer.from((await runCommand([], { input: fixture.bytes, env })).stdout))).toBe(true);
    const recovered = await runCli(['recover', line.recovery_handle as string], { env });
    expect(recovered.status).toBe(0);
    expect(recovered.stdout.equals(fixture.bytes)).toBe(true);
  });

  it('gives the same handle for the same input, stored once; FILE argument works like stdin', async () => {
    const input = referenceInputs().CLI_ROUND_TRIP!;
    const first = reportLine(await runCommand([], { input, env }));
    const file = join(store.dir, 'catalog.json');
    writeFileSync(file, input);
    const second = await runCommand(['shrink', file], { env });
    expect(reportLine(second).recovery_handle).toBe(first.recovery_handle);
    expect(storedHandles()).toBe(1);
    const page = JSON.parse((await runCommand(['history', '--json'], { env })).stdout.toString());
    expect(page.entries[0].source_name).toBe('stdin');
  });

  it('uses cl100k_base when asked and says so', async () => {
    const line = reportLine(await runCommand(['--tokenizer', 'cl100k_base'], { input: referenceInputs().SAMPLE!, env }));
    expect(line.tokenizer).toBe('cl100k_base');
  });
});

describe('caveman-shrink: bad input passes through, never a stack trace, never a row', () => {
  const cases: [string, Buffer, string][] = [
    ['invalid JSON', Buffer.from('{"tools": [ }'), 'invalid_json'],
    ['two JSON values', Buffer.from('{"tools":[]} {"tools":[]}'), 'invalid_json'],
    ['empty input', Buffer.alloc(0), 'invalid_json'],
    ['42', Buffer.from('42'), 'not_catalog'],
    ['invalid UTF-8', Buffer.concat([Buffer.from('{"tools":[{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}]}')]), 'invalid_utf8'],
    ['100,000-deep nesting', Buffer.from('['.repeat(100_000) + ']'.repeat(100_000)), 'too_deep'],
    ['an already compact catalog', Buffer.from('{"tools":[{"name":"a"}]}'), 'no_saving'],
  ];
  it.each(cases)('%s', async (_label, input, reason) => {
    const run = await runCommand([], { input, env });
    expect(run.status).toBe(0);
    expect(run.stdout.equals(input)).toBe(true);
    const line = reportLine(run);
    expectContract(line);
    expect(line).toMatchObject({ ratio: 0, pass_through: { reason } });
    expect(line.tokens_after).toBe(line.tokens_before);
    expect(line).not.toHaveProperty('recovery_handle');
    expect(line.note).toMatch(/nothing was stored/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(storedHandles()).toBe(0);
  });

  it('reports where malformed JSON is', async () => {
    const line = reportLine(await runCommand([], { input: '{\n  "tools": [\n    {"name": x}\n  ]\n}', env }));
    expect(line.pass_through).toMatchObject({ reason: 'invalid_json', line: 3, column: 14 });
  });

  it('a BOM is accepted: the output has none and recover returns it', async () => {
    const input = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(referenceInputs().SAMPLE! + '\n\n')]);
    const run = await runCommand([], { input, env });
    expect(run.stdout[0]).toBe(0x7b);
    const handle = reportLine(run).recovery_handle as string;
    expect((await runCommand(['recover', handle], { env })).stdout.equals(input)).toBe(true);
  });

  it.each([
    ['in this process', runCommand],
    ['as a process, from a pipe', runCli],
  ] as const)('32 MiB + 1 byte on stdin is refused like the reference: exit 1, nothing on stdout, the reason on stderr (%s)', async (_how, run_) => {
    const input = Buffer.alloc(MAX_INPUT_BYTES + 1, 0x20);
    input.write('{"tools":[]}', 0);
    const run = await run_([], { input, env });
    expect(run.status).toBe(1);
    expect(run.stdout.length).toBe(0);
    expect(run.stderr).toBe('read stdin: cave_input_too_large: stdin exceeds 33554432 bytes\n');
    expect(storedHandles()).toBe(0);
  });

  it('exactly 32 MiB is read whole', async () => {
    const input = Buffer.alloc(MAX_INPUT_BYTES, 'word ');
    input.write('{"x":"', 0);
    input.write('"}', MAX_INPUT_BYTES - 2);
    const run = await runCommand([], { input, env });
    expect(run.status).toBe(0);
    expect(run.stdout.equals(input)).toBe(true);
    expect(reportLine(run)).toMatchObject({ pass_through: { reason: 'not_catalog' } });
  });

  it('a FILE over 32 MiB is refused without being read; an endless device stops at 32 MiB + 1 byte', async () => {
    const file = join(store.dir, 'huge.json');
    writeFileSync(file, '');
    truncateSync(file, MAX_INPUT_BYTES + 1); // sparse
    const run = await runCommand(['shrink', file], { env });
    expect([run.status, run.stdout.length, run.stderr]).toEqual([1, 0, `read ${file}: cave_input_too_large: ${file} exceeds 33554432 bytes\n`]);
    const lint = await runCommand(['lint', file], { env });
    expect([lint.status, lint.stdout.length, lint.stderr]).toEqual([1, 0, `caveman-shrink lint: cave_input_too_large: ${file} exceeds 33554432 bytes\n`]);
    if (existsSync('/dev/zero')) {
      const zero = await runCommand(['shrink', '/dev/zero'], { env });
      expect([zero.status, zero.stdout.length]).toEqual([1, 0]);
      expect(zero.stderr).toMatch(/cave_input_too_large: \/dev\/zero exceeds 33554432 bytes/);
    }
    expect(storedHandles()).toBe(0);
  });

  it.each(['0', '-1', 'abc', '1e3'])('CAVEMAN_CCR_MAX_BYTES=%s is refused by name: pass-through with a note, nothing stored', async (value) => {
    const run = await runCommand([], { input: referenceInputs().SAMPLE!, env: { ...env, CAVEMAN_CCR_MAX_BYTES: value } });
    expect(run.status).toBe(0);
    expect(run.stdout.toString()).toBe(referenceInputs().SAMPLE!);
    const line = reportLine(run);
    expectContract(line);
    expect(line).toMatchObject({
      error: {
        code: 'cave_bad_request',
        message:
          `CAVEMAN_CCR_MAX_BYTES must be a positive whole number of bytes, such as 536870912 for 512 MiB, not "${value}"; ` +
          `unset it for the 512 MiB default`,
      },
    });
    expect(line.note).toMatch(/^nothing was stored \(CAVEMAN_CCR_MAX_BYTES must be/);
    expect(storedHandles()).toBe(0);
  });

  it('an over-budget store: pass-through with a note, nothing stored', async () => {
    const run = await runCommand([], { input: referenceInputs().SAMPLE!, env: { ...env, CAVEMAN_CCR_MAX_BYTES: '100' } });
    expect(run.status).toBe(0);
    expect(run.stdout.toString()).toBe(referenceInputs().SAMPLE!);
    const line = reportLine(run);
    expectContract(line);
    expect(line).toMatchObject({ ratio: 0, error: { code: 'cave_store_full' }, pass_through: { reason: 'store_error' } });
    expect(line.note).toMatch(/nothing was stored/);
    expect(storedHandles()).toBe(0);
  });

  it.skipIf(!canMakeReadOnly())('a read-only store: pass-through with a note, nothing stored', async () => {
    await runCommand([], { input: referenceInputs().SAMPLE!, env });
    const restore = [makeReadOnly(store.db), makeReadOnly(join(store.dir, 'store'))];
    try {
      const run = await runCommand([], { input: referenceInputs().PUT_OBJECT!, env });
      expect(run.status).toBe(0);
      expect(run.stdout.toString()).toBe(referenceInputs().PUT_OBJECT!);
      const line = reportLine(run);
      expectContract(line);
      expect((line.error as { code: string }).code).toMatch(/^cave_store_(readonly|unavailable)$/);
      expect(line.note).toMatch(/nothing was stored/);
    } finally {
      restore.reverse().forEach((undo) => undo());
    }
    expect(storedHandles()).toBe(1);
  });

  it('--strict: a pass-through (no saving, bad input, an over-budget store) exits 3 with the same stdout and report \
line; a shrunk catalog exits 0', async () => {
    const compact = Buffer.from('{"tools":[{"name":"a"}]}');
    for (const [input, extra] of [
      [compact, {}],
      [Buffer.from('{"tools": [ }'), {}],
      [Buffer.from(referenceInputs().SAMPLE!), { CAVEMAN_CCR_MAX_BYTES: '100' }],
    ] as const) {
      const plain = await runCommand([], { input, env: { ...env, ...extra } });
      const strict = await runCommand(['shrink', '--strict'], { input, env: { ...env, ...extra } });
      expect(plain.status).toBe(0);
      expect(strict.status).toBe(3);
      expect(strict.stdout.equals(input)).toBe(true);
      expect(reportLine(strict)).toEqual(reportLine(plain));
    }
    const shrunk = await runCommand(['shrink', '--strict'], { input: referenceInputs().SAMPLE!, env });
    expect(shrunk.status).toBe(0);
    expect(reportLine(shrunk)).toHaveProperty('recovery_handle');
    expect((await runCommand(['shrink', '--help'], { env })).stdout.toString()).toMatch(/--strict +exit 3 instead of 0 when the catalog is passed through/);
  });

  it('an unopenable store path: pass-through with a note', async () => {
    const blocker = join(store.dir, 'file');
    writeFileSync(blocker, 'not a folder');
    const run = await runCommand([], { input: referenceInputs().SAMPLE!, env: { CAVEMAN_CCR_DB: join(blocker, 'ccr.db') } });
    expect(run.status).toBe(0);
    expect(run.stdout.toString()).toBe(referenceInputs().SAMPLE!);
    expect(reportLine(run)).toMatchObject({ error: { code: 'cave_store_unavailable' } });
  });
});

describe('caveman-shrink lint, recover, history, --help', () => {
  it('lint --json matches its contract and its parts sum to the totals', async () => {
    const fixture = realFixtures().find((f) => f.name === 'github-mcp-server.json')!;
    const run = await runCommand(['lint', fixture.path, '--json'], { env });
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout.toString());
    const validate = validatorFor(CONTRACT_IDS.lintReport);
    expect(validate(report), describeErrors(validate.errors)).toBe(true);
    expect(report.tools).toHaveLength(117);
    const sum = (key: string) => report.tools.reduce((s: number, t: Record<string, number>) => s + t[key]!, 0) + report.envelope[key];
    expect(sum('tokens_before')).toBe(report.total.tokens_before);
    expect(sum('tokens_after')).toBe(report.total.tokens_after);
    for (const tool of report.tools) {
      expect(tool.saving.whitespace + tool.saving.metadata + tool.saving.structure + tool.saving.prose).toBe(tool.tokens_before - tool.tokens_after);
    }
    // The reference's lint report carries the totals at the top level.
    expect([report.tokens_before, report.tokens_after, report.ratio, report.basis]).toEqual([
      report.total.tokens_before,
      report.total.tokens_after,
      report.total.ratio,
      'inferred',
    ]);
    // Unrounded, as the reference reports the float.
    expect(report.ratio).toBe((report.tokens_before - report.tokens_after) / report.tokens_before);
    expect(report.beyond_minification).toBe((report.tokens_minified - report.tokens_after) / report.tokens_minified);
    const facts = report.tools.reduce((s: number, t: { facts: { found: number } }) => s + t.facts.found, 0);
    expect(facts).toBe(report.facts.found);
    expect(report.facts).toMatchObject({ dropped: 0, dropped_facts: [], leads: { cut: 0 } });
    const shrunk = reportLine(await runCommand([], { input: fixture.bytes, env }));
    expect([report.total.tokens_before, report.total.tokens_after]).toEqual([shrunk.tokens_before, shrunk.tokens_after]);
    expect(storedHandles()).toBe(1); // the shrink above, not lint
  });

  it('lint prints an aligned table with a TOTAL row marked (basis: inferred)', async () => {
    const file = join(store.dir, 'c.json');
    writeFileSync(file, referenceInputs().SHRINK_CATALOG!);
    const run = await runCommand(['lint', file], { env });
    const lines = run.stdout.toString().trimEnd().split('\n');
    // What the model sees first: Claude's tokens and share saved, then OpenAI's, then the catalog's JSON.
    expect(lines[0]).toMatch(/^TOOL\s+CLAUDE\s+SAVED\s+OPENAI\s+SAVED\s+JSON\s+SAVED$/);
    const figures = String.raw`(\s+[\d,]+ → [\d,]+\s+-?\d+\.\d%){3}`;
    expect(lines.some((l) => new RegExp(`^search_files${figures}$`).test(l))).toBe(true);
    expect(lines.find((l) => l.startsWith('TOTAL'))).toMatch(new RegExp(`^TOTAL \\(basis: inferred\\)${figures}$`));
    expect(lines.find((l) => l.startsWith('CLAUDE, OPENAI:'))).toMatch(/; \d+\.\d% saved beyond minification$/);
    expect(lines.find((l) => l.startsWith('facts kept:'))).toMatch(
      /^facts kept: (\d+) of \1 \(0 redundant with a keyword, 0 dropped\) · leads whole: (\d+) of \2 · tool descriptions whole: (\d+) of \3$/,
    );
    expect(lines.at(-1)).toMatch(/^proxy: caveman_describe (adds \d+ tokens|not listed)/);
    expect(existsSync(store.db)).toBe(false);
  });

  it('lint of malformed JSON explains where and exits 1', async () => {
    const file = join(store.dir, 'bad.json');
    writeFileSync(file, '{"tools": [}');
    const run = await runCommand(['lint', file], { env });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^caveman-shrink lint: not valid JSON at line 1, column 12: /);
  });

  it('recover of an unknown handle says so on stderr and exits 1', async () => {
    const missingStore = await runCommand(['recover', 'ccr_00000000000000000000000000000000'], { env });
    expect(missingStore.status).toBe(1);
    expect(missingStore.stderr).toMatch(/^caveman-shrink recover: the recovery store at .* does not exist/);
    await runCommand([], { input: referenceInputs().SAMPLE!, env });
    const run = await runCommand(['recover', 'ccr_00000000000000000000000000000000'], { env });
    expect(run.status).toBe(1);
    expect(run.stdout.length).toBe(0);
    expect(run.stderr).toMatch(/^caveman-shrink recover: .*ccr_00000000000000000000000000000000/);
  });

  it('history --json matches its contract, newest first, with --limit', async () => {
    const inputs = referenceInputs();
    for (const key of ['SAMPLE', 'PUT_OBJECT', 'CONSTRAINTS_CATALOG']) await runCommand([], { input: inputs[key]!, env });
    const run = await runCommand(['history', '--json', '--limit', '2'], { env });
    const page = JSON.parse(run.stdout.toString());
    const validate = validatorFor(CONTRACT_IDS.historyPage);
    expect(validate(page), describeErrors(validate.errors)).toBe(true);
    expect(page.total).toBe(3);
    expect(page.entries).toHaveLength(2);
    expect(page.entries[0].created_at >= page.entries[1].created_at).toBe(true);
    const table = (await runCommand(['history'], { env })).stdout.toString();
    expect(table).toMatch(/^HANDLE\s+CREATED \(UTC\)\s+SOURCE\s+TOOLS\s+CLAUDE\s+SAVED\s+OPENAI\s+SAVED\s+JSON\s+SAVED\n/);
    // Text columns start under their header; numbers end under theirs.
    const [header, ...rows] = table.trimEnd().split('\n').slice(0, 4);
    for (const row of rows) {
      for (const column of ['CREATED (UTC)', 'SOURCE']) expect(row.charAt(header!.indexOf(column))).not.toBe(' ');
      expect(row.charAt(header!.indexOf('SOURCE') - 1)).toBe(' ');
      expect(row.charAt(header!.indexOf('SAVED') + 'SAVED'.length - 1)).toBe('%');
    }
  });

  it('shrink records what the model sees of what it wrote; history leads with it, Claude then OpenAI, the JSON after', async () => {
    const github = realFixtures().find((fixture) => fixture.name === 'github-mcp-server.json')!;
    const shrunk = reportLine(await runCommand(['shrink'], { input: github.bytes, env })) as { tokens_before: number; tokens_after: number };
    const lint = JSON.parse((await runCommand(['lint', '--json', github.path], { env })).stdout.toString());
    const [entry] = JSON.parse((await runCommand(['history', '--json'], { env })).stdout.toString()).entries;
    expect(entry).toMatchObject({ tokens_before: shrunk.tokens_before, tokens_after: shrunk.tokens_after, visible: lint.visible });
    expect(entry.shrinks[0].visible).toEqual(lint.visible);
    const lines = (await runCommand(['history'], { env })).stdout.toString().split('\n');
    const { anthropic, openai } = lint.visible;
    const cell = (tokens: { tokens_before: number; tokens_after: number }) =>
      `${tokens.tokens_before.toLocaleString('en-US')} → ${tokens.tokens_after.toLocaleString('en-US')}`;
    expect(lines[1]).toMatch(new RegExp(`  ${cell(anthropic)}\\s+\\d+\\.\\d%  ${cell(openai)}\\s+\\d+\\.\\d%  ${cell(shrunk)}\\s+\\d+\\.\\d%$`));
    expect(lines[2]).toMatch(/^CLAUDE, OPENAI: what each model is handed/);
  });

  it('history says "JSON only" where a shrink was recorded without what the model saw', async () => {
    const opened = RecoveryStore.open(store.db);
    try {
      opened.put(new TextEncoder().encode(referenceInputs().SAMPLE!), { tokensBefore: 10, tokensAfter: 5, sourceName: 'older' });
    } finally {
      opened.close();
    }
    const row = (await runCommand(['history'], { env })).stdout.toString().split('\n')[1]!;
    expect(row).toMatch(/ older\s+—\s+JSON only\s+10 → 5  50\.0%$/);
  });

  it('history --json lists every shrink of a handle, newest first; the entry shows the latest', async () => {
    const input = referenceInputs().CONSTRAINTS_CATALOG!;
    const first = reportLine(await runCommand([], { input, env }));
    const again = reportLine(await runCommand(['shrink', '--share-schemas', '--tokenizer', 'cl100k_base'], { input, env }));
    expect(again.recovery_handle).toBe(first.recovery_handle);
    const page = JSON.parse((await runCommand(['history', '--json'], { env })).stdout.toString());
    const validate = validatorFor(CONTRACT_IDS.historyPage);
    expect(validate(page), describeErrors(validate.errors)).toBe(true);
    expect(page.total).toBe(1);
    const [entry] = page.entries;
    expect(entry).toMatchObject({
      compressor: 'toolschema+share-schemas',
      tokenizer: 'cl100k_base',
      tokens_before: again.tokens_before,
      tokens_after: again.tokens_after,
      source_name: 'stdin',
    });
    expect(entry.shrinks.map(({ compressor, tokenizer, tokens_after }: Record<string, unknown>) => ({ compressor, tokenizer, tokens_after }))).toEqual([
      { compressor: 'toolschema+share-schemas', tokenizer: 'cl100k_base', tokens_after: again.tokens_after },
      { compressor: 'toolschema', tokenizer: 'o200k_base', tokens_after: first.tokens_after },
    ]);
  });

  it('history --sort orders the page by a column, either way, and says so', async () => {
    const inputs = referenceInputs();
    for (const key of ['SAMPLE', 'PUT_OBJECT', 'CONSTRAINTS_CATALOG']) await runCommand([], { input: inputs[key]!, env });
    const tokens = async (args: string[]) =>
      JSON.parse((await runCommand(['history', '--json', ...args], { env })).stdout.toString()).entries.map(
        (entry: { tokens_before: number }) => entry.tokens_before,
      ) as number[];
    const ascending = await tokens(['--sort', 'tokensBefore', '--direction', 'ascending']);
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(await tokens(['--sort', 'tokensBefore'])).toEqual([...ascending].reverse());
    expect((await runCommand(['history', '--sort', 'saved', '--direction', 'ascending'], { env })).stdout.toString()).toMatch(
      /, sorted by saved, ascending\n$/,
    );
    const bad = await runCommand(['history', '--sort', 'handle'], { env });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Allowed choices are created, source, tools, tokensBefore, tokensAfter, saved/);
  });

  it.each([[['--help']], [['shrink', '--help']], [['lint', '--help']], [['recover', '--help']], [['history', '--help']]])(
    '%j prints usage and exits 0',
    async (args) => {
      const run = await runCommand(args, { env });
      expect(run.status).toBe(0);
      expect(run.stdout.toString()).toMatch(/^Usage: caveman-shrink/);
    },
  );

  it('as a process: --help exits 0 with usage on stdout; a usage error exits 2 with the reason on stderr; --strict on a pass-through exits 3', async () => {
    const help = await runCli(['--help'], { env });
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout.toString()).toMatch(/^Usage: caveman-shrink/);
    const usage = await runCli(['lint'], { env });
    expect([usage.status, usage.stdout.length]).toEqual([2, 0]);
    expect(usage.stderr).toMatch(/missing required argument/);
    const compact = Buffer.from('{"tools":[{"name":"a"}]}');
    const strict = await runCli(['shrink', '--strict'], { input: compact, env });
    expect(strict.status).toBe(3);
    expect(strict.stdout.equals(compact)).toBe(true);
  });

  it('an unknown command that is no file either says so and lists the commands', async () => {
    const run = await runCommand(['frobnicate'], { env });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/frobnicate is neither a command nor a file \(commands: shrink, lint, recover, history, mcp, proxy, servers, wrap, unwrap\)/);
    expect(run.stderr).not.toMatch(/ENOENT/);
  });

  it('a mistyped command says which it meant, with a file after it too (not "too many arguments")', async () => {
    const file = join(store.dir, 'file.json');
    writeFileSync(file, '{"tools":[]}');
    const commands = '(did you mean shrink? commands: shrink, lint, recover, history, mcp, proxy, servers, wrap, unwrap)';
    for (const args of [['shrnk', file], ['shrnk']]) {
      const run = await runCommand(args, { env });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`error: shrnk is neither a command nor a file ${commands}`);
    }
    expect((await runCommand(['histroy'], { env })).stderr).toContain('histroy is neither a command nor a file (did you mean history? commands:');
    const two = await runCommand(['shrink', file, file], { env });
    expect(two.status).toBe(2);
    expect(two.stderr).toContain('error: shrink takes one file (or stdin), not 2');
  });

  it('a missing file after an explicit shrink, or for lint, is "no such file", not "neither a command nor a file" or a raw ENOENT', async () => {
    const missing = join(store.dir, 'missing.json');
    const shrink = await runCommand(['shrink', missing], { env });
    expect(shrink.status).toBe(1);
    expect(shrink.stdout.length).toBe(0);
    expect(shrink.stderr).toBe(`caveman-shrink: cannot read ${missing}: there is no such file\n`);
    const lint = await runCommand(['lint', missing], { env });
    expect(lint.status).toBe(1);
    expect(lint.stderr).toBe(`caveman-shrink lint: cannot read ${missing}: there is no such file\n`);
    // A folder says so too.
    expect((await runCommand(['lint', store.dir], { env })).stderr).toBe(`caveman-shrink lint: cannot read ${store.dir}: it is a directory, not a file\n`);
  });

  it('--version (and -V) prints the version in package.json and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const run = await runCommand([flag], { env });
      expect(run.status).toBe(0);
      expect(run.stdout.toString()).toBe(`${version}\n`);
    }
  });

  it('a usage error exits 2 with a hint', async () => {
    const run = await runCommand(['lint'], { env });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/missing required argument/);
  });
});

describe('caveman-shrink reads a store the Go tools wrote', () => {
  it('recovers a row inserted the reference way', async () => {
    const Database = (await import('better-sqlite3')).default;
    mkdirSync(join(store.dir, 'store'), { recursive: true });
    const db = new Database(store.db);
    db.exec(referenceInputs().GO_DDL!);
    const original = Buffer.from(referenceInputs().SAMPLE!);
    const { createHash } = await import('node:crypto');
    const handle = 'ccr_' + createHash('sha256').update(original).digest('hex').slice(0, 32);
    db.prepare('INSERT INTO recoveries VALUES (?,?,?,?,?,?,?,?)').run(
      handle,
      '2026-08-08T14:00:00.123456789Z',
      'toolschema',
      'toolschema',
      100,
      50,
      original,
      null,
    );
    db.close();
    const run = await runCommand(['recover', handle], { env });
    expect(run.status).toBe(0);
    expect(run.stdout.equals(original)).toBe(true);
    const page = JSON.parse((await runCommand(['history', '--json'], { env })).stdout.toString());
    expect(page.entries.map((e: { handle: string }) => e.handle)).toEqual([handle]);
  });
});
