// The main-thread side of a service worker: calls with ids, progress and
// cancel by id, transfers for large byte arrays. A worker that dies fails its
// calls with a clear error and is replaced on the next call.

import { Worker } from 'node:worker_threads';
import { CavemanError, cancelledError } from '../../shared/errors';
import { resolveWorkerScript } from '../engine/threads/worker-script';
import type { Operation, Operations } from '../analysis/operation-types';
import type { FromWorker, ToWorker, WorkerSetup } from './worker-protocol';
import { detachEarly } from './detach-early';

// Calls transfer their byte arrays from this thread (detach-early.ts).
detachEarly();

export interface CallOptions {
  transfer?: ArrayBuffer[];
  signal?: AbortSignal;
  onProgress?: (stage: Extract<FromWorker, { type: 'progress' }>['stage'], fraction: number) => void;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: CallOptions['onProgress'];
}

export class WorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly setup: WorkerSetup,
    private readonly label: string,
    private readonly script: URL = resolveWorkerScript('job-worker', import.meta.url),
  ) {}

  call<K extends Operation>(op: K, args: Operations[K]['args'], options: CallOptions = {}): Promise<Operations[K]['result']> {
    if (options.signal?.aborted) return Promise.reject(cancelledError());
    this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
      options.signal?.addEventListener('abort', () => this.post({ type: 'cancel', id }), { once: true });
      this.post({ type: 'call', id, op, args }, options.transfer);
    });
  }

  /** Calls in flight (used to keep idle workers from holding the process open). */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(`the ${this.label} worker was stopped`);
    await worker?.terminate();
  }

  private post(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    this.worker?.postMessage(message, transfer);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script, { workerData: this.setup, name: `caveman-${this.label}` });
    worker.on('message', (message: FromWorker) => this.onMessage(message));
    worker.on('error', (error) => this.onDeath(worker, error.message));
    worker.on('exit', (code) => this.onDeath(worker, `exit code ${code}`));
    this.worker = worker;
    return worker;
  }

  private onMessage(message: FromWorker): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.(message.stage, message.fraction);
      return;
    }
    this.pending.delete(message.id);
    if (message.type === 'result') pending.resolve(message.value);
    else pending.reject(CavemanError.fromValue(message.error));
  }

  private onDeath(worker: Worker, reason: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.failAll(`the ${this.label} worker stopped unexpectedly (${reason}); nothing was stored by the unfinished work`);
  }

  private failAll(message: string): void {
    for (const pending of this.pending.values()) pending.reject(new CavemanError('cave_internal', `internal error: ${message}`));
    this.pending.clear();
  }
}
