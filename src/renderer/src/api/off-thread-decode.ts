// Decodes the big binary answers on a worker thread (answer-decoder.worker.ts)
// so the page never stalls on them: UTF-8 decoding, JSON.parse and the schema
// check of a 32 MiB catalog's diff took the page's main thread for hundreds
// of milliseconds; a diff comes back packed (diff-transfer.ts). Answers without bytes to decode pass straight through. A
// page that cannot start the worker, or whose worker fails, decodes here.

import { CavemanError } from '../../../shared/errors';
import { CHANNELS, type AnswerOf, type ChannelSpec, type ResponseOf, type SharedMethod } from '../../../shared/ipc/channels';
import type { CatalogBytes } from '../../../shared/contracts';
import { decodeAnswer } from './decode-answers';
import { unpackDiff } from './diff-transfer';
import type { DecodeKind, DecodeReply, DecodeRequest } from './decode-protocol';

/** Turns a channel's response into what its API method answers. */
export type AnswerDecoder = <M extends SharedMethod>(method: M, response: ResponseOf<M>) => AnswerOf<M> | Promise<AnswerOf<M>>;

/** The parts of a Worker used here (tests pass a fake). */
export interface DecodeWorker {
  postMessage(message: DecodeRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DecodeReply>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

interface Pending {
  method: SharedMethod;
  response: ResponseOf<SharedMethod>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** `startWorker` starts the decoding thread (null: decode on this thread). */
export function createOffThreadDecoder(startWorker: (() => DecodeWorker) | null): AnswerDecoder {
  let worker: DecodeWorker | null = null;
  let broken = startWorker === null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const decodeHere = (job: Pending) => {
    try {
      job.resolve(decodeAnswer(job.method, job.response));
    } catch (error) {
      job.reject(error);
    }
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
      pending.delete(reply.id);
      if (!reply.ok) return job.reject(new CavemanError(reply.error.code, reply.error.message));
      job.resolve('diff' in reply ? unpackDiff(reply.diff) : reply.value);
    });
    worker.addEventListener('error', fallBack);
    return worker;
  };

  return <M extends SharedMethod>(method: M, response: ResponseOf<M>): AnswerOf<M> | Promise<AnswerOf<M>> => {
    const kind: DecodeKind | undefined = (CHANNELS[method] as ChannelSpec).decodeAs;
    const thread = kind === undefined ? null : ensureWorker();
    if (kind === undefined || thread === null) return decodeAnswer(method, response);
    return new Promise<AnswerOf<M>>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { method, response, resolve: resolve as (value: unknown) => void, reject });
      // Copied, not transferred: the bytes stay here in case the worker fails and this thread decodes them.
      thread.postMessage({ id, kind, bytes: (response as CatalogBytes).bytes });
    });
  };
}

/** The page's decoder: a module worker where the page can start one. */
export function pageDecoder(): AnswerDecoder {
  if (typeof Worker === 'undefined') return createOffThreadDecoder(null);
  return createOffThreadDecoder(() => new Worker(new URL('./answer-decoder.worker.ts', import.meta.url), { type: 'module', name: 'answer-decoder' }));
}
