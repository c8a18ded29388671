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
import { JsonLineReader, type UnreadableLine } from './json-lines';
import type { RpcFrame } from './rpc-frame';

export type RpcMessage = Record<string, unknown>;

/** What the proxy needs from either side: messages as the bytes read, written as bytes, with reading paused while the other side is slow. */
export interface RpcPeer {
  start(): Promise<void>;
  /** Writes one message (one JSON text, no line break) given in pieces; resolves once it is handed on. */
  write(pieces: readonly Uint8Array[]): Promise<void>;
  /** True while written messages wait for the other end to read them; `drained` resolves when they no longer do. */
  readonly backedUp: boolean;
  drained(): Promise<void>;
  /** Stops and restarts reading from this side (backpressure: the side it is relayed to is backed up). */
  pause(): void;
  resume(): void;
  close(): Promise<void>;
  onframe?: ((frame: RpcFrame) => void) | undefined;
  /** A line that could not be taken as a message (malformed, not JSON-RPC, over the limit). */
  onunreadable?: ((problem: UnreadableLine) => void) | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
}

const NEWLINE = Uint8Array.of(0x0a);
const encoder = new TextEncoder();

/** Writes a message's pieces and a newline to a stream, with one shared wait for 'drain' however many writes are waiting (no listener per write). */
class LineWriter {
  private drain: Promise<void> | undefined;

  constructor(private readonly stream: () => Writable | undefined) {}

  get backedUp(): boolean {
    return this.stream()?.writableNeedDrain === true;
  }

  write(pieces: readonly Uint8Array[]): Promise<void> {
    const stream = this.stream();
    if (!stream) return Promise.reject(new Error('the other side is not running'));
    return new Promise((resolve, reject) => {
      stream.cork();
      for (const piece of pieces) stream.write(piece);
      stream.write(NEWLINE, (error) => (error ? reject(error) : resolve()));
      stream.uncork();
    });
  }

  drained(): Promise<void> {
    const stream = this.stream();
    if (!stream || !stream.writableNeedDrain) return Promise.resolve();
    this.drain ??= new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        this.drain = undefined;
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });
    return this.drain;
  }
}

function readerFor(peer: RpcPeer & { onmessage?: Transport['onmessage'] }, maxLineBytes: number): JsonLineReader {
  return new JsonLineReader(maxLineBytes, {
    // The proxy takes frames; an SDK client (the import's) takes parsed messages.
    message: (frame) => (peer.onframe ? peer.onframe(frame) : peer.onmessage?.(frame.parsed() as never)),
    unreadable: (problem) => peer.onunreadable?.(problem),
  });
}

/** What both line peers share: writing through a LineWriter. */
abstract class LinePeer {
  protected abstract readonly writer: LineWriter;

  write(pieces: readonly Uint8Array[]): Promise<void> {
    return this.writer.write(pieces);
  }

  get backedUp(): boolean {
    return this.writer.backedUp;
  }

  drained(): Promise<void> {
    return this.writer.drained();
  }
}

/** The client: JSON-RPC lines on `input`, answers on `output`; closes when `input` ends. */
export class StreamPeer extends LinePeer implements RpcPeer {
  onframe?: RpcPeer['onframe'];
  onunreadable?: RpcPeer['onunreadable'];
  onclose?: RpcPeer['onclose'];
  onerror?: RpcPeer['onerror'];
  private closed = false;
  private readonly reader: JsonLineReader;
  protected readonly writer: LineWriter;
  private readonly onData = (chunk: Buffer) => this.reader.push(chunk);
  private readonly onEnd = () => void this.close();
  private readonly onError = (error: Error) => this.onerror?.(error);

  constructor(
    private readonly input: Readable,
    output: Writable,
    maxLineBytes: number,
  ) {
    super();
    this.reader = readerFor(this, maxLineBytes);
    this.writer = new LineWriter(() => output);
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.once('end', this.onEnd);
    this.input.once('close', this.onEnd);
    this.input.on('error', this.onError);
  }

  pause(): void {
    if (!this.closed) this.input.pause();
  }

  resume(): void {
    if (!this.closed) this.input.resume();
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

/** The server: a child process, launched early by `launch()` or at once by `start()`. */
export class ChildPeer extends LinePeer implements RpcPeer, Transport {
  onframe?: RpcPeer['onframe'];
  /** For an SDK client: each message parsed (when no `onframe` takes it). */
  onmessage?: Transport['onmessage'];
  onunreadable?: RpcPeer['onunreadable'];
  onclose?: RpcPeer['onclose'];
  onerror?: RpcPeer['onerror'];
  private child: ChildProcessWithoutNullStreams | undefined;
  private readonly reader: JsonLineReader;
  protected readonly writer = new LineWriter(() => this.child?.stdin);
  private exited: Promise<void> | undefined;
  /** Set once the process runs: one that never started has nothing to stop. */
  private running = false;
  private launched: Promise<void> | undefined;
  private reading = false;

  constructor(
    private readonly spec: ChildCommand,
    maxLineBytes: number,
  ) {
    super();
    this.reader = readerFor(this, maxLineBytes);
  }

  /**
   * Starts the process without reading it yet (what it writes waits in the pipe until `start()`), so a
   * server's own start-up can overlap its caller's; resolves once it runs, rejects with the spawn error.
   */
  launch(): Promise<void> {
    this.launched ??= this.spawnChild();
    return this.launched;
  }

  /** Resolves once the process runs and is read; rejects with the spawn error (ENOENT, EACCES…) when it cannot start. */
  async start(): Promise<void> {
    if (this.reading) throw new Error('the server was started already');
    this.reading = true;
    await this.launch();
    this.child!.stdout.on('data', (chunk: Buffer) => this.reader.push(chunk));
  }

  private spawnChild(): Promise<void> {
    return new Promise((resolve, reject) => {
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
      child.stdout.on('error', (error) => this.onerror?.(error));
      if (onStderr) child.stderr.on('data', onStderr);
      child.stdin.on('error', (error) => this.onerror?.(error));
      child.once('close', () => this.onclose?.());
    });
  }

  /** For an SDK client: one message, serialised. */
  send(message: object): Promise<void> {
    return this.write([encoder.encode(JSON.stringify(message))]);
  }

  pause(): void {
    this.child?.stdout.pause();
  }

  resume(): void {
    this.child?.stdout.resume();
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
