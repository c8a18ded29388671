// One token count in progress: the text's chunks, the shared control buffer
// through which this thread and the workers claim them, and the promise the
// caller awaits. The pool (parallel-counter.ts) decides which workers take
// part; this file only knows how to share the chunks and when it is done.

import { CavemanError, cancelledError } from '../../../shared/errors';
import type { TokenizerName } from '../../../shared/tokenizers';
import { decodeUtf8Lenient } from '../text/decode-input';
import { countTokens } from './count-tokens';
import { CAPACITY, DONE, ENDS, PUBLISHED, SEALED, STOP, claimChunk, controlSlots, signalWaiters } from './count-protocol';
import { errorMessage } from '../../../shared/error-message';

export interface CountJobOptions {
  /**
   * Cut the text exactly here instead of at automatic boundaries (ascending
   * end offsets, the last one the text's length). Each chunk's count is then
   * available from chunkCounts(); they add up to the text's count only when
   * every cut is a safe boundary.
   */
  ends?: readonly number[];
  /** Aborting stops every thread from claiming more chunks; finish() rejects with cave_cancelled. */
  signal?: AbortSignal;
  /** Called on the calling thread after each counted chunk: (chunks done, chunks in total). */
  onProgress?: (done: number, total: number) => void;
}

export interface FinishOptions {
  /**
   * Count unclaimed chunks on this thread too (default true). With false the
   * caller only waits for the workers; a job without workers always helps.
   */
  help?: boolean;
}

export interface CountJob {
  /** How many chunks the text was cut into (0 for an empty text). */
  readonly chunkCount: number;
  /** Chunks counted so far on the calling thread. */
  readonly countedByCaller: number;
  /**
   * The exact token count of the text, equal to countTokens(text, tokenizer).
   * Rejects with cave_cancelled when aborted and cave_internal when a worker
   * failed; it never hangs on a dead worker. Calling it again returns the
   * same promise.
   */
  finish(options?: FinishOptions): Promise<number>;
  /** Token count of each chunk, in order (after finish() resolved). */
  chunkCounts(): number[];
  /** Abandons the count: every thread stops claiming its chunks and finish() rejects with cave_cancelled. No-op once settled. */
  cancel(): void;
}

/** A text to count: a string, or its UTF-8 bytes (invalid sequences count as U+FFFD, a BOM as U+FEFF). */
export type CountText = string | Uint8Array;

/** The chunk [start, end) of a text, as a string (offsets in the text's own units). */
export function chunkText(text: CountText, start: number, end: number): string {
  return typeof text === 'string' ? text.slice(start, end) : decodeUtf8Lenient(text.subarray(start, end));
}

/** How long the calling thread counts before letting its event loop run (abort events, worker messages). */
const YIELD_AFTER_MS = 20;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class SharedCountJob implements CountJob {
  readonly control: Int32Array;
  /** Chunks the control buffer has room for. */
  readonly capacity: number;
  countedByCaller = 0;
  /** False once the result is known or the job failed. */
  pending = true;
  /** Workers that received the job and may still hold a claimed chunk. */
  workers = 0;
  private readonly promise: Promise<number>;
  private resolvePromise!: (count: number) => void;
  private rejectPromise!: (error: Error) => void;
  /** finish() asked this thread to help (it starts once the job is sealed). */
  private helpWanted = false;
  private helping = false;
  private lastReported = 0;
  private readonly removeAbortListener: () => void = () => undefined;

  /**
   * A job over `ends`, sealed at once; with `growing`, a job whose text is
   * still being written, with room for `growing.capacity` chunks, that
   * publish() extends and seal() closes.
   */
  constructor(
    readonly id: number,
    readonly text: CountText,
    readonly tokenizer: TokenizerName,
    ends: readonly number[],
    private readonly options: CountJobOptions,
    private readonly onSettled: (job: SharedCountJob) => void,
    growing?: { capacity: number },
  ) {
    this.capacity = Math.max(ends.length, growing?.capacity ?? 0);
    this.control = new Int32Array(new SharedArrayBuffer(controlSlots(this.capacity) * Int32Array.BYTES_PER_ELEMENT));
    this.control[CAPACITY] = this.capacity;
    this.control.set(ends, ENDS);
    this.control.fill(-1, ENDS + ends.length);
    this.control[PUBLISHED] = ends.length;
    this.control[SEALED] = growing ? 0 : 1;
    this.promise = new Promise<number>((resolve, reject) => {
      this.resolvePromise = resolve;
      this.rejectPromise = reject;
    });
    // A job nobody awaits (e.g. abandoned after a failure elsewhere) must not
    // crash the process with an unhandled rejection.
    this.promise.catch(() => undefined);
    const { signal } = options;
    if (signal) {
      const onAbort = (): void => this.cancel();
      if (signal.aborted) onAbort();
      else {
        signal.addEventListener('abort', onAbort, { once: true });
        this.removeAbortListener = () => signal.removeEventListener('abort', onAbort);
      }
    }
  }

  /** Chunks published so far: every chunk once the job is sealed. */
  get chunkCount(): number {
    return Atomics.load(this.control, PUBLISHED);
  }

  /** True once no more chunks will be published. */
  get sealed(): boolean {
    return Atomics.load(this.control, SEALED) !== 0;
  }

  /** The end offset of the last published chunk (0 when none). */
  get publishedEnd(): number {
    const count = this.chunkCount;
    return count === 0 ? 0 : (this.control[ENDS + count - 1] ?? 0);
  }

  /**
   * Publishes one more chunk of a growing text, [publishedEnd, end), for
   * every thread to claim; `end` must be a safe boundary (safe-split.ts) of
   * text already written and never rewritten. False (nothing published) when
   * the job is settled or sealed, or only the room for the last chunk is left.
   */
  publish(end: number): boolean {
    const count = this.chunkCount;
    if (!this.pending || this.sealed || count >= this.capacity - 1 || end <= this.publishedEnd) return false;
    this.control[ENDS + count] = end;
    Atomics.store(this.control, PUBLISHED, count + 1);
    signalWaiters(this.control);
    return true;
  }

  /**
   * Ends a growing text at `end` (its full length; the last chunk is
   * [publishedEnd, end)), or where the last published chunk ends when
   * omitted. Idempotent; a sealed job's count settles once its chunks are counted.
   */
  seal(end?: number): void {
    if (!this.pending || this.sealed) return;
    const count = this.chunkCount;
    if (end !== undefined && end > this.publishedEnd && count < this.capacity) {
      this.control[ENDS + count] = end;
      Atomics.store(this.control, PUBLISHED, count + 1);
    }
    Atomics.store(this.control, SEALED, 1);
    signalWaiters(this.control);
    this.checkComplete();
    this.startHelping();
  }

  finish(options: FinishOptions = {}): Promise<number> {
    this.checkComplete();
    if (this.pending && (options.help !== false || this.workers === 0)) {
      this.helpWanted = true;
      this.startHelping();
    }
    return this.promise;
  }

  chunkCounts(): number[] {
    return Array.from({ length: this.chunkCount }, (_, i) => this.control[ENDS + this.capacity + i] ?? -1);
  }

  cancel(): void {
    this.fail(cancelledError({ when: 'while counting tokens' }));
  }

  /** Helps once finish() asked for it and every chunk is known (a growing text's are not before seal()). */
  private startHelping(): void {
    if (!this.helpWanted || this.helping || !this.pending || !this.sealed) return;
    this.helping = true;
    void this.help();
  }

  /** Claims and counts chunks on this thread until none are left. */
  private async help(): Promise<void> {
    const { control, capacity } = this;
    let sliceStart = performance.now();
    try {
      while (this.pending) {
        const index = claimChunk(control);
        if (index < 0) break;
        const start = index === 0 ? 0 : (control[ENDS + index - 1] ?? 0);
        const end = control[ENDS + index] ?? 0;
        Atomics.store(control, ENDS + capacity + index, countTokens(chunkText(this.text, start, end), this.tokenizer));
        Atomics.add(control, DONE, 1);
        this.countedByCaller++;
        this.chunkCounted();
        if (this.pending && performance.now() - sliceStart >= YIELD_AFTER_MS) {
          await yieldToEventLoop();
          sliceStart = performance.now();
        }
      }
    } catch (error) {
      this.fail(new CavemanError('cave_internal', `internal error: token counting failed: ${errorMessage(error)}`, { cause: error }));
    }
  }

  /** Called after any thread finished a chunk: reports progress and settles when all are done. */
  chunkCounted(): void {
    if (!this.pending) return;
    const done = Atomics.load(this.control, DONE);
    if (done > this.lastReported && this.options.onProgress) {
      this.lastReported = done;
      try {
        this.options.onProgress(done, this.chunkCount);
      } catch (error) {
        this.fail(error instanceof Error ? error : new Error(String(error)));
        return;
      }
    }
    this.checkComplete();
  }

  private checkComplete(): void {
    if (!this.pending || !this.sealed) return;
    const chunkCount = this.chunkCount;
    if (Atomics.load(this.control, DONE) < chunkCount) return;
    let total = 0;
    for (let i = 0; i < chunkCount; i++) {
      const count = this.control[ENDS + this.capacity + i] ?? -1;
      if (count < 0) {
        this.fail(new CavemanError('cave_internal', `internal error: chunk ${i} of a token count has no result`));
        return;
      }
      total += count;
    }
    this.settle();
    this.resolvePromise(total);
  }

  /** Stops every thread from claiming more chunks (waking any that wait) and rejects finish(). Idempotent. */
  fail(error: Error): void {
    if (!this.pending) return;
    Atomics.store(this.control, STOP, 1);
    signalWaiters(this.control);
    this.settle();
    this.rejectPromise(error);
  }

  private settle(): void {
    this.pending = false;
    this.removeAbortListener();
    this.onSettled(this);
  }
}
