// A service worker thread: runs the store and engine operations for the
// process that serves the UI, so that process never blocks on parsing,
// counting or SQLite. One call at a time per operation id; cancellable.

import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { asCavemanError } from '../../shared/errors';
import { analysisBuffers } from '../analysis/analysis-buffers';
import { analysisCounter } from '../analysis/analysis-counter';
import type { AnalysisProduct } from '../analysis/analyze-catalog';
import { stepwise } from './progress-steps';
import { StoreHolder } from '../analysis/store-holder';
import type { Operation } from '../analysis/operation-types';
import { operations } from '../analysis/worker-operations';
import type { FromWorker, ToWorker, WorkerSetup } from './worker-protocol';
import { detachEarly } from './detach-early';

/** Lower priority than the UI thread (0), still well above idle work (19). */
const WORKER_NICE = 10;

if (!parentPort) throw new Error('job-worker must run as a worker thread');
// On Linux a thread's nice value is its own and threads it starts inherit it:
// this worker and its token-counting threads yield the CPU to the thread that
// serves the UI, so a long shrink never starves the window's event loop.
try {
  setPriority((workerData as WorkerSetup).nice ?? WORKER_NICE);
} catch {
  // Not permitted or not supported here: the work still runs, just at normal priority.
}
// Results transfer their byte arrays from this thread (detach-early.ts).
detachEarly();
const port = parentPort;
const setup = workerData as WorkerSetup;
const store = new StoreHolder(setup.storePath, setup.maxBytesSetting);
const counter = analysisCounter();
const running = new Map<number, AbortController>();
/** The warm-ups under way: a real call stops what is left of them (warm-up.ts). */
const warming = new Set<AbortController>();

port.on('message', (message: ToWorker) => {
  if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    return;
  }
  if (message.op !== 'warmUp') for (const warm of warming) warm.abort();
  void run(message.id, message.op, message.args);
});

async function run(id: number, op: Operation, args: unknown): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  if (op === 'warmUp') warming.add(controller);
  // Sent when what the bar shows changes (progress-steps.ts).
  const onProgress = stepwise<Extract<FromWorker, { type: 'progress' }>['stage']>((stage, fraction) => send({ type: 'progress', id, stage, fraction }));
  try {
    const implementation = operations[op] as (a: unknown, r: unknown, c: unknown) => unknown;
    const value = await implementation(args, { store, counter }, { signal: controller.signal, onProgress });
    send({ type: 'result', id, value }, transferablesOf(value));
  } catch (error) {
    send({ type: 'error', id, error: asCavemanError(error).toValue() });
  } finally {
    running.delete(id);
    warming.delete(controller);
  }
}

function send(message: FromWorker, transfer: ArrayBuffer[] = []): void {
  port.postMessage(message, transfer);
}

/** Large byte arrays are moved to the main thread, not copied. */
function transferablesOf(value: unknown): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (bytes: Uint8Array | undefined) => {
    if (bytes && bytes.buffer instanceof ArrayBuffer && bytes.byteLength === bytes.buffer.byteLength) buffers.add(bytes.buffer);
  };
  if (value instanceof Uint8Array) add(value);
  else if (typeof value === 'object' && value !== null) {
    const result = value as { bytes?: unknown; outcome?: unknown };
    if (result.bytes instanceof Uint8Array) add(result.bytes);
    if (result.outcome !== undefined) analysisBuffers(value as AnalysisProduct).forEach(add);
  }
  return [...buffers];
}
