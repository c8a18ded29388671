import { describe, expect, it } from 'vitest';
import { answerDecodeRequest, type DecodeReply, type DecodeRequest } from '../../../src/renderer/src/api/decode-protocol';
import { createOffThreadDecoder, type DecodeWorker } from '../../../src/renderer/src/api/off-thread-decode';
import { planOf, planSections } from '../../../src/renderer/src/lib/diff-sections';
import type { CatalogBytes } from '../../../src/shared/contracts';
import { encodeDiffEnvelope } from '../../../src/shared/ipc/diff-envelope';
import { lintReport } from '../fakes/fake-api';

const encode = (text: string) => new TextEncoder().encode(text);
const json = (value: unknown) => encode(JSON.stringify(value));
const bytesOf = (bytes: Uint8Array): CatalogBytes => ({ bytes });

/** A worker that answers as the real one does, a turn later; `fail` makes it fire an error event instead (it could not load). */
function fakeWorker(options: { fail?: boolean } = {}) {
  const seen: DecodeRequest[] = [];
  let terminated = false;
  const listeners: { message: ((event: MessageEvent<DecodeReply>) => void)[]; error: ((event: Event) => void)[] } = { message: [], error: [] };
  const worker: DecodeWorker = {
    postMessage(message) {
      seen.push(message);
      setTimeout(() => {
        if (options.fail) listeners.error.forEach((listener) => listener(new Event('error')));
        else listeners.message.forEach((listener) => listener({ data: answerDecodeRequest(message).reply } as MessageEvent<DecodeReply>));
      }, 0);
    },
    addEventListener(type: 'message' | 'error', listener: never) {
      (listeners[type] as unknown[]).push(listener);
    },
    terminate: () => void (terminated = true),
  };
  return { worker, seen, terminated: () => terminated };
}

const layout = { changes: [{ fromA: 0, toA: 1, fromB: 0, toB: 1 }], tools: [{ name: 't', originalLine: 1, compressedLine: 1 }], originalChars: 2, compressedChars: 2 };
const diffBytes = (original = '{}') => encodeDiffEnvelope({ layout: json(layout), original: encode(original), compressed: encode('[]') });

describe('decoding answers off the page thread', () => {
  it('sends the bytes to the worker and answers its value; a diff keeps the sections planned there', async () => {
    const fake = fakeWorker();
    const decode = createOffThreadDecoder(() => fake.worker);
    expect(await decode('getLintReport', bytesOf(json(lintReport())))).toEqual(lintReport());
    const diff = await decode('getDiff', bytesOf(diffBytes()));
    expect(diff).toEqual({ ...layout, original: '{}', compressed: '[]' });
    expect(fake.seen.map((request) => request.kind)).toEqual(['lintReport', 'diff']);
    // The page uses the worker's plan (the same object every time), not one made again here.
    const plan = planOf(diff);
    expect(plan.sections).toEqual(planSections(diff));
    expect(plan.textsOf(0)).toEqual({ original: '{}', compressed: '[]' });
    expect(planOf(diff)).toBe(plan);
    expect(planOf({ ...diff })).not.toBe(plan);
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
    await expect(decode('getDiff', bytesOf(diffBytes('{ }')))).rejects.toMatchObject({ name: 'CavemanError', code: 'cave_internal', message: expect.stringMatching(/do not match their layout/) });
  });

  it('decodes on this thread when the worker cannot start or fails', async () => {
    const decode = createOffThreadDecoder(() => {
      throw new Error('blocked by the page policy');
    });
    expect(await decode('getLintReport', bytesOf(json(lintReport())))).toEqual(lintReport());
    const failing = fakeWorker({ fail: true });
    const decodeFailing = createOffThreadDecoder(() => failing.worker);
    expect(await decodeFailing('getDiff', bytesOf(diffBytes()))).toEqual({ ...layout, original: '{}', compressed: '[]' });
    expect(failing.terminated()).toBe(true);
    // Once failed, later answers are decoded here without trying the worker again.
    expect(await decodeFailing('getCatalogText', bytesOf(encode('{"tools":[]}')))).toBe('{"tools":[]}');
    expect(failing.seen).toHaveLength(1);
    expect(createOffThreadDecoder(null)('getCatalogText', bytesOf(encode('x')))).toBe('x');
  });
});
