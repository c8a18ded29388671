import { describe, expect, it } from 'vitest';
import { createHttpApi } from '../../../src/renderer/src/transport/http-client';
import { MAX_INPUT_BYTES, CavemanError } from '../../../src/shared/errors';
import type { JobFinishedEvent, JobProgressEvent } from '../../../src/shared/contracts';
import { CLIENT_HEADER, TOKEN_HEADER, createFakeHost, fail, ok } from '../fakes/fake-host';
import { appInfo, settle } from '../fakes/fake-api';
import { encodeDiff, encodeDiffEnvelope } from '../../../src/shared/ipc/diff-envelope';
import { wholeDiff } from '../fakes/whole-diff';
import type { LoadProgress } from '../../../src/shared/ipc/caveman-api';
import { readBytes } from '../../../src/renderer/src/transport/http-answers';
import { createOffThreadDecoder } from '../../../src/renderer/src/transport/off-thread-decode';
import { answerDecodeRequest, fetchAnswerBytes, type DecodeReply, type DecodeRequest } from '../../../src/renderer/src/transport/decode-protocol';
import { rangesOf } from '../../helpers/change-ranges';

const encode = (text: string) => new TextEncoder().encode(text);

function setup(pick: { name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> }[] = []) {
  const host = createFakeHost();
  const downloads: { bytes: Uint8Array; fileName: string }[] = [];
  const api = createHttpApi({
    fetch: host.fetch,
    token: 'secret-token',
    pickFiles: async () => pick,
    saveDownload: (bytes, fileName) => downloads.push({ bytes, fileName }),
    wait: async () => undefined,
    helloTimeoutMs: 50,
  });
  return { host, api, downloads };
}

describe('HTTP client', () => {
  it('sends the token and the client id from the hello line', async () => {
    const { host, api } = setup();
    host.handlers['app:info'] = () => ok(appInfo());
    await settle();
    expect(host.streams[0]?.headers[TOKEN_HEADER]).toBe('secret-token');
    host.streams[0]?.push({ event: 'hello', clientId: 'client-1' });
    const info = await api.getAppInfo({});
    expect(info.defaultTokenizer).toBe('cl100k_base');
    expect(host.requests[0]).toMatchObject({ channel: 'app:info', json: {} });
    expect(host.requests[0]?.headers[TOKEN_HEADER]).toBe('secret-token');
    expect(host.requests[0]?.headers[CLIENT_HEADER]).toBe('client-1');
    api.dispose();
  });

  it('sends catalog bytes as the raw body with the other fields in x-caveman-params', async () => {
    const { host, api } = setup();
    host.handlers['catalog:analyze'] = () => ok({ jobId: 'j1', name: 'ünï code.json' });
    host.streams[0]?.push({ event: 'hello', clientId: 'c' });
    await settle();
    const bytes = Uint8Array.of(0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0xff, 0x0a);
    expect(await api.analyzeCatalog({ name: 'ünï code.json', tokenizer: 'o200k_base', bytes })).toEqual({ jobId: 'j1', name: 'ünï code.json' });
    const seen = host.requests[0];
    expect(seen?.headers['content-type']).toBe('application/octet-stream');
    expect(seen?.params).toEqual({ name: 'ünï code.json', tokenizer: 'o200k_base' });
    expect(Array.from(seen?.body ?? [])).toEqual(Array.from(bytes));
    // As a Blob: Chromium blocks the page for about a second per 32 MiB typed-array body.
    expect(seen?.sentAs).toBe('blob');
    api.dispose();
  });

  it('turns a failure answer into a CavemanError with its code and sentence', async () => {
    const { host, api } = setup();
    host.streams[0]?.push({ event: 'hello', clientId: 'c' });
    host.handlers['jobs:cancel'] = () => fail('cave_bad_request', 'the jobs:cancel request is invalid');
    await expect(api.cancelJob({ jobId: 'x' })).rejects.toMatchObject({
      name: 'CavemanError',
      code: 'cave_bad_request',
      message: 'the jobs:cancel request is invalid',
    });
    host.handlers['jobs:cancel'] = () => ({ text: 'Forbidden', status: 403 });
    const error = await api.cancelJob({ jobId: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CavemanError);
    expect(error).toMatchObject({ code: 'cave_forbidden' });
    api.dispose();
  });

  it('reconnects naming its id and the last event it read, keeps the id, and delivers a resent event once', async () => {
    const { host, api } = setup();
    const finished: string[] = [];
    api.on('jobFinished', (event) => finished.push(event.jobId));
    await settle();
    const failed = (jobId: string) => ({ jobId, outcome: { ok: false, name: 'a.json', error: { code: 'cave_invalid_json', message: 'bad' } } });
    host.streams[0]?.push({ event: 'hello', clientId: 'c1' });
    host.streams[0]?.push({ event: 'jobFinished', payload: failed('j1'), seq: 1 });
    host.streams[0]?.push({ event: 'jobFinished', payload: failed('j2'), seq: 2 });
    await settle();
    host.streams[0]?.end();
    await settle();
    await settle();
    expect(host.streams).toHaveLength(2);
    expect(host.streams[1]?.headers).toMatchObject({ 'x-caveman-resume': 'c1', 'x-caveman-last-event': '2' });
    host.streams[1]?.push({ event: 'hello', clientId: 'c1' });
    host.streams[1]?.push({ event: 'jobFinished', payload: failed('j2'), seq: 2 });
    host.streams[1]?.push({ event: 'jobFinished', payload: failed('j3'), seq: 3 });
    await settle();
    expect(finished).toEqual(['j1', 'j2', 'j3']);
    host.handlers['jobs:cancel'] = () => ok({ cancelled: true });
    await api.cancelJob({ jobId: 'j3' });
    expect(host.requests.at(-1)?.headers[CLIENT_HEADER]).toBe('c1');
    // A host that restarted knows nothing of c1: a new id, and its count starts again.
    host.streams[1]?.end();
    await settle();
    await settle();
    expect(host.streams[2]?.headers).toMatchObject({ 'x-caveman-resume': 'c1', 'x-caveman-last-event': '3' });
    host.streams[2]?.push({ event: 'hello', clientId: 'c9' });
    host.streams[2]?.push({ event: 'jobFinished', payload: failed('j4'), seq: 1 });
    await settle();
    expect(finished).toEqual(['j1', 'j2', 'j3', 'j4']);
    api.dispose();
  });

  it('delivers events from the stream and reconnects with a new client id when it drops', async () => {
    const { host, api } = setup();
    const progress: JobProgressEvent[] = [];
    const finished: JobFinishedEvent[] = [];
    api.on('jobProgress', (event) => progress.push(event));
    api.on('jobFinished', (event) => finished.push(event));
    await settle();
    const first = host.streams[0];
    first?.push({ event: 'hello', clientId: 'c1' });
    // One line split across two chunks, and a keep-alive blank line.
    first?.push('{"event":"jobProgress","payload":{"jobId":"j","stage":"coun');
    first?.push('ting","fraction":0.5}}\n\n');
    first?.push({ event: 'unknownEvent', payload: 1 });
    await settle();
    expect(progress).toEqual([{ jobId: 'j', stage: 'counting', fraction: 0.5 }]);
    first?.end();
    await settle();
    await settle();
    expect(host.streams).toHaveLength(2);
    // A host that no longer knows c1 answers a new id.
    expect(host.streams[1]?.headers['x-caveman-resume']).toBe('c1');
    host.streams[1]?.push({ event: 'hello', clientId: 'c2' });
    host.streams[1]?.push({
      event: 'jobFinished',
      payload: { jobId: 'j', outcome: { ok: false, name: 'a.json', error: { code: 'cave_invalid_json', message: 'bad' } } },
    });
    await settle();
    expect(finished).toHaveLength(1);
    host.handlers['jobs:cancel'] = () => ok({ cancelled: true });
    await api.cancelJob({ jobId: 'j' });
    expect(host.requests.at(-1)?.headers[CLIENT_HEADER]).toBe('c2');
    api.dispose();
  });

  it('downloads an export as a file and says so', async () => {
    const { host, api, downloads } = setup();
    host.streams[0]?.push({ event: 'hello', clientId: 'c' });
    host.handlers['catalog:download'] = () => ({ bytes: encode('{"tools":[]}'), result: { fileName: 'github.min.json' } });
    expect(await api.exportCatalog({ source: { analysisId: 'a1' }, which: 'compressed' })).toEqual({ status: 'downloaded', fileName: 'github.min.json' });
    expect(host.requests[0]?.json).toEqual({ source: { analysisId: 'a1' }, which: 'compressed' });
    expect(downloads).toEqual([{ bytes: encode('{"tools":[]}'), fileName: 'github.min.json' }]);
    host.handlers['catalog:download'] = () => fail('cave_not_found', 'no such handle', 404);
    await expect(api.exportCatalog({ source: { handle: 'ccr_0' }, which: 'original' })).rejects.toMatchObject({ code: 'cave_not_found' });
    api.dispose();
  });

  it('decodes the diff, layout and both texts, from one answer, and reads catalog text as UTF-8', async () => {
    const { host, api } = setup();
    host.streams[0]?.push({ event: 'hello', clientId: 'c' });
    const original = '{\n  "a": "é"\n}';
    const compressed = '{\n}';
    const changes = [{ fromA: 2, toA: 13, fromB: 2, toB: 2 }];
    host.handlers['catalog:diff'] = () => ({ bytes: encodeDiff({ tools: [], changes: rangesOf(changes), original, compressed }), result: {} });
    host.handlers['catalog:text'] = () => ({ bytes: encode('{"tools":["ü"]}'), result: {} });
    const diff = await api.getDiff({ analysisId: 'a1' });
    expect(wholeDiff(diff)).toEqual({ tools: [], original, compressed, changes });
    expect(host.requests.filter((request) => request.channel === 'catalog:diff')).toHaveLength(1);
    expect(await api.getCatalogText({ analysisId: 'a1', which: 'compressed' })).toBe('{"tools":["ü"]}');
    const envelope = (layout: unknown) => ({
      bytes: encodeDiffEnvelope({ layout: encode(JSON.stringify(layout)), changes: [], original: encode(original), inserts: encode('') }),
      result: {},
    });
    host.handlers['catalog:diff'] = () => envelope({ tools: [], compressedBytes: 1 });
    await expect(api.getDiff({ analysisId: 'a1' })).rejects.toMatchObject({ code: 'cave_internal' });
    host.handlers['catalog:diff'] = () => envelope({ changes: 'nope' });
    await expect(api.getDiff({ analysisId: 'a1' })).rejects.toMatchObject({ code: 'cave_internal', message: expect.stringMatching(/wrong shape/) });
    host.handlers['catalog:diff'] = () => ({ bytes: Uint8Array.of(200, 0, 0, 0, 0, 0, 0, 0), result: {} });
    await expect(api.getDiff({ analysisId: 'a1' })).rejects.toMatchObject({ code: 'cave_internal', message: expect.stringMatching(/cut short/) });
    api.dispose();
  });

  it('reads a binary answer as it arrives, telling how many of the announced bytes have come', async () => {
    const { host, api } = setup();
    host.streams[0]?.push({ event: 'hello', clientId: 'c' });
    const text = 'x'.repeat(300_000);
    host.handlers['catalog:text'] = () => ({ bytes: encode(text), result: {} });
    const heard: LoadProgress[] = [];
    expect(await api.getCatalogText({ analysisId: 'a1', which: 'original' }, { onProgress: (progress) => heard.push(progress) })).toBe(text);
    const received = heard.map((progress) => (progress.stage === 'receiving' ? progress.received : -1));
    expect(heard.every((progress) => progress.stage === 'receiving' && progress.total === text.length)).toBe(true);
    expect(received[0]).toBe(0);
    expect(received.at(-1)).toBe(text.length);
    expect(received.every((count, i) => count >= (received[i - 1] ?? 0))).toBe(true);
    api.dispose();
  });

  it('lets a decoder that fetches answers itself fetch the big ones, with the token and client id, and hears them arrive', async () => {
    const host = createFakeHost();
    const started: DecodeRequest[] = [];
    const decode = createOffThreadDecoder(() => ({
      postMessage: (message: DecodeRequest) => {
        started.push(message);
        // Answered as the real worker would, on a later turn.
        setTimeout(async () => {
          if (!('fetch' in message)) return;
          const bytes = await fetchAnswerBytes(message.fetch, () => undefined, host.fetch);
          listener?.({ data: answerDecodeRequest({ id: message.id, kind: message.kind, bytes }).reply } as MessageEvent<DecodeReply>);
        }, 0);
      },
      addEventListener: (type: string, heard: (event: MessageEvent<DecodeReply>) => void) => {
        if (type === 'message') listener = heard;
      },
      terminate: () => undefined,
    }));
    let listener: ((event: MessageEvent<DecodeReply>) => void) | undefined;
    const api = createHttpApi({
      fetch: host.fetch,
      token: 'secret-token',
      pickFiles: async () => [],
      saveDownload: () => undefined,
      wait: async () => undefined,
      helloTimeoutMs: 50,
      decode,
    });
    host.streams[0]?.push({ event: 'hello', clientId: 'client-9' });
    await settle();
    host.handlers['catalog:text'] = () => ({ bytes: encode('{"tools":["ü"]}'), result: {} });
    expect(await api.getCatalogText({ analysisId: 'a1', which: 'compressed' })).toBe('{"tools":["ü"]}');
    expect(started).toHaveLength(1);
    const request = started[0]!;
    expect('fetch' in request && request.fetch).toMatchObject({
      channel: 'catalog:text',
      body: JSON.stringify({ analysisId: 'a1', which: 'compressed' }),
      headers: { [TOKEN_HEADER]: 'secret-token', [CLIENT_HEADER]: 'client-9' },
    });
    expect('fetch' in request && request.fetch.url).toMatch(/^http:\/\/[^/]+\/api\/catalog:text$/);
    // What has no bytes to decode is still asked for here.
    host.handlers['app:info'] = () => ok(appInfo());
    await api.getAppInfo({});
    expect(started).toHaveLength(1);
    api.dispose();
  });

  it('reads a streamed body chunk by chunk into one buffer, and refuses one shorter than announced', async () => {
    const chunks = [encode('ab'), encode('cde'), encode('f')];
    const streamed = (announced: number) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            chunks.forEach((chunk) => controller.enqueue(chunk));
            controller.close();
          },
        }),
        { headers: { 'content-length': String(announced) } },
      );
    const heard: LoadProgress[] = [];
    const bytes = await readBytes(streamed(6), (progress) => heard.push(progress));
    expect(new TextDecoder().decode(bytes)).toBe('abcdef');
    expect(bytes.byteLength).toBe(bytes.buffer.byteLength);
    expect(heard).toEqual([0, 2, 5, 6].map((received) => ({ stage: 'receiving', received, total: 6 })));
    await expect(readBytes(streamed(9))).rejects.toMatchObject({ code: 'cave_internal', message: expect.stringMatching(/announced 9 bytes and sent 6/) });
    // Without an announced length it is read in one go, and still said.
    const whole: LoadProgress[] = [];
    expect(new TextDecoder().decode(await readBytes(new Response('xyz'), (progress) => whole.push(progress)))).toBe('xyz');
    expect(whole).toEqual([{ stage: 'receiving', received: 3, total: 3 }]);
  });

  it('opens chosen files: analyses each, refuses an oversized one without reading it', async () => {
    let readHuge = false;
    const { host, api } = setup([
      { name: 'a.json', size: 2, arrayBuffer: async () => encode('{}').buffer as ArrayBuffer },
      { name: 'huge.json', size: MAX_INPUT_BYTES + 1, arrayBuffer: async () => ((readHuge = true), new ArrayBuffer(0)) },
    ]);
    host.streams[0]?.push({ event: 'hello', clientId: 'c' });
    host.handlers['catalog:analyze'] = (request) => ok({ jobId: 'j1', name: (request.params as { name: string }).name });
    const finished: JobFinishedEvent[] = [];
    const heard = new Promise<void>((resolve) => api.on('jobFinished', (event) => (finished.push(event), resolve())));
    const jobs = await api.openCatalogFiles({ tokenizer: 'cl100k_base' });
    expect(jobs[0]).toEqual({ jobId: 'j1', name: 'a.json' });
    expect(jobs[1]?.name).toBe('huge.json');
    expect(host.requests.map((request) => request.params)).toEqual([{ name: 'a.json', tokenizer: 'cl100k_base' }]);
    expect(readHuge).toBe(false);
    await heard;
    expect(finished).toEqual([
      { jobId: jobs[1]?.jobId, outcome: { ok: false, name: 'huge.json', error: expect.objectContaining({ code: 'cave_input_too_large' }) } },
    ]);
    api.dispose();
  });

  it('a picked file that fails before it starts ends with a kept jobFinished: a subscriber attached right after the call still hears it', async () => {
    // The second file takes a turn of the event loop to read: a failure announced on a timer started before it was missed.
    const afterATurn = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));
    const { host, api } = setup([
      { name: 'huge.json', size: MAX_INPUT_BYTES + 1, arrayBuffer: async () => new ArrayBuffer(0) },
      { name: 'slow.json', size: 2, arrayBuffer: () => afterATurn(new TextEncoder().encode('{}').buffer as ArrayBuffer) },
      { name: 'broken.json', size: 2, arrayBuffer: async () => Promise.reject(new Error('the disk went away')) },
    ]);
    host.streams[0]?.push({ event: 'hello', clientId: 'c' });
    host.handlers['catalog:analyze'] = (request) => ok({ jobId: 'j1', name: (request.params as { name: string }).name });
    const jobs = await api.openCatalogFiles({ tokenizer: 'cl100k_base' });
    const finished: JobFinishedEvent[] = [];
    await new Promise<void>((resolve) => api.on('jobFinished', (event) => finished.push(event) === 2 && resolve()));
    expect(jobs.map((job) => job.name)).toEqual(['huge.json', 'slow.json', 'broken.json']);
    expect(finished).toEqual([
      { jobId: jobs[0]?.jobId, outcome: { ok: false, name: 'huge.json', error: expect.objectContaining({ code: 'cave_input_too_large' }) } },
      {
        jobId: jobs[2]?.jobId,
        outcome: {
          ok: false,
          name: 'broken.json',
          error: { code: 'cave_internal', message: expect.stringMatching(/^the file could not be read: .*the disk went away$/) },
        },
      },
    ]);
    api.dispose();
  });

  it('answers [] when the file picker is cancelled', async () => {
    const { api, host } = setup([]);
    expect(await api.openCatalogFiles({ tokenizer: 'o200k_base' })).toEqual([]);
    expect(host.requests).toEqual([]);
    api.dispose();
  });

  it('maps history calls onto their channels', async () => {
    const { host, api } = setup();
    host.streams[0]?.push({ event: 'hello', clientId: 'c' });
    host.handlers['history:list'] = (request) => ok({ entries: [], total: 0, ...(request.json as object) });
    host.handlers['history:details'] = () => ok({ entry: null });
    host.handlers['history:delete'] = () => ok({ deleted: true });
    host.handlers['history:open'] = () => ok({ jobId: 'h1', name: 'x.json' });
    expect(await api.listHistory({ limit: 200, offset: 400, query: 'git' })).toMatchObject({ total: 0, offset: 400 });
    expect(await api.getHistoryEntry({ handle: 'ccr_1' })).toEqual({ entry: null });
    expect(await api.deleteHistoryEntry({ handle: 'ccr_1' })).toEqual({ deleted: true });
    expect(await api.openHistoryEntry({ handle: 'ccr_1', tokenizer: 'o200k_base' })).toEqual({ jobId: 'h1', name: 'x.json' });
    expect(host.requests.map((request) => [request.channel, request.json])).toEqual([
      ['history:list', { limit: 200, offset: 400, query: 'git' }],
      ['history:details', { handle: 'ccr_1' }],
      ['history:delete', { handle: 'ccr_1' }],
      ['history:open', { handle: 'ccr_1', tokenizer: 'o200k_base' }],
    ]);
    api.dispose();
  });
});
