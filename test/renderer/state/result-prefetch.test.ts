import { describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../../src/shared/ipc/caveman-api';
import { connectEvents, createAppStores } from '../../../src/renderer/src/state/app-stores';
import { createResultPrefetch } from '../../../src/renderer/src/state/result-prefetch';
import { createFakeApi, lintReport, summary } from '../fakes/fake-api';
import { emptyPlan } from '../fakes/whole-diff';

const asked = (api: ReturnType<typeof createFakeApi>) => api.calls.filter((call) => call.method === 'getLintReport' || call.method === 'getDiff');

describe('result prefetch', () => {
  it('asks for the report and the diff of the result that takes the screen as its job finishes, before anything is drawn', () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    connectEvents(api, stores, () => undefined);
    api.emit('jobFinished', { jobId: 'j1', outcome: summary('an-1') });
    expect(asked(api).map((call) => [call.method, call.args[0]])).toEqual([
      ['getLintReport', { analysisId: 'an-1' }],
      ['getDiff', { analysisId: 'an-1' }],
    ]);
    // A later result of the same batch waits in the list: nothing is asked for it until it is shown.
    api.emit('jobFinished', { jobId: 'j2', outcome: summary('an-2') });
    expect(asked(api)).toHaveLength(2);
  });

  it('keeps the report that came with the finishing event, asks only for the diff, and hands the report to every loader of that result', async () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    connectEvents(api, stores, () => undefined);
    const lint = lintReport();
    api.emit('jobFinished', { jobId: 'j1', outcome: summary('an-1'), lint });
    expect(asked(api).map((call) => call.method)).toEqual(['getDiff']);
    expect(stores.prefetch.known('an-1')).toBe(lint);
    expect(stores.prefetch.known('an-2')).toBe(null);
    await expect(stores.prefetch.take('lint', 'an-1', () => undefined)).resolves.toBe(lint);
    // Read, not taken: the table drawn again (another tab, the result chosen again) draws it at once too.
    expect(stores.prefetch.known('an-1')).toBe(lint);
    // The next result that takes the screen without a report: that one is asked for, the kept one is dropped.
    stores.catalogs.getState().select('an-1');
    stores.prefetch.start('an-3');
    expect(stores.prefetch.known('an-1')).toBe(null);
    expect(asked(api).map((call) => [call.method, call.args[0]])).toEqual([
      ['getDiff', { analysisId: 'an-1' }],
      ['getLintReport', { analysisId: 'an-3' }],
      ['getDiff', { analysisId: 'an-3' }],
    ]);
  });

  it('asks for nothing when the job failed', () => {
    const api = createFakeApi();
    const stores = createAppStores(api);
    connectEvents(api, stores, () => undefined);
    api.emit('jobFinished', { jobId: 'j1', outcome: { ok: false, name: 'bad.json', error: { code: 'cave_invalid_json', message: 'bad' } } });
    expect(asked(api)).toEqual([]);
  });

  it('hands each load over once, to a loader of the same analysis, with the progress it made so far and the rest', async () => {
    let report!: (progress: LoadProgress) => void;
    let finish!: () => void;
    const plan = emptyPlan();
    const api = createFakeApi({
      getDiff: (_request, options) =>
        new Promise((resolve) => {
          report = options!.onProgress!;
          finish = () => resolve(plan);
        }),
    });
    const prefetch = createResultPrefetch(api);
    prefetch.start('an-1');
    report({ stage: 'receiving', received: 10, total: 100 });
    expect(prefetch.take('diff', 'an-2', () => undefined)).toBe(null);
    const heard: LoadProgress[] = [];
    const taken = prefetch.take('diff', 'an-1', (progress) => heard.push(progress));
    expect(prefetch.take('diff', 'an-1', () => undefined)).toBe(null);
    report({ stage: 'decoding', fraction: 0.5 });
    finish();
    expect(await taken).toBe(plan);
    expect(heard).toEqual([
      { stage: 'receiving', received: 10, total: 100 },
      { stage: 'decoding', fraction: 0.5 },
    ]);
  });

  it('keeps only the latest result’s loads, and passes a failure to the loader that takes it', async () => {
    const api = createFakeApi({ getLintReport: async ({ analysisId }) => Promise.reject(new Error(`no report for ${analysisId}`)) });
    const prefetch = createResultPrefetch(api);
    prefetch.start('an-1');
    prefetch.start('an-2');
    expect(prefetch.take('lint', 'an-1', () => undefined)).toBe(null);
    await expect(prefetch.take('lint', 'an-2', () => undefined)).rejects.toThrow('no report for an-2');
  });
});
