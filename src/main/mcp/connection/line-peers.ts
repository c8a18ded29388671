// Line-framed JSON-RPC peers: the proxy's client on our stdin/stdout, and a
// server as a child process on its stdin/stdout — the proxy's upstream, and
// (ChildPeer is the SDK's public Transport too) the import's connection.
// Both read through JsonLineReader (linear, bounded, and a bad line is
// reported, not fatal; the SDK's own stdio reader re-scans its whole buffer
// on every chunk) and write one JSON text per line, waiting for the stream
// to drain so a slow reader is never buffered without bound. The server is
// started with cross-spawn, as the SDK would: on Windows `npx` and most MCP
// launchers are `.cmd` shims, which Node's own spawn neither finds on PATH
// nor runs without a shell.

import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import spawn from 'cross-spawn';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { JsonLineReader, type UnreadableLine } from './json-lines';

export type RpcMessage = Record<string, unknown>;

/** What comes with a message: the SDK's extra information, and the message exactly as it was read, when the peer has it (a line peer does). */
export type MessageExtra = MessageExtraInfo & { text?: string | undefined };

/** What the proxy needs from either side: the SDK's Transport, with the text of each message and the lines that were none. */
export interface RpcPeer {
  start(): Promise<void>;
  send(message: RpcMessage): Promise<void>;
  /** Writes one message already serialised (one JSON text, no line break): the proxy's tools/list answer is built as text. */
  sendLine(text: string): Promise<void>;
  close(): Promise<void>;
  onmessage?: ((message: RpcMessage, extra?: MessageExtra) => void) | undefined;
  /** A line that could not be taken as a message (malformed, not JSON-RPC, over the limit). */
  onunreadable?: ((problem: UnreadableLine) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
}

function writeLine(stream: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stream.write(`${text}\n`, (error) => (error ? reject(error) : undefined));
    if (ok) resolve();
    else stream.once('drain', resolve);
  });
}

function readerFor(peer: RpcPeer, maxLineBytes: number): JsonLineReader {
  return new JsonLineReader(maxLineBytes, {
    message: (message, text) => peer.onmessage?.(message, { text }),
    unreadable: (problem) => peer.onunreadable?.(problem),
  });
}

/** The client: JSON-RPC lines on `input`, answers on `output`; closes when `input` ends. */
export class StreamPeer implements RpcPeer {
  onmessage?: RpcPeer['onmessage'];
  onunreadable?: RpcPeer['onunreadable'];
  onclose?: RpcPeer['onclose'];
  onerror?: RpcPeer['onerror'];
  private closed = false;
  private readonly reader: JsonLineReader;
  private readonly onData = (chunk: Buffer) => this.reader.push(chunk);
  private readonly onEnd = () => void this.close();
  private readonly onError = (error: Error) => this.onerror?.(error);

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    maxLineBytes: number,
  ) {
    this.reader = readerFor(this, maxLineBytes);
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.once('end', this.onEnd);
    this.input.once('close', this.onEnd);
    this.input.on('error', this.onError);
  }

  send(message: RpcMessage): Promise<void> {
    return writeLine(this.output, JSON.stringify(message));
  }

  sendLine(text: string): Promise<void> {
    return writeLine(this.output, text);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('close', this.onEnd);
    this.input.off('error', this.onError);
    this.input.pause();
    this.onclose?.();
  }
}

export interface ChildCommand {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string | undefined;
  /** Receives what the server writes to stderr; without it, stderr is ours. */
  onStderr?: ((chunk: Buffer) => void) | undefined;
}

/** How long a server gets to exit after its stdin is closed, before SIGTERM. */
const EXIT_GRACE_MS = 2000;

/** The server: a child process started by `start()`. */
export class ChildPeer implements RpcPeer, Transport {
  onmessage?: RpcPeer['onmessage'];
  onunreadable?: RpcPeer['onunreadable'];
  onclose?: RpcPeer['onclose'];
  onerror?: RpcPeer['onerror'];
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly reader: JsonLineReader;
  private exited: Promise<void> | undefined;
  /** Set once the process runs: one that never started has nothing to stop. */
  private running = false;

  constructor(
    private readonly spec: ChildCommand,
    maxLineBytes: number,
  ) {
    this.reader = readerFor(this, maxLineBytes);
  }

  /** Resolves once the process runs; rejects with the spawn error (ENOENT, EACCES…) when it cannot start. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.child) throw new Error('the server was started already');
      const { command, args, env, cwd, onStderr } = this.spec;
      const child = spawn(command, [...args], {
        env,
        ...(cwd !== undefined ? { cwd } : {}),
        stdio: ['pipe', 'pipe', onStderr ? 'pipe' : 'inherit'],
        shell: false,
        windowsHide: true,
      }) as unknown as ChildProcessWithoutNullStreams;
      this.child = child;
      this.exited = new Promise((done) => child.once('close', () => done()));
      child.once('error', reject);
      child.once('spawn', () => {
        this.running = true;
        child.off('error', reject);
        child.on('error', (error) => this.onerror?.(error));
        resolve();
      });
      child.stdout.on('data', (chunk: Buffer) => this.reader.push(chunk));
      child.stdout.on('error', (error) => this.onerror?.(error));
      if (onStderr) child.stderr.on('data', onStderr);
      child.stdin.on('error', (error) => this.onerror?.(error));
      child.once('close', () => this.onclose?.());
    });
  }

  send(message: RpcMessage): Promise<void> {
    return this.sendLine(JSON.stringify(message));
  }

  sendLine(text: string): Promise<void> {
    if (!this.child) return Promise.reject(new Error('the server is not running'));
    return writeLine(this.child.stdin, text);
  }

  /** Closes the server's stdin and waits for it to exit, then asks harder. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || !this.running || !this.exited || child.exitCode !== null || child.signalCode !== null) return;
    child.stdin.end();
    const gone = await Promise.race([this.exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), EXIT_GRACE_MS).unref())]);
    if (!gone) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([
        this.exited.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), EXIT_GRACE_MS).unref()),
      ]);
      if (!stopped) child.kill('SIGKILL');
    }
  }
}
