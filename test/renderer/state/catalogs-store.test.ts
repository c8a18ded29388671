import { describe, expect, it } from 'vitest';
import { CavemanError, MAX_INPUT_BYTES, cancelledAfterStoringError, outcomeWords } from '../../../src/shared/errors';
import { createCatalogsStore, failureKey, outcomeFor } from '../../../src/renderer/src/state/catalogs-store';
import { createFakeApi, failure, settle, summary } from '../fakes/fake-api';
import { createFakeHost } from '../fakes/fake-host';
import { createHttpApi } from '../../../src/renderer/src/transport/http-client';
import type { AnalysisFailure } from '../../../src/shared/contracts';
import type { LevelName } from '../../../src/shared/levels';

const file = (name: string, text: string) => ({
  name,
  size: new TextEncoder().encode(text).byteLength,
  arrayBuffer: async () => new TextEncoder().encode(text).buffer as ArrayBuffer,
});

/** An API whose analyze call answers (job "fast") only on release(), so main's events can come first. */
function answerLater() {
  let answer: () => void = () => undefined;
  const api = createFakeApi({ analyzeCatalog: ({ name }) => new Promise((resolve) => (answer = () => resolve({ jobId: 'fast', name }))) });
  return { api, release: () => answer() };
}

describe('catalogs store', () => {
  it('sends each dropped file exactly as read and tracks its job', async () => {
    const api = createFakeApi();
    const store = createCatalogsStore(api);
    await store.getState().analyzeFiles([file('a.json', '{"tools":[]} '), file('b.json', '[]')], 'o200k_base');
    const sent = api.calls
      .filter((call) => call.method === 'analyzeCatalog')
      .map((call) => call.args[0] as { name: string; bytes: Uint8Array; tokenizer: string });
    expect(sent.map((request) => request.name)).toEqual(['a.json', 'b.json']);
    expect(new TextDecoder().decode(sent[0]?.bytes)).toBe('{"tools":[]} ');
    expect(sent[0]?.tokenizer).toBe('o200k_base');
    expect(store.getState().jobs.map((job) => [job.jobId, job.name, job.stage])).toEqual([
      ['job-1', 'a.json', 'queued'],
      ['job-2', 'b.json', 'queued'],
    ]);
  });

  it('asks for shared sub-schemas only when the setting is on, on every way a catalog is shrunk', async () => {
    const api = createFakeApi();
    let share = false;
    const store = createCatalogsStore(api, { choice: () => ({ shareSchemas: share }) });
    await store.getState().analyzeFiles([file('a.json', '{}')], 'o200k_base');
    share = true;
    await store.getState().analyzeFiles([file('b.json', '{}')], 'o200k_base');
    await store.getState().reanalyze('a1', 'o200k_base');
    await store.getState().openHandle('ccr_0123456789abcdef0123456789abcdef', 'o200k_base');
    await store.getState().openFiles('o200k_base');
    await store.getState().importMcpServer({ server: { transport: 'stdio', command: 'npx' }, tokenizer: 'o200k_base' });
    const requests = api.calls.filter((call) => call.method === 'analyzeCatalog').map((call) => call.args[0] as { shareSchemas?: boolean });
    expect(requests.map((request) => request.shareSchemas)).toEqual([undefined, true]);
    for (const method of ['reanalyzeCatalog', 'openHistoryEntry', 'openCatalogFiles', 'importMcpServer'])
      expect(api.calls.find((call) => call.method === method)?.args.at(-1), method).toMatchObject({ shareSchemas: true });
  });

  it('asks for the chosen level on every way a catalog is shrunk', async () => {
    const api = createFakeApi();
    let level: LevelName | undefined = undefined;
    const store = createCatalogsStore(api, { choice: () => ({ level }) });
    await store.getState().analyzeFiles([file('a.json', '{}')], 'o200k_base');
    level = 'leads';
    await store.getState().analyzeText('{}', 'o200k_base');
    await store.getState().reanalyze('a1', 'o200k_base');
    await store.getState().openHandle('ccr_0123456789abcdef0123456789abcdef', 'o200k_base');
    await store.getState().openFiles('o200k_base');
    await store.getState().importMcpServer({ server: { transport: 'stdio', command: 'npx' }, tokenizer: 'o200k_base' });
    const requests = api.calls.filter((call) => call.method === 'analyzeCatalog').map((call) => call.args[0] as { level?: LevelName });
    expect(requests.map((request) => request.level)).toEqual([undefined, 'leads']);
    for (const method of ['reanalyzeCatalog', 'openHistoryEntry', 'openCatalogFiles', 'importMcpServer'])
      expect(api.calls.find((call) => call.method === method)?.args.at(-1), method).toMatchObject({ level: 'leads' });
  });

  it('refuses a file above 32 MiB before reading it', async () => {
    const api = createFakeApi();
    const store = createCatalogsStore(api);
    let read = false;
    await store
      .getState()
      .analyzeFiles([{ name: 'huge.json', size: MAX_INPUT_BYTES + 1, arrayBuffer: async () => ((read = true), new ArrayBuffer(0)) }], 'o200k_base');
    expect(read).toBe(false);
    expect(api.calls).toEqual([]);
    const state = store.getState();
    const shown = outcomeFor(state, state.activeKey);
    expect(shown).toMatchObject({ ok: false, name: 'huge.json', error: { code: 'cave_input_too_large' } });
    expect(shown?.ok === false && shown.error.message).toMatch(/32\.0 MiB, above the 32 MiB limit/);
  });

  it('turns a rejected analyze call into a failure for that file', async () => {
    const api = createFakeApi({ analyzeCatalog: async () => Promise.reject(new CavemanError('cave_store_busy', 'the store is busy')) });
    const store = createCatalogsStore(api);
    await store.getState().analyzeText('{}', 'o200k_base');
    const state = store.getState();
    expect(outcomeFor(state, state.activeKey)).toEqual({ ok: false, name: 'pasted.json', error: { code: 'cave_store_busy', message: 'the store is busy' } });
  });

  it('updates progress and moves a finished job into results in arrival order', async () => {
    const api = createFakeApi();
    const store = createCatalogsStore(api);
    await store.getState().analyzeFiles([file('a.json', '{}'), file('b.json', '{}')], 'o200k_base');
    store.getState().progress({ jobId: 'job-1', stage: 'counting', fraction: 0.5 });
    expect(store.getState().jobs[0]).toMatchObject({ stage: 'counting', fraction: 0.5 });
    store.getState().finished({ jobId: 'job-2', outcome: summary('an-b', 'b.json') });
    store.getState().finished({ jobId: 'job-1', outcome: failure('a.json') });
    const state = store.getState();
    expect(state.jobs).toEqual([]);
    expect(state.order).toEqual(['an-b', failureKey('job-1')]);
    expect(state.summaries['an-b']?.name).toBe('b.json');
    expect(state.failures[failureKey('job-1')]?.error.message).toMatch(/line 3, column 14/);
    // The first result of the batch took the screen; the second waits in the list.
    expect(state.activeKey).toBe('an-b');
  });

  it('accepts events that arrive before the answer to the call', async () => {
    const { api, release } = answerLater();
    const store = createCatalogsStore(api);
    const pending = store.getState().analyzeText('{}', 'o200k_base');
    await settle();
    store.getState().progress({ jobId: 'fast', stage: 'transforming', fraction: 0.2 });
    expect(store.getState().jobs).toHaveLength(1);
    store.getState().finished({ jobId: 'fast', outcome: summary('an-fast') });
    release();
    await pending;
    expect(store.getState().jobs).toEqual([]);
    expect(store.getState().activeKey).toBe('an-fast');
  });

  it('tells main where each input came from, and keeps no bytes: a failure brings its origin and offending line', async () => {
    const api = createFakeApi();
    const store = createCatalogsStore(api);
    await store.getState().analyzeText('{\n  "tools": [x]\n}', 'o200k_base');
    await store.getState().analyzeFiles([file('a.json', '{}')], 'o200k_base');
    const origins = api.calls.filter((call) => call.method === 'analyzeCatalog').map((call) => (call.args[0] as { origin?: string }).origin);
    expect(origins).toEqual(['paste', 'file']);
  });

  it('shows the failure main sent, even when it arrives before the answer to the call', async () => {
    const { api, release } = answerLater();
    const store = createCatalogsStore(api);
    const pending = store.getState().analyzeText('{\n  "tools": [x]\n}', 'o200k_base');
    await settle();
    const excerpt = { line: 2, column: 13, text: '  "tools": [x]', caret: 12 };
    const failed = failure('pasted.json', 'cave_invalid_json', 'not valid JSON at line 2, column 13: expected a value, found "x"', {
      origin: 'paste',
      excerpt,
    });
    store.getState().finished({ jobId: 'fast', outcome: failed });
    release();
    await pending;
    expect(store.getState().failures[failureKey('fast')]).toEqual(failed);
    expect(store.getState().jobs).toEqual([]);
  });

  it('cancels a job: the row says Cancelling… until the job ends, then goes, and the cancel resolves with how it ended', async () => {
    const api = createFakeApi();
    const store = createCatalogsStore(api);
    await store.getState().analyzeText('{}', 'o200k_base');
    const cancelling = store.getState().cancel('job-1');
    await settle();
    expect(api.calls.at(-1)).toEqual({ method: 'cancelJob', args: [{ jobId: 'job-1' }] });
    expect(store.getState().jobs).toMatchObject([{ jobId: 'job-1', cancelling: true }]);
    const ended = failure('pasted.json', 'cave_cancelled', 'cancelled — nothing was stored');
    store.getState().finished({ jobId: 'job-1', outcome: ended });
    await expect(cancelling).resolves.toEqual({ cancelled: true, outcome: ended });
    expect(store.getState().jobs).toEqual([]);
    expect(store.getState().order).toEqual([]);
  });

  it('a cancel that lands after the original was stored resolves with that outcome, not "nothing was stored"', async () => {
    const api = createFakeApi();
    const store = createCatalogsStore(api);
    await store.getState().analyzeText('{}', 'o200k_base');
    const stored: AnalysisFailure = { ok: false, name: 'pasted.json', error: cancelledAfterStoringError('ccr_0123456789abcdef0123456789abcdef').toValue() };
    // The job's end can arrive before main's answer to the cancel.
    const cancelling = store.getState().cancel('job-1');
    store.getState().finished({ jobId: 'job-1', outcome: stored });
    const result = await cancelling;
    expect(result.cancelled && !result.outcome.ok && result.outcome.error.outcome && outcomeWords(result.outcome.error.outcome)).toBe(
      'the original is kept as ccr_0123456789abcdef0123456789abcdef (in History)',
    );
  });

  it('a job that finished before the cancel reached it is shown, and the cancel says so', async () => {
    const api = createFakeApi();
    const store = createCatalogsStore(api);
    await store.getState().analyzeText('{}', 'o200k_base');
    const cancelling = store.getState().cancel('job-1');
    store.getState().finished({ jobId: 'job-1', outcome: summary('an-anyway') });
    await expect(cancelling).resolves.toMatchObject({ cancelled: true, outcome: { ok: true, analysisId: 'an-anyway' } });
    expect(store.getState().order).toEqual(['an-anyway']);
  });

  it('drops the row of a job main no longer runs, and still shows its late result', async () => {
    const api = createFakeApi({ cancelJob: async () => ({ cancelled: false }) });
    const store = createCatalogsStore(api);
    await store.getState().analyzeText('{}', 'o200k_base');
    await store.getState().cancel('job-1');
    expect(store.getState().jobs).toEqual([]);
    store.getState().finished({ jobId: 'job-1', outcome: summary('an-late') });
    expect(store.getState().activeKey).toBe('an-late');
  });

  it('keeps the job when the cancel call itself fails', async () => {
    const api = createFakeApi({ cancelJob: async () => Promise.reject(new CavemanError('cave_internal', 'internal error: gone')) });
    const store = createCatalogsStore(api);
    await store.getState().analyzeText('{}', 'o200k_base');
    await expect(store.getState().cancel('job-1')).rejects.toMatchObject({ code: 'cave_internal' });
    expect(store.getState().jobs).toMatchObject([{ jobId: 'job-1', cancelling: false }]);
  });

  it('puts a re-measured analysis in the place of the one it replaces', async () => {
    const api = createFakeApi({ reanalyzeCatalog: async () => ({ jobId: 'again', name: 'a.json' }) });
    const store = createCatalogsStore(api);
    store.getState().finished({ jobId: 'j1', outcome: summary('an-a', 'a.json') });
    store.getState().finished({ jobId: 'j2', outcome: summary('an-b', 'b.json') });
    store.getState().select('an-a');
    await store.getState().reanalyze('an-a', 'cl100k_base');
    expect(api.calls.at(-1)).toEqual({ method: 'reanalyzeCatalog', args: [{ analysisId: 'an-a', tokenizer: 'cl100k_base' }] });
    store.getState().finished({ jobId: 'again', outcome: summary('an-a2', 'a.json', { tokenizer: 'cl100k_base' }) });
    const state = store.getState();
    expect(state.order).toEqual(['an-a2', 'an-b']);
    expect(state.summaries['an-a']).toBeUndefined();
    expect(state.activeKey).toBe('an-a2');
  });

  it('lets the person pick and close catalogs', () => {
    const store = createCatalogsStore(createFakeApi());
    store.getState().finished({ jobId: 'j1', outcome: summary('an-a') });
    store.getState().finished({ jobId: 'j2', outcome: summary('an-b') });
    store.getState().select('an-b');
    expect(store.getState().activeKey).toBe('an-b');
    store.getState().select('missing');
    expect(store.getState().activeKey).toBe('an-b');
    store.getState().close('an-b');
    expect(store.getState()).toMatchObject({ order: ['an-a'], activeKey: 'an-a' });
    store.getState().close('an-a');
    expect(store.getState()).toMatchObject({ order: [], activeKey: null });
  });

  it('tracks jobs main started itself and shows the first result', () => {
    const store = createCatalogsStore(createFakeApi());
    store.getState().finished({ jobId: 'j1', outcome: summary('an-a') });
    store.getState().select('an-a');
    store.getState().track([{ jobId: 'os-1', name: 'from-finder.json' }], { newBatch: true });
    store.getState().finished({ jobId: 'os-1', outcome: summary('an-os') });
    expect(store.getState().activeKey).toBe('an-os');
  });

  it('opens files and stored handles through the API', async () => {
    const api = createFakeApi({
      openCatalogFiles: async () => [
        { jobId: 'o1', name: 'x.json' },
        { jobId: 'o2', name: 'y.json' },
      ],
    });
    const store = createCatalogsStore(api);
    await store.getState().openFiles('cl100k_base');
    await store.getState().openHandle('ccr_0123456789abcdef0123456789abcdef', 'o200k_base');
    expect(api.calls.map((call) => [call.method, ...call.args])).toEqual([
      ['openCatalogFiles', { tokenizer: 'cl100k_base' }],
      ['openHistoryEntry', { handle: 'ccr_0123456789abcdef0123456789abcdef', tokenizer: 'o200k_base' }],
    ]);
    expect(store.getState().jobs.map((job) => job.name)).toEqual(['x.json', 'y.json', 'stored.json']);
  });
});

describe('failures that never reached main', () => {
  it('a file the HTTP client refused and one the store refused are two failures, neither hides the other', async () => {
    const huge = (name: string) => ({ name, size: MAX_INPUT_BYTES + 1, arrayBuffer: async () => new ArrayBuffer(0) });
    const host = createFakeHost();
    const api = createHttpApi({
      fetch: host.fetch,
      token: 't',
      pickFiles: async () => [huge('picked.json')],
      saveDownload: () => undefined,
      wait: async () => undefined,
      helloTimeoutMs: 10,
    });
    try {
      const store = createCatalogsStore(api);
      const heard = new Promise<void>((resolve) => api.on('jobFinished', (event) => (store.getState().finished(event), resolve())));
      await store.getState().analyzeFiles([huge('dropped.json')], 'o200k_base');
      await store.getState().openFiles('o200k_base');
      await heard;
      const { order, failures } = store.getState();
      expect(order).toHaveLength(2);
      expect(new Set(order).size).toBe(2);
      expect(order.map((key) => failures[key]?.name)).toEqual(['dropped.json', 'picked.json']);
      // Both ended as every job ends (a jobFinished under a job id of their own), with the same refusal.
      expect(order.every((key) => /^failure:local-\d+$/.test(key))).toBe(true);
      expect(order.map((key) => failures[key]?.ok === false && failures[key].error)).toEqual([
        { code: 'cave_input_too_large', message: 'the file is 32.0 MiB, above the 32 MiB limit', outcome: { left: 'not_read' } },
        { code: 'cave_input_too_large', message: 'the file is 32.0 MiB, above the 32 MiB limit', outcome: { left: 'not_read' } },
      ]);
    } finally {
      api.dispose();
    }
  });
});
