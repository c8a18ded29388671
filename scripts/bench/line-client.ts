// A JSON-RPC line client of a child process (a proxy or a server) for the
// benches: requests by id, each answer's exact line, the child's stderr.

import { spawn, type ChildProcess } from 'node:child_process';

export interface LineClient {
  /** Sends `line` (one request with this id) and resolves with the answer's exact line. */
  request(id: number, line: string): Promise<string>;
  stderr(): string;
  stop(): Promise<void>;
}

export function lineClient(command: string, args: readonly string[]): LineClient {
  const child: ChildProcess = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting = new Map<number, (line: string) => void>();
  let stderr = '';
  let partial = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    const parts = (partial + text).split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      const id = (JSON.parse(line) as { id?: unknown }).id;
      if (typeof id === 'number') waiting.get(id)?.(line);
    }
  });
  return {
    request: (id, line) =>
      new Promise((resolve) => {
        waiting.set(id, (answer) => (waiting.delete(id), resolve(answer)));
        child.stdin!.write(`${line}\n`);
      }),
    stderr: () => stderr,
    stop: async () => {
      child.stdin!.end();
      if (child.exitCode === null) await new Promise((done) => child.once('close', done));
    },
  };
}

const INITIALIZE = '{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}';

/** Initializes and lists once: a proxy keeps its listing, and checks calls against it. */
export async function initialized(client: LineClient): Promise<LineClient> {
  await client.request(0, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":${INITIALIZE}}`);
  await client.request(1, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
  return client;
}

/** A tools/call line with `args` written as given (raw JSON text). */
export const callLine = (id: number, name: string, args: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${args}}}`;
