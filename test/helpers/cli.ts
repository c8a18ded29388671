// Runs the caveman-shrink CLI as a separate process, the way users do. By
// default from the TypeScript sources (through tsx); with CAVEMAN_CLI set
// (npm test sets it to out/main/cli.js) the built file is what is tested.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
