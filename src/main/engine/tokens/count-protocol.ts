// The contract between ParallelTokenCounter and count-worker: message shapes
// (tagged unions) and the layout of the shared memory through which the
// calling thread and the workers split one job's chunks without messages.

import type { TokenizerName } from '../../../shared/tokenizers';

/**
 * Int32 slots at the start of a job's control buffer. Chunk i's end offset
 * is at ENDS + i and its token count at ENDS + chunkCount + i (-1 until
 * counted). Every participant claims chunk indexes with
 * Atomics.add(control, NEXT, 1) and stops when the index is >= chunkCount
 * or STOP is non-zero.
 */
export const NEXT = 0;
export const DONE = 1;
export const STOP = 2;
export const CHUNK_COUNT = 3;
export const ENDS = 4;

export function controlSlots(chunkCount: number): number {
  return ENDS + 2 * chunkCount;
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
    };

export type TextEncoding = 'utf16' | 'utf8';

export type FromWorker =
  /** The tokenizer's rank table is loaded (answer to `warm`). */
  | { type: 'ready'; tokenizer: TokenizerName }
  /** One more chunk of the job was counted by this worker. */
  | { type: 'chunk'; jobId: number }
  /** The worker has stopped claiming chunks of the job and holds nothing of it. */
  | { type: 'released'; jobId: number }
  | { type: 'failed'; jobId: number; message: string };
