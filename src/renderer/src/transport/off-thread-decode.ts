// Decodes the big binary answers on a worker thread (answer-decoder.worker.ts)
// so the page never stalls on them: UTF-8 decoding, JSON.parse and the schema
// check of a 32 MiB catalog's diff would stall the page's main thread; a
// diff comes back packed (diff-transfer.ts). Answers
// without bytes to decode pass straight through. In the browser the worker
// fetches the big answers itself (fetchAnswer), so their bytes never cross
// the page's thread; bytes the page has (Electron's IPC answers) are moved
// to it (transferred, not copied). Should the worker fail, the answer is
// asked for again and decoded here. The worker can be started ahead of the
// first answer (warm), so a finished job's result does not wait for it to
// load. A page that cannot start the worker decodes here.

import { CavemanError } from '../../../shared/errors';
import type { CallOptions } from '../../../shared/ipc/caveman-api';
import { CHANNELS, type AnswerOf, type ChannelSpec, type ResponseOf, type SharedMethod } from '../../../shared/ipc/channels';
import type { CatalogBytes } from '../../../shared/contracts';
import { decodeAnswer } from './decode-answers';
import { unpackDiff } from './diff-transfer';
import type { AnswerFetch, DecodeKind, DecodeReply, DecodeRequest } from './decode-protocol';

export interface DecodeOptions<M extends SharedMethod> extends CallOptions {
  /**
   * Asks for the answer again. With it the bytes are moved to the worker
   * (this thread no longer has them); without it they are copied, so this
   * thread can still decode them if the worker fails.
   */
  refetch?: () => Promise<ResponseOf<M>>;
}

/** Turns a channel's response into what its API method answers. */
export type AnswerDecoder = <M extends SharedMethod>(method: M, response: ResponseOf<M>, options?: DecodeOptions<M>) => AnswerOf<M> | Promise<AnswerOf<M>>;

/**
 * Fetches and decodes an answer on the decoding thread; null when there is no
 * such thread (the caller then fetches and decodes it itself).
 */
export type AnswerFetcher = <M extends SharedMethod>(method: M, request: AnswerFetch, options?: DecodeOptions<M>) => Promise<AnswerOf<M>> | null;

/** An AnswerDecoder whose thread can be started before the first answer, and can fetch answers itself. */
export type OffThreadDecoder = AnswerDecoder & {
  /** Starts the decoding thread now if it is not running (idempotent). */
  warm(): void;
  fetchAnswer: AnswerFetcher;
};

/** The parts of a Worker used here (tests pass a fake). */
export interface DecodeWorker {
  postMessage(message: DecodeRequest, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DecodeReply>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

interface Pending {
  method: SharedMethod;
  /** The response, when its bytes were copied to the worker (still here). */
  response: ResponseOf<SharedMethod> | null;
  options: DecodeOptions<SharedMethod>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Bytes to send, and the buffer to move with them: the view's own buffer when it covers all of it, else a copy of the view. */
function movable(bytes: Uint8Array): { bytes: Uint8Array; buffer: ArrayBuffer } {
  if (bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return { bytes, buffer: bytes.buffer };
  const copy = bytes.slice();
  return { bytes: copy, buffer: copy.buffer };
}

/** `startWorker` starts the decoding thread (null: decode on this thread). */
export function createOffThreadDecoder(startWorker: (() => DecodeWorker) | null): OffThreadDecoder {
  let worker: DecodeWorker | null = null;
  let broken = startWorker === null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const decodeHere = (job: Pending) => {
    const response = job.response;
    if (response !== null) {
      try {
        job.resolve(decodeAnswer(job.method, response));
      } catch (error) {
        job.reject(error);
      }
      return;
    }
    // The bytes went to the failed worker: ask for them again.
    const refetch = job.options.refetch;
    if (!refetch) return job.reject(new CavemanError('cave_internal', 'internal error: the decoding thread failed'));
    refetch().then((again) => job.resolve(decodeAnswer(job.method, again)), job.reject);
  };

  const fallBack = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    const jobs = [...pending.values()];
    pending.clear();
    jobs.forEach(decodeHere);
  };

  const ensureWorker = (): DecodeWorker | null => {
    if (worker || broken || !startWorker) return worker;
    try {
      worker = startWorker();
    } catch {
      broken = true;
      return null;
    }
    worker.addEventListener('message', ({ data: reply }) => {
      const job = pending.get(reply.id);
      if (!job) return;
      if ('progress' in reply) return job.options.onProgress?.({ stage: 'decoding', fraction: reply.progress });
      if ('received' in reply) return job.options.onProgress?.({ stage: 'receiving', received: reply.received, total: reply.total });
      pending.delete(reply.id);
      if (!reply.ok) return job.reject(new CavemanError(reply.error.code, reply.error.message));
      job.resolve('diff' in reply ? unpackDiff(reply.diff) : reply.value);
    });
    worker.addEventListener('error', fallBack);
    return worker;
  };

  const decode = <M extends SharedMethod>(method: M, response: ResponseOf<M>, options: DecodeOptions<M> = {}): AnswerOf<M> | Promise<AnswerOf<M>> => {
    const kind: DecodeKind | undefined = (CHANNELS[method] as ChannelSpec).decodeAs;
    const thread = kind === undefined ? null : ensureWorker();
    if (kind === undefined || thread === null) return decodeAnswer(method, response);
    return new Promise<AnswerOf<M>>((resolve, reject) => {
      const id = ++nextId;
      const original = (response as CatalogBytes).bytes;
      // Moved when the answer can be asked for again; copied otherwise, so this thread can still decode it.
      const { bytes, buffer } = options.refetch ? movable(original) : { bytes: original.slice(), buffer: null };
      const job: Pending = {
        method,
        response: options.refetch ? null : response,
        options: options as DecodeOptions<SharedMethod>,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      pending.set(id, job);
      thread.postMessage({ id, kind, bytes }, buffer ? [buffer] : [bytes.buffer as ArrayBuffer]);
    });
  };
  const fetchAnswer: AnswerFetcher = <M extends SharedMethod>(method: M, request: AnswerFetch, options: DecodeOptions<M> = {}) => {
    const kind: DecodeKind | undefined = (CHANNELS[method] as ChannelSpec).decodeAs;
    const thread = kind === undefined ? null : ensureWorker();
    if (kind === undefined || thread === null) return null;
    return new Promise<AnswerOf<M>>((resolve, reject) => {
      const id = ++nextId;
      // Should the worker fail, the answer is fetched and decoded here (options.refetch).
      pending.set(id, { method, response: null, options: options as DecodeOptions<SharedMethod>, resolve: resolve as (value: unknown) => void, reject });
      thread.postMessage({ id, kind, fetch: request });
    });
  };
  return Object.assign(decode, { warm: () => void ensureWorker(), fetchAnswer });
}

/** The page's decoder: a module worker where the page can start one. */
export function pageDecoder(): OffThreadDecoder {
  if (typeof Worker === 'undefined') return createOffThreadDecoder(null);
  return createOffThreadDecoder(() => new Worker(new URL('./answer-decoder.worker.ts', import.meta.url), { type: 'module', name: 'answer-decoder' }));
}
