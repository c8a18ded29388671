// Child processes for the load and crash tests: the writer script, the CLI
// and the browser host, each a real OS process on the same store. Lines a
// child prints are handed over as they arrive, so a test can act (e.g. kill)
// at a known point of the child's work.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const WRITER = join(REPO, 'test/reliability/workers/shrink-writer.ts');

export interface LineProcess {
  child: ChildProcess;
  /** Every complete stdout line so far. */
  lines: string[];
  /** Resolves with the first `n` lines once that many arrived (rejects if the process ends first). */
  waitForLines(n: number): Promise<string[]>;
  /** Resolves with the first line matching `test` (rejects if the process ends first). */
  waitForLine(test: (line: string) => boolean): Promise<string>;
  /** Exit code and signal, once the process has ended and its output is read. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

/** Spawns `node argv…` and collects its stdout line by line. */
export function spawnLines(argv: string[], options: { env?: Record<string, string | undefined> } = {}): LineProcess {
  const child = spawn(process.execPath, argv, { cwd: REPO, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let partial = '';
  let stderr = '';
  let ended = false;
  const waiters = new Set<() => void>();
  const notify = () => waiters.forEach((wake) => wake());
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    partial += text;
    let nl: number;
    while ((nl = partial.indexOf('\n')) >= 0) {
      lines.push(partial.slice(0, nl));
      partial = partial.slice(nl + 1);
    }
    notify();
  });
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((done) => {
    child.on('close', (code, signal) => {
      ended = true;
      notify();
      done({ code, signal, stderr });
    });
  });
  const waitFor = <T>(ready: () => T | undefined, what: string): Promise<T> =>
    new Promise((done, fail) => {
      const check = () => {
        const value = ready();
        if (value !== undefined) {
          waiters.delete(check);
          done(value);
        } else if (ended) {
          waiters.delete(check);
          fail(new Error(`the process ended before ${what}; stderr:\n${stderr}\nstdout:\n${lines.join('\n')}`));
        }
      };
      waiters.add(check);
      check();
    });
  return {
    child,
    lines,
    exited,
    waitForLines: (n) => waitFor(() => (lines.length >= n ? lines.slice(0, n) : undefined), `${n} lines`),
    waitForLine: (test) => waitFor(() => lines.find(test), 'the expected line'),
  };
}

export interface WriterOptions {
  store: string;
  prefix: string;
  count: number;
  from?: number;
  mode?: 'shrink' | 'own-store' | 'put';
  bytes?: number;
  /** Stop for good inside the write transaction of this item (prints {"frozen":I}). */
  freezeAt?: number;
}

/** Starts the writer script (test/reliability/workers/shrink-writer.ts) from the sources. */
export function startWriter(options: WriterOptions): LineProcess {
  const args = [
    '--store',
    options.store,
    '--prefix',
    options.prefix,
    '--count',
    String(options.count),
    '--from',
    String(options.from ?? 0),
    '--mode',
    options.mode ?? 'shrink',
  ];
  if (options.bytes !== undefined) args.push('--bytes', String(options.bytes));
  if (options.freezeAt !== undefined) args.push('--freeze-at', String(options.freezeAt));
  return spawnLines(['--import', 'tsx', WRITER, ...args]);
}

/** One line the writer printed for a finished item. */
export interface WriterLine {
  i: number;
  handle: string | null;
  error?: { code: string; message: string };
  passThrough?: string;
}

export function parseWriterLines(lines: string[]): WriterLine[] {
  return lines.map((text) => JSON.parse(text) as WriterLine | { begin: number } | { frozen: number }).filter((value): value is WriterLine => 'i' in value);
}

export interface BrowserHostProcess extends LineProcess {
  port: number;
  token: string;
}

/**
 * Starts the browser host (built file when CAVEMAN_WEB_HOST is set, else the
 * sources) on `store`, serving a stub renderer (a temporary folder, removed when the host
 * ends); resolves once it printed its address.
 */
export async function startBrowserHost(store: string): Promise<BrowserHostProcess> {
  const renderer = mkdtempSync(join(tmpdir(), 'caveman-rel-renderer-'));
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  const built = process.env.CAVEMAN_WEB_HOST;
  const entry = built ? [resolve(REPO, built)] : ['--import', 'tsx', join(REPO, 'src/main/web-host/main.ts')];
  const host = spawnLines([...entry, '--port', '0', '--store', store, '--renderer', renderer]);
  // The host serves the folder only while it runs; whoever stops it, the folder goes with it.
  void host.exited.then(() => rmSync(renderer, { recursive: true, force: true }));
  const line = await host.waitForLine((text) => text.includes('running at'));
  const match = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+)/.exec(line);
  if (!match) throw new Error(`unexpected first line from the browser host: ${line}`);
  return { ...host, port: Number(match[1]), token: match[2]! };
}
