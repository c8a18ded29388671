// The contract between ParallelTokenCounter and count-worker: message shapes
// (tagged unions) and the layout of the shared memory through which the
// calling thread and the workers split one job's chunks without messages.

import type { TokenizerName } from '../../../shared/tokenizers';

/**
 * Int32 slots at the start of a job's control buffer. A job has room for
 * CAPACITY chunks: chunk i's end offset is at ENDS + i and its token count
 * at ENDS + CAPACITY + i (-1 until counted). PUBLISHED chunks are ready to
 * claim; once SEALED is non-zero no more will come. A job over a finished
 * text is published and sealed when it begins; a growing text's job
 * (growing-count.ts) publishes chunks while the text is still being written.
 * Every participant claims chunks with claimChunk(); a worker that finds
 * none published yet waits on SIGNAL, which changes (with a notify) whenever
 * a chunk is published, the job is sealed or STOP is set.
 */
export const NEXT = 0;
export const DONE = 1;
export const STOP = 2;
export const CAPACITY = 3;
export const PUBLISHED = 4;
export const SEALED = 5;
export const SIGNAL = 6;
export const ENDS = 7;

export function controlSlots(capacity: number): number {
  return ENDS + 2 * capacity;
}

/** claimChunk(): nothing to claim now, but the job is not sealed (wait for SIGNAL). */
export const NOTHING_YET = -1;
/** claimChunk(): every chunk is claimed and the job is sealed, or the job was stopped. */
export const NO_MORE = -2;

/** Claims the next published chunk for the calling thread: its index, NOTHING_YET or NO_MORE. */
export function claimChunk(control: Int32Array): number {
  for (;;) {
    if (Atomics.load(control, STOP) !== 0) return NO_MORE;
    // SEALED before PUBLISHED: a job is sealed only after its last chunk is published.
    const sealed = Atomics.load(control, SEALED) !== 0;
    const published = Atomics.load(control, PUBLISHED);
    const next = Atomics.load(control, NEXT);
    if (next >= published) return sealed ? NO_MORE : NOTHING_YET;
    if (Atomics.compareExchange(control, NEXT, next, next + 1) === next) return next;
  }
}

/** Wakes every worker waiting for a chunk of this job (after publishing, sealing or stopping it). */
export function signalWaiters(control: Int32Array): void {
  Atomics.add(control, SIGNAL, 1);
  Atomics.notify(control, SIGNAL);
}

export type ToWorker =
  | { type: 'warm'; tokenizer: TokenizerName }
  /**
   * `text` holds the job's text: UTF-16 code units (lossless, lone surrogates
   * too), or UTF-8 bytes (decoded chunk by chunk, invalid sequences as U+FFFD)
   * at [byteOffset, byteOffset + byteLength). Chunk offsets count in those units.
   */
  | {
      type: 'count';
      jobId: number;
      tokenizer: TokenizerName;
      text: SharedArrayBuffer;
      encoding: TextEncoding;
      byteOffset: number;
      byteLength: number;
      control: SharedArrayBuffer;
    }
  /** The SHA-256 of bytes in shared memory (a recovery handle's digest, taken off the calling thread). */
  | { type: 'hash'; hashId: number; bytes: SharedArrayBuffer; byteOffset: number; byteLength: number };

export type TextEncoding = 'utf16' | 'utf8';

export type FromWorker =
  /** The tokenizer's rank table is loaded (answer to `warm`). */
  | { type: 'ready'; tokenizer: TokenizerName }
  /** One more chunk of the job was counted by this worker. */
  | { type: 'chunk'; jobId: number }
  /** The worker has stopped claiming chunks of the job and holds nothing of it. */
  | { type: 'released'; jobId: number }
  | { type: 'failed'; jobId: number; message: string }
  /** The answer to `hash`: the digest in lowercase hex, or undefined when it could not be taken. */
  | { type: 'hashed'; hashId: number; hex: string | undefined };
