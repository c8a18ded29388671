// Runs the caveman-shrink CLI. runCommand: in this process, through the same
// program the binary runs (src/main/cli/program.ts) with the streams as
// parameters — what almost every CLI test needs, without starting Node.
// runCli: as a separate process, the way users do, for what only a process
// shows (the built file, the argument-less fast path, exit codes, signals).
// By default from the TypeScript sources (through tsx); with CAVEMAN_CLI set
// (npm test sets it to out/main/cli.js) the built file is what is tested.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough, Writable, type Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runProgram, type ProgramRun } from '../../src/main/cli/program';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export function cliArgv(): string[] {
  const built = process.env.CAVEMAN_CLI;
  return built ? [resolve(repo, built)] : ['--import', 'tsx', join(repo, 'src/main/cli/main.ts')];
}

export interface CliRun {
  status: number | null;
  stdout: Buffer;
  stderr: string;
}

export function runCli(args: string[], options: { input?: Uint8Array | string; env?: Record<string, string | undefined> } = {}): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...cliArgv(), ...args], {
      cwd: repo,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => resolvePromise({ status, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }));
    child.stdin.on('error', () => undefined); // the CLI may exit before reading everything (e.g. --help)
    child.stdin.end(options.input ?? '');
  });
}

/** A stream that keeps everything written to it. */
class Collected extends Writable {
  readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(Buffer.from(chunk));
    done();
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `caveman-shrink ARGS…` in this process: stdin is `input`, stdout and
 * stderr are collected, and `env` is laid over process.env for the run (as
 * runCli lays it over the child's). Runs one at a time (the program is one
 * per process); the same answer shape as runCli.
 */
export function runCommand(
  args: string[],
  options: { input?: Uint8Array | string; env?: Record<string, string | undefined> } & Omit<ProgramRun, 'io'> = {},
): Promise<CliRun> {
  const run = queue.then(async () => {
    const stdin = new PassThrough();
    stdin.end(options.input ?? '');
    const stdout = new Collected();
    const stderr = new Collected();
    const restore = overlayEnv(options.env ?? {});
    try {
      const { input: _input, env: _env, ...run } = options;
      // A signal of its own, so the run does not listen for this process's SIGINT.
      const status = await runProgram([process.execPath, 'caveman-shrink', ...args], {
        signal: new AbortController().signal,
        ...run,
        io: { stdin, stdout, stderr },
      });
      return { status, stdout: stdout.bytes(), stderr: stderr.bytes().toString('utf8') };
    } finally {
      restore();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** A command running in this process (a proxy): write its stdin, read its stdout. */
export interface RunningCommand {
  stdin: Writable;
  stdout: Readable;
  /** What it wrote to stderr so far; stderrStream tells of each write. */
  stderr(): string;
  stderrStream: Readable;
  /** Its exit status, once it ended (stdout has ended by then). */
  readonly exited: Promise<number>;
}

/** Starts `caveman-shrink ARGS…` in this process, like runCommand, for a command that talks over its streams until stdin ends. */
export function startCommand(args: string[], options: Omit<ProgramRun, 'io'> = {}): RunningCommand {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderrStream = new PassThrough();
  let stderr = '';
  stderrStream.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = queue.then(() =>
    runProgram([process.execPath, 'caveman-shrink', ...args], {
      signal: new AbortController().signal,
      ...options,
      io: { stdin, stdout, stderr: stderrStream },
    }).finally(() => {
      stdout.end();
      stderrStream.end();
    }),
  );
  queue = exited.catch(() => undefined);
  return { stdin, stdout, stderr: () => stderr, stderrStream, exited };
}

/** Sets (or, for undefined, removes) each variable; returns the undo. */
function overlayEnv(env: Record<string, string | undefined>): () => void {
  const before = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(env);
  return () => apply(before);
}

/** The single JSON report line a shrink writes to stderr. */
export function reportLine(run: CliRun): Record<string, unknown> {
  const lines = run.stderr.trim().split('\n');
  if (lines.length !== 1) throw new Error(`expected one stderr line, got:\n${run.stderr}`);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

/** A fresh temporary folder with a store path inside; call cleanup() after. */
export function tempStore(): { dir: string; db: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'caveman-cli-'));
  return { dir, db: join(dir, 'store', 'ccr.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
