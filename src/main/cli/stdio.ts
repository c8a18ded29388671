// Writing to stdout/stderr so that large outputs are complete before exit,
// a closed pipe (`| head`) ends quietly instead of crashing, and output that
// could not be written whole (a full disk, `ulimit -f`) is an error, never a
// silent truncation.

import { writeSync } from 'node:fs';
import { Socket } from 'node:net';
import type { Writable } from 'node:stream';
import { errorMessage } from '../../shared/error-message';

/** Output that did not reach its stream whole: the command exits 1 with `incompleteOutputLine`. */
export class IncompleteOutputError extends Error {
  override readonly name = 'IncompleteOutputError';
  constructor(
    /** "stdout", "stderr" or "output". */
    readonly streamName: string,
    /** Bytes written before the failure; undefined when the stream cannot tell. */
    readonly written: number | undefined,
    readonly total: number,
    readonly failure: unknown,
    /** The handle of an original that was stored before the output failed. */
    readonly storedHandle?: string,
  ) {
    super(`${streamName} is incomplete`, { cause: failure });
  }

  /** The same failure, saying the original is stored under `handle`. */
  keeping(handle: string | undefined): IncompleteOutputError {
    return handle === undefined ? this : new IncompleteOutputError(this.streamName, this.written, this.total, this.failure, handle);
  }
}

/** For a write's `.catch`: an IncompleteOutputError again, saying the original is stored under `handle`. */
export function keepingHandle(handle: string | undefined): (error: unknown) => never {
  return (error) => {
    throw error instanceof IncompleteOutputError ? error.keeping(handle) : error;
  };
}

/** The one line a command prints when its output was cut short. */
export function incompleteOutputLine(error: IncompleteOutputError): string {
  const count = error.written === undefined ? `${error.total} bytes not all written` : `wrote ${error.written} of ${error.total} bytes`;
  const why = failureWords(error.failure);
  const kept = error.storedHandle === undefined ? '' : `; the original is stored: caveman-shrink recover ${error.storedHandle}`;
  return `caveman-shrink: ${error.streamName} is incomplete (${count}: ${why})${kept}\n`;
}

function failureWords(failure: unknown): string {
  const code = (failure as { code?: unknown } | null | undefined)?.code;
  if (code === 'ENOSPC') return 'no space left on the device';
  if (code === 'EFBIG') return 'file size limit reached';
  return errorMessage(failure);
}

/** Writes `data` whole; rejects with IncompleteOutputError when it cannot (a closed pipe resolves: its reader is gone). */
export function writeAll(stream: Writable, data: Uint8Array | string): Promise<void> {
  const fd = fileDescriptor(stream);
  if (fd !== undefined) {
    try {
      writeWhole(fd, streamName(stream, fd), typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return new Promise((resolve, reject) => {
    stream.write(data, (error) => {
      if (!error || (error as NodeJS.ErrnoException).code === 'EPIPE') resolve();
      else reject(new IncompleteOutputError(streamName(stream, undefined), undefined, byteLength(data), error));
    });
  });
}

/** Writes `text` at once (commander's help and usage output); throws IncompleteOutputError when a file takes it only in part. */
export function writeNow(stream: Writable, text: string): void {
  const fd = fileDescriptor(stream);
  if (fd === undefined) stream.write(text);
  else writeWhole(fd, streamName(stream, fd), Buffer.from(text, 'utf8'));
}

/**
 * The descriptor of a stream Node writes to a file or device synchronously,
 * which reports neither a short write nor its error to the writer: such
 * streams are written here, checking every byte. Pipes and terminals (sockets
 * to Node) report both, so they keep their stream.
 */
function fileDescriptor(stream: Writable): number | undefined {
  const fd = (stream as { fd?: unknown }).fd;
  return typeof fd === 'number' && !(stream instanceof Socket) ? fd : undefined;
}

/** Loops over short writes; the first error (ENOSPC, EFBIG…) ends it with what was written. */
function writeWhole(fd: number, name: string, bytes: Uint8Array): void {
  let written = 0;
  while (written < bytes.length) {
    let count: number;
    try {
      count = writeSync(fd, bytes, written, bytes.length - written);
    } catch (error) {
      throw new IncompleteOutputError(name, written, bytes.length, error);
    }
    if (count === 0) throw new IncompleteOutputError(name, written, bytes.length, new Error('the device took no bytes'));
    written += count;
  }
}

function streamName(stream: Writable, fd: number | undefined): string {
  const own = fd ?? (stream as { fd?: unknown }).fd;
  return own === 1 ? 'stdout' : own === 2 ? 'stderr' : 'output';
}

function byteLength(data: Uint8Array | string): number {
  return typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.length;
}

/** Prints the line for `error` when stderr still takes it; the exit status of a cut output, 1. */
export async function reportIncompleteOutput(stderr: Writable, error: IncompleteOutputError): Promise<number> {
  await writeAll(stderr, incompleteOutputLine(error)).catch(() => undefined);
  return 1;
}

/** Ignore EPIPE on a stream whose reader went away. */
export function tolerateClosedPipe(stream: Writable): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}
