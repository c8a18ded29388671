// Output that cannot be written whole is an error: the CLI as a process,
// its stdout a real file under `ulimit -f` (a short write, then EFBIG) or
// /dev/full (ENOSPC at the first byte). Each case exits 1 with one line on
// stderr, never a stack and never exit 0 with bytes missing.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliArgv } from '../helpers/cli';
import { realFixture } from '../helpers/fixtures';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const CATALOG = realFixture('github-mcp-server.json');
/** `ulimit -f` counts 1024-byte blocks. */
const BLOCK = 1024;

let dir: string;
let store: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-output-fault-'));
  store = join(dir, 'ccr.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  status: number | null;
  stderr: string;
}

/** `caveman-shrink ARGS… >> out` in bash with `ulimit -f blocks` (no limit when undefined), stdin from `input`. */
function runInShell(args: string[], out: string, options: { blocks?: number; input?: string } = {}): Promise<Run> {
  const quoted = [process.execPath, ...cliArgv(), ...args].map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ');
  const limit = options.blocks === undefined ? '' : `ulimit -f ${options.blocks}; `;
  const script = `${limit}exec ${quoted} >> '${out}'${options.input === undefined ? '' : ` < '${options.input}'`}`;
  return new Promise((done, fail) => {
    const child = spawn('bash', ['-c', script], { cwd: repo, env: { ...process.env, CAVEMAN_CCR_DB: store }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', fail);
    child.on('close', (status) => done({ status, stderr }));
  });
}

/** The handle a shrink of CATALOG stores, from a run with room to write. */
async function storedHandle(): Promise<string> {
  const out = join(dir, 'first.json');
  const run = await runInShell(['shrink', CATALOG.path], out);
  expect(run.status).toBe(0);
  return (JSON.parse(run.stderr) as { recovery_handle: string }).recovery_handle;
}

const oneLine = (run: Run) => {
  expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  return run.stderr;
};

describe('a write cut short by the file size limit', () => {
  it('recover: exit 1 and the bytes it wrote, not exit 0 with a truncated original', async () => {
    const handle = await storedHandle();
    const out = join(dir, 'recovered.json');
    const run = await runInShell(['recover', handle], out, { blocks: 100 });
    expect(run.status).toBe(1);
    expect(oneLine(run)).toBe(`caveman-shrink: stdout is incomplete (wrote ${100 * BLOCK} of ${CATALOG.bytes.length} bytes: file size limit reached)\n`);
    expect(statSync(out).size).toBe(100 * BLOCK);
  });

  it.each([
    ['shrink FILE', ['shrink', CATALOG.path], undefined],
    ['the argument-less `caveman-shrink < file`', [], CATALOG.path],
  ] as const)('%s: exit 1 naming the stored original, and no success report', async (_name, args, input) => {
    const handle = await storedHandle();
    // stdout appends to a file that is 10 KiB short of the limit, so the store (its own file) has room and the output does not.
    const out = join(dir, 'shrunk.json');
    const limit = 600;
    writeFileSync(out, Buffer.alloc(limit * BLOCK - 10 * BLOCK));
    const run = await runInShell([...args], out, { blocks: limit, ...(input === undefined ? {} : { input }) });
    expect(run.status).toBe(1);
    const cut = `wrote ${10 * BLOCK} of \\d+ bytes: file size limit reached`;
    expect(oneLine(run)).toMatch(
      new RegExp(`^caveman-shrink: stdout is incomplete \\(${cut}\\); the original is stored: caveman-shrink recover ${handle}\\n$`),
    );
  });
});

describe.runIf(existsSync('/dev/full'))('a disk that is already full (/dev/full)', () => {
  it.each([
    ['recover', async () => ['recover', await storedHandle()]],
    ['shrink FILE', async () => ['shrink', CATALOG.path]],
    ['history', async () => (await storedHandle(), ['history'])],
    ['--help', async () => ['--help']],
  ] as const)('%s: exit 1 with one line, not an ENOSPC stack', async (_name, args) => {
    const run = await runInShell(await args(), '/dev/full');
    expect(run.status).toBe(1);
    expect(oneLine(run)).toMatch(/^caveman-shrink: stdout is incomplete \(wrote 0 of \d+ bytes: no space left on the device\)/);
  });
});

it('a write with room is whole and exits 0 (the checked path changes no byte)', async () => {
  const handle = await storedHandle();
  const out = join(dir, 'whole.json');
  const run = await runInShell(['recover', handle], out, { blocks: 1000 });
  expect(run.status).toBe(0);
  expect(readFileSync(out).equals(CATALOG.bytes)).toBe(true);
});
