// Exact token counts of large texts on several threads. A text is cut at
// safe boundaries (safe-split.ts), so the sum of the chunks' counts equals
// the single-pass count. `begin` hands the chunks to a small pool of
// worker threads at once; the caller can keep working (parse, transform,
// begin another count) and later `finish`, which also counts unclaimed
// chunks on the calling thread. Claims go through Atomics on shared memory,
// so sharing never waits for anyone's event loop. A string is copied once
// into shared memory as UTF-16 (lossless even for lone surrogates); UTF-8
// bytes (half the memory for JSON) are shared as they are
// when they already live in a SharedArrayBuffer. Nothing is cloned into
// every worker by postMessage.

import { availableParallelism } from 'node:os';
import { Buffer } from 'node:buffer';
import { Worker } from 'node:worker_threads';
import { CavemanError, cancelledError } from '../../../shared/errors';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../../shared/tokenizers';
import { SharedCountJob, type CountJob, type CountJobOptions, type CountText } from './count-job';
import type { FromWorker, TextEncoding, ToWorker } from './count-protocol';
import type { CountStarter } from './count-starter';
import { GrowingCount } from './growing-count';
import { splitAtSafeBoundaries } from './safe-split';
import { resolveWorkerScript } from '../threads/worker-script';

export interface ParallelTokenCounterOptions {
  /** Worker threads in the pool; default availableParallelism() - 1, at least 1. 0 counts on the calling thread only. */
  workers?: number;
  /** Texts shorter than this many UTF-16 units are counted on the calling thread. Default 256 KiB. */
  minParallelChars?: number;
  /** Target chunk length in UTF-16 units. Default 60 Ki. */
  chunkChars?: number;
  /** The worker entry (a file: or data: URL); default count-worker next to this module. */
  workerScript?: URL;
}

export const DEFAULT_MIN_PARALLEL_CHARS = 256 * 1024;
/**
 * A chunk is counted as a string decoded from shared memory. V8 puts strings
 * over 128 KiB in their own newly mapped pages, so every such chunk paid for
 * fresh memory (a page fault per page, at every chunk);
 * smaller strings live in the young generation, whose pages are reused.
 * 60 Ki units stay under that size even as two-byte strings, with room for
 * a chunk running on to its safe boundary.
 */
export const DEFAULT_CHUNK_CHARS = 60 * 1024;

interface PoolWorker {
  readonly worker: Worker;
  /** Jobs posted to this worker that it has not released yet. */
  readonly jobs: Map<number, SharedCountJob>;
  readonly warmed: Set<TokenizerName>;
  readonly ready: Map<TokenizerName, () => void>;
  /** Digests asked of this worker and not answered yet. */
  readonly hashes: Map<number, (hex: string | undefined) => void>;
  alive: boolean;
}

export function defaultWorkerCount(): number {
  return Math.max(1, availableParallelism() - 1);
}

interface SharedText {
  buffer: SharedArrayBuffer;
  encoding: TextEncoding;
  byteOffset: number;
  byteLength: number;
}

/**
 * `bytes` in shared memory: the same view when they already are, else a copy
 * (into a buffer from `allocate`, which may be bigger than the bytes).
 */
export function sharedBytes(bytes: Uint8Array, allocate = (byteLength: number) => new SharedArrayBuffer(byteLength)): Uint8Array<SharedArrayBuffer> {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes as Uint8Array<SharedArrayBuffer>;
  const copy = new Uint8Array(allocate(bytes.byteLength), 0, bytes.byteLength);
  copy.set(bytes);
  return copy;
}

/**
 * The text in shared memory: a string is copied once as UTF-16; UTF-8 bytes
 * already in a SharedArrayBuffer are shared as they are, others copied once.
 */
function sharedTextOf(text: CountText): SharedText {
  if (typeof text === 'string') {
    const buffer = new SharedArrayBuffer(text.length * 2);
    Buffer.from(buffer).write(text, 'utf16le');
    return { buffer, encoding: 'utf16', byteOffset: 0, byteLength: buffer.byteLength };
  }
  const shared = sharedBytes(text);
  return { buffer: shared.buffer, encoding: 'utf8', byteOffset: shared.byteOffset, byteLength: shared.byteLength };
}

export class ParallelTokenCounter implements CountStarter {
  readonly size: number;
  private readonly minParallelChars: number;
  private readonly chunkChars: number;
  private readonly script: URL | undefined;
  private readonly slots: (PoolWorker | undefined)[];
  private nextJobId = 1;
  private nextHashId = 1;

  constructor(options: ParallelTokenCounterOptions = {}) {
    this.size = Math.max(0, Math.floor(options.workers ?? defaultWorkerCount()));
    this.minParallelChars = options.minParallelChars ?? DEFAULT_MIN_PARALLEL_CHARS;
    this.chunkChars = Math.max(1, options.chunkChars ?? DEFAULT_CHUNK_CHARS);
    this.script = options.workerScript;
    this.slots = new Array<PoolWorker | undefined>(this.size).fill(undefined);
  }

  /**
   * Starts every worker and loads the tokenizers' rank tables so a later
   * job does not wait for them. Resolves when all
   * are loaded, or a worker could not start or died trying (the next job
   * reports that); never rejects, so it may be ignored.
   */
  warmUp(tokenizers: readonly TokenizerName[] = [DEFAULT_TOKENIZER]): Promise<void> {
    const loads: Promise<void>[] = [];
    for (let slot = 0; slot < this.size; slot++) {
      let pooled: PoolWorker;
      try {
        pooled = this.workerAt(slot);
      } catch {
        break;
      }
      for (const tokenizer of tokenizers) {
        if (pooled.warmed.has(tokenizer)) continue;
        pooled.warmed.add(tokenizer);
        loads.push(new Promise<void>((resolve) => pooled.ready.set(tokenizer, resolve)));
        this.post(pooled, { type: 'warm', tokenizer });
      }
    }
    return Promise.all(loads).then(() => undefined);
  }

  /**
   * Starts counting `text`: workers begin on its chunks right away; the
   * returned job's finish() gives the exact count. Texts below
   * minParallelChars, or without a safe boundary, are counted on the calling
   * thread in finish().
   */
  begin(text: CountText, tokenizer: TokenizerName, options: CountJobOptions = {}): CountJob {
    const parallel = this.size > 0 && text.length >= this.minParallelChars;
    const ends = options.ends ?? (parallel ? splitAtSafeBoundaries(text, this.chunkChars) : text.length > 0 ? [text.length] : []);
    const job = new SharedCountJob(this.nextJobId++, text, tokenizer, ends, options, (settled) => this.jobSettled(settled));
    if (job.pending && ends.length > 1 && parallel) this.share(job, sharedTextOf(text), Math.min(this.size, ends.length));
    return job;
  }

  /**
   * Starts counting UTF-8 text that is still being written into shared
   * memory (the transform's output), so the workers count its first chunks
   * while the rest is written. See growing-count.ts.
   */
  beginGrowing(tokenizer: TokenizerName, options: Omit<CountJobOptions, 'ends'> = {}): GrowingCount {
    return new GrowingCount(this, tokenizer, options, this.size > 0 ? { chunkChars: this.chunkChars, minParallelChars: this.minParallelChars } : undefined);
  }

  /**
   * A growing job over `buffer` (shared memory, UTF-8) with room for
   * `capacity` chunks, handed to every worker at once: each claims its
   * chunks as they are published and waits while none are.
   * @internal for GrowingCount
   */
  beginGrowingJob(buffer: Uint8Array<SharedArrayBuffer>, tokenizer: TokenizerName, capacity: number, options: CountJobOptions): SharedCountJob {
    const job = new SharedCountJob(this.nextJobId++, buffer, tokenizer, [], options, (settled) => this.jobSettled(settled), { capacity });
    if (job.pending && this.size > 0) this.share(job, sharedTextOf(buffer), this.size);
    return job;
  }

  private share(job: SharedCountJob, shared: SharedText, helpers: number): void {
    for (let slot = 0; slot < helpers; slot++) {
      const pooled = this.workerAt(slot);
      pooled.warmed.add(job.tokenizer);
      pooled.jobs.set(job.id, job);
      job.workers++;
      this.post(pooled, {
        type: 'count',
        jobId: job.id,
        tokenizer: job.tokenizer,
        text: shared.buffer,
        encoding: shared.encoding,
        byteOffset: shared.byteOffset,
        byteLength: shared.byteLength,
        control: job.control.buffer as SharedArrayBuffer,
      });
      pooled.worker.ref();
    }
  }

  /**
   * The SHA-256 (lowercase hex) of `bytes`, taken by a worker once it is
   * done with the jobs it was given before, so this thread can go on. No
   * promise without workers or for bytes too few to count in parallel (no
   * worker is started for them); resolves undefined when the worker could
   * not answer (it died, or the counter closed): take it on this thread then.
   */
  sha256(bytes: Uint8Array<SharedArrayBuffer>): Promise<string | undefined> | undefined {
    if (this.size === 0 || bytes.byteLength < this.minParallelChars) return undefined;
    let pooled: PoolWorker;
    try {
      pooled = this.workerAt(0);
    } catch {
      return undefined;
    }
    const hashId = this.nextHashId++;
    const answered = new Promise<string | undefined>((resolve) => pooled.hashes.set(hashId, resolve));
    this.post(pooled, { type: 'hash', hashId, bytes: bytes.buffer, byteOffset: bytes.byteOffset, byteLength: bytes.byteLength });
    pooled.worker.ref();
    return answered;
  }

  /** begin() then finish(): the exact count of `text`. */
  count(text: CountText, tokenizer: TokenizerName, options: CountJobOptions = {}): Promise<number> {
    return this.begin(text, tokenizer, options).finish();
  }

  /**
   * Terminates the workers. Jobs they were part of reject with
   * cave_cancelled; the counter stays usable and starts new workers on
   * demand.
   */
  async close(): Promise<void> {
    const stopping: Promise<number>[] = [];
    for (let slot = 0; slot < this.size; slot++) {
      const pooled = this.slots[slot];
      if (!pooled) continue;
      this.slots[slot] = undefined;
      pooled.alive = false;
      this.releaseWaiters(pooled);
      for (const job of pooled.jobs.values()) job.fail(cancelledError({ when: 'because the token counter was closed' }));
      pooled.jobs.clear();
      stopping.push(pooled.worker.terminate());
    }
    await Promise.all(stopping);
  }

  private workerAt(slot: number): PoolWorker {
    const existing = this.slots[slot];
    if (existing?.alive) return existing;
    const script = this.script ?? resolveWorkerScript('count-worker', import.meta.url);
    const worker = new Worker(script, { name: `caveman-count-${slot}` });
    const pooled: PoolWorker = { worker, jobs: new Map(), warmed: new Set(), ready: new Map(), hashes: new Map(), alive: true };
    worker.unref();
    worker.on('message', (message: FromWorker) => this.onMessage(pooled, message));
    worker.on('error', (error) => this.onDeath(pooled, slot, error.message));
    worker.on('messageerror', (error) => this.onDeath(pooled, slot, `unreadable message: ${error.message}`));
    worker.on('exit', (code) => this.onDeath(pooled, slot, `exit code ${code}`));
    this.slots[slot] = pooled;
    return pooled;
  }

  private post(pooled: PoolWorker, message: ToWorker): void {
    pooled.worker.postMessage(message);
  }

  private onMessage(pooled: PoolWorker, message: FromWorker): void {
    switch (message.type) {
      case 'ready':
        pooled.ready.get(message.tokenizer)?.();
        pooled.ready.delete(message.tokenizer);
        return;
      case 'hashed':
        pooled.hashes.get(message.hashId)?.(message.hex);
        pooled.hashes.delete(message.hashId);
        this.updateRef(pooled);
        return;
      case 'chunk':
        pooled.jobs.get(message.jobId)?.chunkCounted();
        return;
      case 'failed':
        pooled.jobs.get(message.jobId)?.fail(new CavemanError('cave_internal', `internal error: a token-counting worker failed: ${message.message}`));
        return;
      case 'released': {
        const job = pooled.jobs.get(message.jobId);
        pooled.jobs.delete(message.jobId);
        if (job) {
          job.workers--;
          job.chunkCounted();
        }
        this.updateRef(pooled);
        return;
      }
    }
  }

  /** A worker crashed or exited: every job it may hold a claimed chunk of fails, and the slot is refilled on demand. */
  private onDeath(pooled: PoolWorker, slot: number, reason: string): void {
    if (!pooled.alive) return;
    pooled.alive = false;
    if (this.slots[slot] === pooled) this.slots[slot] = undefined;
    this.releaseWaiters(pooled);
    for (const job of pooled.jobs.values()) {
      job.fail(new CavemanError('cave_internal', `internal error: a token-counting worker stopped unexpectedly (${reason}); the count was not finished`));
    }
    pooled.jobs.clear();
  }

  private releaseWaiters(pooled: PoolWorker): void {
    for (const resolve of pooled.ready.values()) resolve();
    pooled.ready.clear();
    for (const resolve of pooled.hashes.values()) resolve(undefined);
    pooled.hashes.clear();
  }

  private jobSettled(job: SharedCountJob): void {
    for (const pooled of this.slots) {
      if (pooled?.jobs.has(job.id)) this.updateRef(pooled);
    }
  }

  /** A worker keeps the process alive only while it works on a job someone awaits, or owes a digest. */
  private updateRef(pooled: PoolWorker): void {
    if (!pooled.alive) return;
    let busy = pooled.hashes.size > 0;
    for (const job of pooled.jobs.values()) busy ||= job.pending;
    if (busy) pooled.worker.ref();
    else pooled.worker.unref();
  }
}
