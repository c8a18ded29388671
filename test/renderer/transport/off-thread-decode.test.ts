import { describe, expect, it } from 'vitest';
import { answerDecodeRequest, fetchAnswerBytes, type DecodeReply, type DecodeRequest } from '../../../src/renderer/src/transport/decode-protocol';
import { asCavemanError } from '../../../src/shared/errors';
import { createOffThreadDecoder, type DecodeWorker } from '../../../src/renderer/src/transport/off-thread-decode';
import type { CatalogBytes } from '../../../src/shared/contracts';
import { encodeDiff, encodeDiffEnvelope } from '../../../src/shared/ipc/diff-envelope';
import type { LoadProgress } from '../../../src/shared/ipc/caveman-api';
import { lintReport } from '../fakes/fake-api';
import { createFakeHost } from '../fakes/fake-host';
import { wholeDiff } from '../fakes/whole-diff';
import { rangesOf } from '../../helpers/change-ranges';

const encode = (text: string) => new TextEncoder().encode(text);
const json = (value: unknown) => encode(JSON.stringify(value));
const bytesOf = (bytes: Uint8Array): CatalogBytes => ({ bytes });

/**
 * A worker that answers as the real one does (its progress first), a turn
 * later, fetching answers through `fetchImpl`; `fail` makes it fire an error
 * event instead (it could not load).
 */
function fakeWorker(options: { fail?: boolean; fetchImpl?: typeof fetch } = {}) {
  const seen: DecodeRequest[] = [];
  const transfers: Transferable[][] = [];
  let terminated = false;
  const listeners: { message: ((event: MessageEvent<DecodeReply>) => void)[]; error: ((event: Event) => void)[] } = { message: [], error: [] };
  const deliver = (data: DecodeReply) => listeners.message.forEach((listener) => listener({ data } as MessageEvent<DecodeReply>));
  const answer = async (message: DecodeRequest, transfer: Transferable[]) => {
    if (options.fail) return listeners.error.forEach((listener) => listener(new Event('error')));
    let bytes: Uint8Array;
    if ('fetch' in message) {
      try {
        bytes = await fetchAnswerBytes(
          message.fetch,
          (progress) => progress.stage === 'receiving' && deliver({ id: message.id, received: progress.received, total: progress.total }),
          options.fetchImpl,
        );
      } catch (error) {
        return deliver({ id: message.id, ok: false, error: asCavemanError(error).toValue() });
      }
    } else {
      // What arrives on the other side: moved bytes are the same buffer, copied ones are cloned.
      bytes = transfer.includes(message.bytes.buffer as ArrayBuffer) ? message.bytes : message.bytes.slice();
    }
    const progress: DecodeReply[] = [];
    const { reply } = answerDecodeRequest({ id: message.id, kind: message.kind, bytes }, (fraction) => progress.push({ id: message.id, progress: fraction }));
    progress.forEach(deliver);
    deliver(reply);
  };
  const worker: DecodeWorker = {
    postMessage(message, transfer = []) {
      seen.push(message);
      transfers.push(transfer);
      setTimeout(() => void answer(message, transfer), 0);
    },
    addEventListener(type: 'message' | 'error', listener: never) {
      (listeners[type] as unknown[]).push(listener);
    },
    terminate: () => void (terminated = true),
  };
  return { worker, seen, transfers, terminated: () => terminated };
}

/** The bytes a request carried to the worker. */
const bytesSent = (request: DecodeRequest | undefined) => (request && 'bytes' in request ? request.bytes : undefined);

const original = '{"a": "long", "t": 1}';
const compressed = '{"a": "s", "t": 1}';
const tools = [{ name: 't', originalLine: 1, compressedLine: 1 }];
const changes = [{ fromA: 7, toA: 11, fromB: 7, toB: 8 }];
const diffBytes = () => encodeDiff({ tools, changes: rangesOf(changes), original, compressed });
const decodedDiff = { tools, changes, original, compressed };

describe('decoding answers off the page thread', () => {
  it('sends the bytes to the worker and answers its value; a diff keeps the sections planned there', async () => {
    const fake = fakeWorker();
    const decode = createOffThreadDecoder(() => fake.worker);
    expect(await decode('getLintReport', bytesOf(json(lintReport())))).toEqual(lintReport());
    const diff = await decode('getDiff', bytesOf(diffBytes()));
    expect(wholeDiff(diff)).toEqual(decodedDiff);
    expect(fake.seen.map((request) => request.kind)).toEqual(['lintReport', 'diff']);
    // The page gets the plan made there: one section, its texts decoded when asked for.
    expect(diff.sections).toHaveLength(1);
    expect(diff.textsOf(0)).toEqual({ original, compressed, changes: Uint32Array.of(7, 11, 7, 8, 0) });
  });

  it('answers without bytes to decode pass straight through, never to the worker', async () => {
    const fake = fakeWorker();
    const decode = createOffThreadDecoder(() => fake.worker);
    const info = { cancelled: true };
    expect(await decode('cancelJob', info)).toBe(info);
    expect(fake.seen).toEqual([]);
  });

  it('turns the worker’s failure into a CavemanError with its code and sentence', async () => {
    const decode = createOffThreadDecoder(() => fakeWorker().worker);
    const mismatched = encodeDiffEnvelope({
      layout: json({ tools, compressedBytes: compressed.length + 1 }),
      changes: [7, 11, 7, 8, 0],
      original: encode(original),
      inserts: encode('s'),
    });
    await expect(decode('getDiff', bytesOf(mismatched))).rejects.toMatchObject({
      name: 'CavemanError',
      code: 'cave_internal',
      message: expect.stringMatching(/do not match their layout/),
    });
  });

  it('moves the bytes to the worker (transferred, not copied) when the answer can be asked for again, and passes its progress on', async () => {
    const fake = fakeWorker();
    const decode = createOffThreadDecoder(() => fake.worker);
    const bytes = diffBytes();
    const heard: LoadProgress[] = [];
    const diff = await decode('getDiff', bytesOf(bytes), { refetch: async () => bytesOf(diffBytes()), onProgress: (progress) => heard.push(progress) });
    expect(wholeDiff(diff)).toEqual(decodedDiff);
    expect(bytesSent(fake.seen[0])).toBe(bytes);
    expect(fake.transfers[0]).toHaveLength(1);
    expect(fake.transfers[0]![0]).toBe(bytes.buffer);
    // The decoding thread's steps, in order, before the answer.
    const fractions = heard.map((progress) => (progress.stage === 'decoding' ? progress.fraction : Number.NaN));
    expect(fractions.length).toBeGreaterThanOrEqual(3);
    expect(fractions.every((fraction, i) => fraction > (fractions[i - 1] ?? 0))).toBe(true);
    expect(fractions.at(-1)).toBe(1);
    // A view into a larger buffer is moved as a copy of just its bytes.
    const inside = new Uint8Array(bytes.byteLength + 8);
    inside.set(bytes, 8);
    expect(wholeDiff(await decode('getDiff', bytesOf(inside.subarray(8)), { refetch: async () => bytesOf(diffBytes()) }))).toEqual(decodedDiff);
    expect(fake.transfers[1]![0]).not.toBe(inside.buffer);
    expect((fake.transfers[1]![0] as ArrayBuffer).byteLength).toBe(bytes.byteLength);
  });

  it('lets the worker fetch an answer itself: the bytes arrive there, their arrival and decoding are heard here', async () => {
    const host = createFakeHost();
    host.handlers['catalog:diff'] = () => ({ bytes: diffBytes(), result: {} });
    const fake = fakeWorker({ fetchImpl: host.fetch });
    const decode = createOffThreadDecoder(() => fake.worker);
    const heard: LoadProgress[] = [];
    const request = {
      url: 'http://127.0.0.1:1/api/catalog:diff',
      headers: { 'content-type': 'application/json', 'x-caveman-token': 't' },
      body: '{"analysisId":"a1"}',
      channel: 'catalog:diff',
    };
    expect(wholeDiff(await decode.fetchAnswer('getDiff', request, { onProgress: (progress) => heard.push(progress) }))).toEqual(decodedDiff);
    expect(fake.seen).toEqual([{ id: 1, kind: 'diff', fetch: request }]);
    expect(host.requests[0]).toMatchObject({ channel: 'catalog:diff', json: { analysisId: 'a1' } });
    expect(heard[0]).toEqual({ stage: 'receiving', received: 0, total: diffBytes().byteLength });
    expect(heard.filter((progress) => progress.stage === 'receiving').at(-1)).toEqual({
      stage: 'receiving',
      received: diffBytes().byteLength,
      total: diffBytes().byteLength,
    });
    expect(heard.at(-1)).toEqual({ stage: 'decoding', fraction: 1 });
    // The host's failure is the answer's failure; an answer without bytes is not mistaken for one.
    host.handlers['catalog:diff'] = () => ({ json: { ok: false, code: 'cave_not_found', message: 'that result is no longer open' }, status: 404 });
    await expect(decode.fetchAnswer('getDiff', request)).rejects.toMatchObject({ code: 'cave_not_found', message: 'that result is no longer open' });
    // Answers without bytes to decode are never fetched there, nor anything without a worker.
    expect(decode.fetchAnswer('cancelJob', request)).toBeNull();
    expect(createOffThreadDecoder(null).fetchAnswer('getDiff', request)).toBeNull();
  });

  it('asks for moved bytes again and decodes them here when the worker fails', async () => {
    const failing = fakeWorker({ fail: true });
    const decode = createOffThreadDecoder(() => failing.worker);
    let asked = 0;
    const refetch = async () => {
      asked++;
      return bytesOf(diffBytes());
    };
    expect(wholeDiff(await decode('getDiff', bytesOf(diffBytes()), { refetch }))).toEqual(decodedDiff);
    expect(asked).toBe(1);
    // An answer the worker was to fetch itself is fetched here then.
    const fetching = createOffThreadDecoder(() => fakeWorker({ fail: true }).worker);
    expect(
      wholeDiff(
        await fetching.fetchAnswer('getDiff', { url: 'http://127.0.0.1:1/api/catalog:diff', headers: {}, body: '{}', channel: 'catalog:diff' }, { refetch }),
      ),
    ).toEqual(decodedDiff);
    expect(asked).toBe(2);
    expect(failing.terminated()).toBe(true);
  });

  it('starts its thread ahead of the first answer when warmed, once', () => {
    let started = 0;
    const decode = createOffThreadDecoder(() => {
      started++;
      return fakeWorker().worker;
    });
    expect(started).toBe(0);
    decode.warm();
    decode.warm();
    expect(started).toBe(1);
    createOffThreadDecoder(null).warm();
  });

  it('decodes on this thread when the worker cannot start or fails', async () => {
    const decode = createOffThreadDecoder(() => {
      throw new Error('blocked by the page policy');
    });
    expect(await decode('getLintReport', bytesOf(json(lintReport())))).toEqual(lintReport());
    const failing = fakeWorker({ fail: true });
    const decodeFailing = createOffThreadDecoder(() => failing.worker);
    expect(wholeDiff(await decodeFailing('getDiff', bytesOf(diffBytes())))).toEqual(decodedDiff);
    expect(failing.terminated()).toBe(true);
    // Once failed, later answers are decoded here without trying the worker again.
    expect(await decodeFailing('getCatalogText', bytesOf(encode('{"tools":[]}')))).toBe('{"tools":[]}');
    expect(failing.seen).toHaveLength(1);
    expect(createOffThreadDecoder(null)('getCatalogText', bytesOf(encode('x')))).toBe('x');
  });
});
