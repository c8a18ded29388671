// A JsonSink that writes UTF-8 straight into one growing byte buffer: no
// list of millions of small strings, no output string, and — when asked —
// in shared memory, so token-counting threads read it without a copy.

import type { JsonSink } from './json-sink';

const encoder = new TextEncoder();
/** Ranges longer than this go through the native encoder; shorter ones are copied inline. */
const NATIVE_ENCODE_FROM = 96;
/** Ranges of an ASCII source's bytes at least this long are copied with set() (shorter: a loop is quicker than making a view). */
const BYTE_COPY_FROM = 24;

/** A text that is plain ASCII, with its bytes: `bytes[i]` is `text.charCodeAt(i)` for every i. */
export interface AsciiSource {
  text: string;
  bytes: Uint8Array;
}

export interface ByteWriterOptions {
  /** Write into shared memory (so counting threads read the output without a copy). */
  shared?: boolean;
  /** Where shared memory comes from (default: a new buffer); it may give more than asked. */
  allocateShared?: (byteLength: number) => SharedArrayBuffer;
  /** The text most ranges are copied from, when it is ASCII: its ranges are then copied as bytes. */
  source?: AsciiSource;
}

export class ByteWriter implements JsonSink {
  private buffer: Uint8Array;
  private size = 0;
  private readonly shared: boolean;
  private readonly allocateShared: (byteLength: number) => SharedArrayBuffer;
  private readonly source: AsciiSource | undefined;

  constructor(initialCapacity: number, options: ByteWriterOptions = {}) {
    this.shared = options.shared ?? false;
    this.allocateShared = options.allocateShared ?? ((byteLength) => new SharedArrayBuffer(byteLength));
    this.source = options.source;
    this.buffer = this.allocate(Math.max(64, initialCapacity));
  }

  get length(): number {
    return this.size;
  }

  push(literal: string): void {
    this.copy(literal, 0, literal.length);
  }

  copy(text: string, start: number, end: number): void {
    const units = end - start;
    if (units <= 0) return;
    if (text === this.source?.text) {
      this.copyBytes(this.source.bytes, start, end);
      return;
    }
    this.reserve(units * 3);
    const out = this.buffer;
    if (units > NATIVE_ENCODE_FROM) {
      this.size += encoder.encodeInto(text.slice(start, end), out.subarray(this.size)).written;
      return;
    }
    let at = this.size;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x80) {
        out[at++] = code;
      } else if (code < 0x800) {
        out[at++] = 0xc0 | (code >> 6);
        out[at++] = 0x80 | (code & 0x3f);
      } else if (code >= 0xd800 && code <= 0xdbff && i + 1 < end && isLow(text.charCodeAt(i + 1))) {
        const point = 0x10000 + ((code - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
        out[at++] = 0xf0 | (point >> 18);
        out[at++] = 0x80 | ((point >> 12) & 0x3f);
        out[at++] = 0x80 | ((point >> 6) & 0x3f);
        out[at++] = 0x80 | (point & 0x3f);
      } else {
        // A lone surrogate is written as U+FFFD, as TextEncoder does.
        const point = code >= 0xd800 && code <= 0xdfff ? 0xfffd : code;
        out[at++] = 0xe0 | (point >> 12);
        out[at++] = 0x80 | ((point >> 6) & 0x3f);
        out[at++] = 0x80 | (point & 0x3f);
      }
    }
    this.size = at;
  }

  /** Copies bytes[start, end): one set() for a long range, a loop (quicker than making a view) for a short one. */
  private copyBytes(bytes: Uint8Array, start: number, end: number): void {
    const units = end - start;
    this.reserve(units);
    if (units >= BYTE_COPY_FROM) {
      this.buffer.set(bytes.subarray(start, end), this.size);
      this.size += units;
      return;
    }
    const out = this.buffer;
    let at = this.size;
    for (let i = start; i < end; i++) out[at++] = bytes[i]!;
    this.size = at;
  }

  /**
   * Writes `literal` at byte offset `at`, moving everything after it along
   * (the transform's deferral marker, placed once the rest of its tool is
   * written). Bytes already handed to a reader must not be after `at`.
   */
  insert(at: number, literal: string): void {
    const bytes = encoder.encode(literal);
    this.reserve(bytes.length);
    this.buffer.copyWithin(at + bytes.length, at, this.size);
    this.buffer.set(bytes, at);
    this.size += bytes.length;
  }

  /** The bytes written (a view: it shares the writer's buffer). */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.size);
  }

  private reserve(extra: number): void {
    if (this.size + extra <= this.buffer.length) return;
    const grown = this.allocate(Math.max(this.buffer.length * 2, this.size + extra));
    grown.set(this.buffer.subarray(0, this.size));
    this.buffer = grown;
  }

  private allocate(capacity: number): Uint8Array {
    return new Uint8Array(this.shared ? this.allocateShared(capacity) : new ArrayBuffer(capacity));
  }
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
