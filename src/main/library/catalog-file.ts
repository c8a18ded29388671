// The one intake of a catalog from this machine — a file the CLI, the app's
// Open dialog or the OS named, or stdin — before read-catalog-text.ts decodes
// it (UTF-8, a BOM accepted). Never more than 32 MiB + 1 byte is read
// (docs/transform.md): one byte past the limit is enough to know the input is too
// large, and the reading stops there, so `shrink /dev/zero` ends. A regular
// file larger than the limit is refused without reading it at all. What went
// wrong is worded here, once for each way a file can fail to come in.

import { createReadStream, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { CavemanError, MAX_INPUT_BYTES, NOTHING_STORED, inputTooLargeError, unreadableReason } from '../../shared/errors';

export type BoundedInput = { tooLarge: false; bytes: Buffer } | { tooLarge: true; bytesRead: number; size?: number };

/** A file, a FIFO or a device (the CLI reads what it is given); a directory is an EISDIR error. */
export async function readBoundedFile(path: string): Promise<BoundedInput> {
  const info = await stat(path);
  if (info.isDirectory()) throw Object.assign(new Error(`${path} is a directory`), { code: 'EISDIR' });
  return readWithin(path, info, true);
}

function readWithin(path: string, info: Stats, shared: boolean): Promise<BoundedInput> {
  if (info.isFile() && info.size > MAX_INPUT_BYTES) return Promise.resolve({ tooLarge: true, bytesRead: 0, size: info.size });
  // `end` is inclusive: at most MAX_INPUT_BYTES + 1 bytes are read (a FIFO or a device has no size to trust).
  return readBoundedStream(createReadStream(path, { end: MAX_INPUT_BYTES }), info.isFile() ? info.size : undefined, shared);
}

/**
 * Buffers `stream` up to 32 MiB. At the first byte past that it stops
 * consuming and destroys the stream, keeping nothing. `shared`: the bytes
 * in shared memory (the CLI's shrink counts them there); else in memory of
 * their own, which can be transferred to a worker.
 */
export async function readBoundedStream(stream: Readable, knownSize?: number, shared = true): Promise<BoundedInput> {
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
  return { tooLarge: false, bytes: joined(chunks, length, shared) };
}

/**
 * The chunks joined; in shared memory the token-counting threads then read
 * the input where it is instead of from a second copy.
 */
function joined(chunks: Buffer[], length: number, shared: boolean): Buffer {
  const bytes = shared ? Buffer.from(new SharedArrayBuffer(length)) : Buffer.alloc(length);
  let at = 0;
  for (const chunk of chunks) {
    chunk.copy(bytes, at);
    at += chunk.length;
  }
  return bytes;
}

/** The CLI's refusal as the reference words it: `cave_input_too_large: stdin exceeds 33554432 bytes`. */
export function tooLargeMessage(source: string): string {
  return `cave_input_too_large: ${source} exceeds ${MAX_INPUT_BYTES} bytes`;
}

/**
 * A file the app opens (shown as `name`): a regular file within the limit,
 * its bytes exactly; else a CavemanError that says why, with what that left
 * behind as its outcome (nothing read or stored; nothing stored).
 */
export async function readCatalogFile(path: string, name: string): Promise<Uint8Array> {
  let input: BoundedInput;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new CavemanError('cave_bad_request', `${name} is not a file (${path})`, { outcome: { left: 'nothing_read_or_stored' } });
    input = await readWithin(path, info, false);
  } catch (error) {
    if (error instanceof CavemanError) throw error;
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    throw new CavemanError(code === 'ENOENT' ? 'cave_not_found' : 'cave_bad_request', `cannot read ${name} (${path}): ${unreadableReason(error)}`, {
      cause: error,
      outcome: NOTHING_STORED,
    });
  }
  if (input.tooLarge) throw inputTooLargeError(name, input.size ?? input.bytesRead, { left: 'nothing_read_or_stored' });
  return new Uint8Array(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
}
