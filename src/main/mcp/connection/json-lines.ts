// Newline-delimited JSON-RPC framing for the proxy, in linear time and
// bounded memory: each chunk is scanned once for newlines and a line's
// pieces are joined once, when the line ends (the SDK's reader re-copies
// and re-scans the whole buffer on every chunk, so a 20 MiB line cost
// seconds). A line is kept as bytes (rpc-frame.ts), never decoded or
// parsed whole. A line over the limit is not kept: its bytes are counted and
// dropped until the next newline, and it is reported as one problem, so the
// session goes on.

import { errorMessage } from '../../../shared/error-message';
import { NotJsonRpcError, RpcFrame } from './rpc-frame';

export type UnreadableLine =
  | { kind: 'not-json'; detail: string }
  | { kind: 'not-jsonrpc'; detail: string; id: string | number | null }
  | { kind: 'too-large'; bytes: number; limit: number; id: string | number | null };

export interface LineEvents {
  /** A JSON-RPC message, as the line's exact bytes. */
  message(frame: RpcFrame): void;
  unreadable(problem: UnreadableLine): void;
}

/** How much of an oversized line is kept to find its id. */
const HEAD_BYTES = 4096;
const NEWLINE = 0x0a;
const CR = 0x0d;

/** True when `bytes` holds only JSON whitespace. */
const isBlank = (bytes: Uint8Array) => bytes.every((byte) => byte === 0x20 || byte === 0x09 || byte === CR || byte === NEWLINE);

export class JsonLineReader {
  private pieces: Uint8Array[] = [];
  private length = 0;
  private head: Uint8Array | undefined;

  constructor(
    private readonly maxLineBytes: number,
    private readonly events: LineEvents,
  ) {}

  push(chunk: Uint8Array): void {
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
      this.take(chunk.subarray(start, at));
      this.endLine();
      start = at + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
  }

  private take(piece: Uint8Array): void {
    if (piece.length === 0) return;
    this.length += piece.length;
    if (this.head !== undefined) return; // already over the limit: count, do not keep
    if (this.length > this.maxLineBytes) {
      this.head = Buffer.concat([...this.pieces, piece]).subarray(0, HEAD_BYTES);
      this.pieces = [];
      return;
    }
    // Chunks are reused by some streams: keep a copy of what is not consumed at once.
    this.pieces.push(Uint8Array.prototype.slice.call(piece));
  }

  private endLine(): void {
    const { pieces, length, head } = this;
    this.pieces = [];
    this.length = 0;
    this.head = undefined;
    if (head !== undefined) {
      this.events.unreadable({ kind: 'too-large', bytes: length, limit: this.maxLineBytes, id: leadingId(Buffer.from(head).toString('utf8')) });
      return;
    }
    const joined = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, length);
    const line = joined[joined.length - 1] === CR ? joined.subarray(0, joined.length - 1) : joined;
    if (isBlank(line)) return;
    let frame: RpcFrame;
    try {
      frame = RpcFrame.of(line);
    } catch (error) {
      if (error instanceof NotJsonRpcError) this.events.unreadable({ kind: 'not-jsonrpc', detail: error.message, id: error.id });
      else this.events.unreadable({ kind: 'not-json', detail: errorMessage(error) });
      return;
    }
    this.events.message(frame);
  }
}

/**
 * The id of a message from the start of its text, when it comes first or
 * right after `"jsonrpc":"2.0"` (how JSON-RPC libraries write it); else null.
 */
export function leadingId(head: string): string | number | null {
  const match = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*")\s*[,}]/.exec(head);
  if (!match) return null;
  try {
    const id = JSON.parse(match[1]!) as unknown;
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}
