// A client that speaks raw JSON-RPC lines to `caveman-shrink proxy` (run in
// this process, its streams the test's), so tests can send what no SDK
// client would (a broken line, an id of any shape, a message over the
// limit) and see exactly what comes back.

import { startCommand } from '../../../helpers/cli';

export interface RawProxy {
  /** Writes one line (a newline is added). */
  send(line: string | object): void;
  /**
   * The next line the proxy writes to stdout, parsed; rejects after `timeoutMs` (a hang guard, under the test's own timeout, that says what the proxy
   * wrote on stderr).
   */
  next(timeoutMs?: number): Promise<Record<string, unknown>>;
  /** The same line exactly as written. */
  nextLine(timeoutMs?: number): Promise<string>;
  stderr(): string;
  /** Resolves with the exit status once the proxy ended. */
  readonly exited: Promise<number | null>;
  close(): Promise<number | null>;
}

/** Generous: the machine's load reaches 15 on 2 cores. */
const HANG_GUARD_MS = 50_000;

export function rawProxy(proxyArgs: string[], server: string[]): RawProxy {
  const proxy = startCommand(['proxy', ...proxyArgs, '--', ...server]);
  let ended = false;
  const exited = proxy.exited.finally(() => (ended = true));
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  // Linear in the line's length: a chunk is searched once, a line joined once (a 32 MiB answer comes in hundreds of chunks).
  let partial: string[] = [];
  proxy.stdout.setEncoding('utf8').on('data', (text: string) => {
    const parts = text.split('\n');
    if (parts.length === 1) {
      partial.push(text);
      return;
    }
    lines.push(partial.join('') + parts[0]!, ...parts.slice(1, -1));
    partial = [parts.at(-1)!];
    waiters.splice(0).forEach((wake) => wake());
  });
  const nextLine = async (timeoutMs = HANG_GUARD_MS): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    while (lines.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no line from the proxy within ${timeoutMs} ms; stderr:\n${proxy.stderr()}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => (clearTimeout(timer), resolve()));
        void exited.then(() => (clearTimeout(timer), resolve()));
      });
      if (lines.length === 0 && ended) throw new Error(`the proxy exited (${await exited}) without another line; stderr:\n${proxy.stderr()}`);
    }
    return lines.shift()!;
  };
  const next = async (timeoutMs = HANG_GUARD_MS) => JSON.parse(await nextLine(timeoutMs)) as Record<string, unknown>;
  return {
    exited,
    send: (line) => void proxy.stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`),
    next,
    nextLine,
    stderr: proxy.stderr,
    close: () => {
      proxy.stdin.end();
      return exited;
    },
  };
}

export const INITIALIZE = { method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
