// Reads a catalog from a file or stdin without ever reading more than
// 32 MiB + 1 byte (SPEC §2.5): one byte past the limit is enough to know the
// input is too large, and the reading stops there, so `shrink /dev/zero` ends.
// A regular file larger than the limit is refused without reading it at all.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { MAX_INPUT_BYTES } from '../../shared/errors';

export type BoundedInput = { tooLarge: false; bytes: Buffer } | { tooLarge: true; bytesRead: number; size?: number };

export async function readBoundedFile(path: string): Promise<BoundedInput> {
  const info = await stat(path);
  if (info.isDirectory()) throw Object.assign(new Error(`${path} is a directory`), { code: 'EISDIR' });
  if (info.isFile() && info.size > MAX_INPUT_BYTES) return { tooLarge: true, bytesRead: 0, size: info.size };
  // `end` is inclusive: at most MAX_INPUT_BYTES + 1 bytes are read (a FIFO or a device has no size to trust).
  return readBoundedStream(createReadStream(path, { end: MAX_INPUT_BYTES }), info.isFile() ? info.size : undefined);
}

/**
 * Buffers `stream` up to 32 MiB. At the first byte past that it stops
 * consuming and destroys the stream, keeping nothing.
 */
export async function readBoundedStream(stream: Readable, knownSize?: number): Promise<BoundedInput> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const value of stream as AsyncIterable<Buffer | string>) {
    const chunk = typeof value === 'string' ? Buffer.from(value) : value;
    if (length + chunk.length > MAX_INPUT_BYTES) {
      stream.destroy();
      return { tooLarge: true, bytesRead: MAX_INPUT_BYTES + 1, ...(knownSize !== undefined ? { size: knownSize } : {}) };
    }
    chunks.push(chunk);
    length += chunk.length;
  }
  return { tooLarge: false, bytes: concatShared(chunks, length) };
}

/**
 * The chunks joined into shared memory: the token-counting threads then read
 * the input where it is instead of from a second copy.
 */
function concatShared(chunks: Buffer[], length: number): Buffer {
  const joined = Buffer.from(new SharedArrayBuffer(length));
  let at = 0;
  for (const chunk of chunks) {
    chunk.copy(joined, at);
    at += chunk.length;
  }
  return joined;
}

/** The refusal as the reference words it: `cave_input_too_large: stdin exceeds 33554432 bytes`. */
export function tooLargeMessage(source: string): string {
  return `cave_input_too_large: ${source} exceeds ${MAX_INPUT_BYTES} bytes`;
}
