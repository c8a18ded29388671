// A client that speaks raw JSON-RPC lines to `caveman-shrink proxy`, so
// tests can send what no SDK client would (a broken line, an id of any
// shape, a message over the limit) and see exactly what comes back.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cliArgv } from '../../helpers/cli';
import { REPO } from './servers';

export interface RawProxy {
  /** Writes one line (a newline is added). */
  send(line: string | object): void;
  /** The next line the proxy writes to stdout, parsed; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<Record<string, unknown>>;
  /** The same line exactly as written. */
  nextLine(timeoutMs?: number): Promise<string>;
  stderr(): string;
  /** Resolves with the exit status once the proxy process ended. */
  readonly exited: Promise<number | null>;
  close(): Promise<number | null>;
  readonly child: ChildProcessWithoutNullStreams;
}

export function rawProxy(proxyArgs: string[], server: string[]): RawProxy {
  const child = spawn(process.execPath, [...cliArgv(), 'proxy', ...proxyArgs, '--', ...server], { cwd: REPO, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.on('error', () => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  // Linear in the line's length: a chunk is searched once, a line joined once (a 32 MiB answer comes in hundreds of chunks).
  let partial: string[] = [];
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    const parts = text.split('\n');
    if (parts.length === 1) {
      partial.push(text);
      return;
    }
    lines.push(partial.join('') + parts[0]!, ...parts.slice(1, -1));
    partial = [parts.at(-1)!];
    waiters.splice(0).forEach((wake) => wake());
  });
  const nextLine = async (timeoutMs = 15_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    while (lines.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no line from the proxy within ${timeoutMs} ms; stderr:\n${stderr}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => (clearTimeout(timer), resolve()));
        void exited.then(() => (clearTimeout(timer), resolve()));
      });
      if (lines.length === 0 && child.exitCode !== null) throw new Error(`the proxy exited (${child.exitCode}) without another line; stderr:\n${stderr}`);
    }
    return lines.shift()!;
  };
  const next = async (timeoutMs = 15_000) => JSON.parse(await nextLine(timeoutMs)) as Record<string, unknown>;
  return {
    child,
    exited,
    send: (line) => void child.stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`),
    next,
    nextLine,
    stderr: () => stderr,
    close: () => {
      child.stdin.end();
      return exited;
    },
  };
}

export const INITIALIZE = { method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
