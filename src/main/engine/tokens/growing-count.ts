// Counting a text while it is being written. The transform writes its output
// into shared memory tool after tool, only ever appending; counting that
// output used to wait for the last byte, leaving the workers idle once they
// had counted the input. Here each stretch of the output is published as a
// chunk as soon as it is written and a safe boundary (safe-split.ts) follows
// it, so the workers count the output's beginning while the transform writes
// its end, and what is left when it ends is shared as usual. The chunks are
// cut at safe boundaries, so the count equals a single pass over the whole
// output, exactly as a job begun on the finished text.

import { Buffer } from 'node:buffer';
import type { TokenizerName } from '../../../shared/tokenizers';
import type { CountJob, CountJobOptions, FinishOptions, SharedCountJob } from './count-job';
import type { CountStarter } from './count-starter';
import { findSafeBoundary } from './safe-split';

export interface GrowingCountPolicy {
  /** Target chunk length in bytes. */
  chunkChars: number;
  /** A buffer smaller than this is counted when the text ends, as begin() would. */
  minParallelChars: number;
}

export type GrowingCountOptions = Pick<CountJobOptions, 'signal'>;

/**
 * One text being written, counted as it grows: call grew() after each
 * append with everything written so far, then end() with the finished text
 * (which gives the job to finish), or cancel() if the text will never be
 * finished. Workers may wait for this text's chunks until then, so every
 * GrowingCount must be ended or cancelled, in the same synchronous stretch
 * of work that began it.
 */
export class GrowingCount {
  private job: SharedCountJob | undefined;
  /** The whole shared buffer the job counts in (set with the job). */
  private buffer: Uint8Array<SharedArrayBuffer> | undefined;
  /** No safe boundary lies between the last published end and here. */
  private scanFrom = 0;
  /** True once no more chunks are published from grew(). */
  private stopped: boolean;

  constructor(
    private readonly counter: CountStarter,
    private readonly tokenizer: TokenizerName,
    private readonly options: GrowingCountOptions,
    /** Undefined when the counter has no workers: the text is counted when it ends. */
    private readonly policy: GrowingCountPolicy | undefined,
  ) {
    this.stopped = policy === undefined;
  }

  /**
   * `written` is the text so far: a view from the start of the shared
   * buffer being written, whose bytes never change once written. Publishes
   * every whole chunk it holds. A view over another buffer than the first
   * one (the writer outgrew it) stops publishing: the rest is counted when
   * the text ends.
   */
  grew(written: Uint8Array): void {
    if (this.stopped || this.policy === undefined) return;
    const { chunkChars, minParallelChars } = this.policy;
    const job = this.job;
    if (job === undefined) {
      if (!(written.buffer instanceof SharedArrayBuffer) || written.byteOffset !== 0 || written.buffer.byteLength < minParallelChars) {
        this.stopped = true;
        return;
      }
    } else if (written.buffer !== this.buffer?.buffer) {
      this.stopped = true;
      return;
    }
    let end = job?.publishedEnd ?? 0;
    while (written.length - end > chunkChars) {
      const cut = findSafeBoundary(written, Math.max(end + chunkChars, this.scanFrom));
      if (cut === -1) {
        // Position written.length cannot be judged before its byte exists.
        this.scanFrom = written.length;
        return;
      }
      if (!this.jobFor(written).publish(cut)) {
        this.stopped = true;
        return;
      }
      end = cut;
    }
  }

  /**
   * The finished text (for the writer's output: the same buffer, from its
   * start). Returns the job whose finish() gives its exact count, the chunks
   * counted so far included.
   */
  end(text: Uint8Array): CountJob {
    this.stopped = true;
    const job = this.job;
    // Nothing published, or the job already failed or was cancelled (its finish() says so).
    if (job === undefined) return this.counter.begin(text, this.tokenizer, this.options);
    if (!job.pending) return job;
    const published = job.publishedEnd;
    const buffer = this.buffer!;
    if (text.buffer === buffer.buffer && text.byteOffset === 0 && text.length >= published) {
      // The rest in chunks too, so every thread shares it.
      const chunkChars = this.policy?.chunkChars ?? text.length;
      for (let end = published; text.length - end > chunkChars;) {
        const cut = findSafeBoundary(text, end + chunkChars);
        if (cut === -1 || !job.publish(cut)) break;
        end = cut;
      }
      job.seal(text.length);
      return job;
    }
    if (text.length >= published && Buffer.from(text.buffer, text.byteOffset, published).equals(buffer.subarray(0, published))) {
      // The writer moved to a bigger buffer: the published chunks are this text's start.
      job.seal();
      return new CountSum([job, this.counter.begin(text.subarray(published), this.tokenizer, this.options)]);
    }
    job.cancel();
    return this.counter.begin(text, this.tokenizer, this.options);
  }

  /** Abandons the text: workers stop waiting for it. No-op once ended. */
  cancel(): void {
    if (this.job?.pending && !this.job.sealed) this.job.cancel();
    this.stopped = true;
  }

  private jobFor(written: Uint8Array): SharedCountJob {
    if (this.job === undefined) {
      const buffer = new Uint8Array(written.buffer as SharedArrayBuffer);
      // Every published chunk but the last is over chunkChars long; one more slot for the last.
      const capacity = Math.ceil(buffer.byteLength / this.policy!.chunkChars) + 2;
      this.buffer = buffer;
      this.job = this.counter.beginGrowingJob(buffer, this.tokenizer, capacity, this.options);
    }
    return this.job;
  }
}

/** Two counts of consecutive pieces of one text (cut at a safe boundary) as one. */
class CountSum implements CountJob {
  private finished: Promise<number> | undefined;

  constructor(private readonly parts: readonly CountJob[]) {}

  get chunkCount(): number {
    return this.parts.reduce((sum, part) => sum + part.chunkCount, 0);
  }

  get countedByCaller(): number {
    return this.parts.reduce((sum, part) => sum + part.countedByCaller, 0);
  }

  finish(options?: FinishOptions): Promise<number> {
    this.finished ??= Promise.all(this.parts.map((part) => part.finish(options))).then(
      (counts) => counts.reduce((sum, count) => sum + count, 0),
      (error: unknown) => {
        this.cancel();
        throw error;
      },
    );
    return this.finished;
  }

  chunkCounts(): number[] {
    return this.parts.flatMap((part) => part.chunkCounts());
  }

  cancel(): void {
    for (const part of this.parts) part.cancel();
  }
}
