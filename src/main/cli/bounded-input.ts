// Reads a catalog from a file or stdin without ever buffering more than
// 32 MiB + 1 byte. Past the limit the caller gets the buffered head and the
// still-unread rest as a stream, so it can pass everything through unchanged.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { MAX_INPUT_BYTES } from '../../shared/errors';

export type BoundedInput =
  | { tooLarge: false; bytes: Buffer }
  | { tooLarge: true; head: Buffer; rest: AsyncIterable<Buffer>; size?: number };

export async function readBoundedFile(path: string): Promise<BoundedInput> {
  const info = await stat(path);
  if (info.isDirectory()) throw Object.assign(new Error(`${path} is a directory`), { code: 'EISDIR' });
  return readBoundedStream(createReadStream(path), info.size);
}

export async function readBoundedStream(stream: Readable, knownSize?: number): Promise<BoundedInput> {
  const chunks: Buffer[] = [];
  let length = 0;
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { tooLarge: false, bytes: concatShared(chunks, length) };
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    length += chunk.length;
    if (length > MAX_INPUT_BYTES) {
      const rest: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => iterator };
      return { tooLarge: true, head: Buffer.concat(chunks, length), rest, ...(knownSize !== undefined ? { size: knownSize } : {}) };
    }
  }
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
