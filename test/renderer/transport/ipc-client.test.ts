import { describe, expect, it } from 'vitest';
import { createIpcApi } from '../../../src/renderer/src/transport/ipc-client';
import type { MenuCommandEvent } from '../../../src/shared/contracts';
import { createFakeBridge } from '../fakes/fake-bridge';
import { appInfo } from '../fakes/fake-api';
import { encodeDiff } from '../../../src/shared/ipc/diff-envelope';
import { wholeDiff } from '../fakes/whole-diff';
import { rangesOf } from '../../helpers/change-ranges';

const ok = (value: unknown) => ({ ok: true, value });
const encode = (text: string) => new TextEncoder().encode(text);

describe('IPC client', () => {
  it('unwraps answers and maps methods onto the bridge', async () => {
    const fake = createFakeBridge();
    const api = createIpcApi(fake.bridge);
    Object.assign(fake.answers, {
      getAppInfo: ok(appInfo({ platform: 'electron' })),
      analyzeCatalog: ok({ jobId: 'j1', name: 'a.json' }),
      reanalyzeCatalog: ok({ jobId: 'j2', name: 'a.json' }),
      openCatalogFiles: ok({ jobs: [{ jobId: 'j3', name: 'b.json' }] }),
      cancelJob: ok({ cancelled: true }),
      getCatalogText: ok({ bytes: encode('{"tools":[]}') }),
      listHistory: ok({ entries: [], total: 0, limit: 200, offset: 0 }),
      getHistoryEntry: ok({ entry: null }),
      deleteHistoryEntry: ok({ deleted: false }),
      openHistoryEntry: ok({ jobId: 'j4', name: 'c.json' }),
    });
    expect(api.platform).toBe('electron');
    expect((await api.getAppInfo({})).platform).toBe('electron');
    const bytes = Uint8Array.of(1, 2, 3);
    expect(await api.analyzeCatalog({ name: 'a.json', tokenizer: 'o200k_base', bytes })).toEqual({ jobId: 'j1', name: 'a.json' });
    expect(await api.reanalyzeCatalog({ analysisId: 'an1', tokenizer: 'cl100k_base' })).toEqual({ jobId: 'j2', name: 'a.json' });
    expect(await api.openCatalogFiles({ tokenizer: 'o200k_base' })).toEqual([{ jobId: 'j3', name: 'b.json' }]);
    expect(await api.cancelJob({ jobId: 'j1' })).toEqual({ cancelled: true });
    expect(await api.getCatalogText({ analysisId: 'an1', which: 'compressed' })).toBe('{"tools":[]}');
    expect(await api.listHistory({ limit: 200, offset: 0 })).toMatchObject({ total: 0 });
    expect(await api.getHistoryEntry({ handle: 'ccr_1' })).toEqual({ entry: null });
    expect(await api.deleteHistoryEntry({ handle: 'ccr_1' })).toEqual({ deleted: false });
    expect(await api.openHistoryEntry({ handle: 'ccr_1', tokenizer: 'o200k_base' })).toEqual({ jobId: 'j4', name: 'c.json' });
    expect(fake.requests).toEqual([
      { method: 'getAppInfo', request: {} },
      { method: 'analyzeCatalog', request: { name: 'a.json', tokenizer: 'o200k_base', bytes } },
      { method: 'reanalyzeCatalog', request: { analysisId: 'an1', tokenizer: 'cl100k_base' } },
      { method: 'openCatalogFiles', request: { tokenizer: 'o200k_base' } },
      { method: 'cancelJob', request: { jobId: 'j1' } },
      { method: 'getCatalogText', request: { analysisId: 'an1', which: 'compressed' } },
      { method: 'listHistory', request: { limit: 200, offset: 0 } },
      { method: 'getHistoryEntry', request: { handle: 'ccr_1' } },
      { method: 'deleteHistoryEntry', request: { handle: 'ccr_1' } },
      { method: 'openHistoryEntry', request: { handle: 'ccr_1', tokenizer: 'o200k_base' } },
    ]);
  });

  it('throws CavemanError for a failure answer and for a broken transport', async () => {
    const fake = createFakeBridge();
    const api = createIpcApi(fake.bridge);
    fake.answers.getDiff = { ok: false, code: 'cave_not_found', message: 'no analysis an9 — it may have been closed' };
    await expect(api.getDiff({ analysisId: 'an9' })).rejects.toMatchObject({
      name: 'CavemanError',
      code: 'cave_not_found',
      message: 'no analysis an9 — it may have been closed',
    });
    fake.answers.cancelJob = new Error('Error invoking remote method');
    await expect(api.cancelJob({ jobId: 'x' })).rejects.toMatchObject({ name: 'CavemanError', code: 'cave_internal' });
  });

  it('exports through the native save channel', async () => {
    const fake = createFakeBridge();
    const api = createIpcApi(fake.bridge);
    fake.answers.saveCatalog = ok({ status: 'saved', fileName: 'tools.min.json' });
    expect(await api.exportCatalog({ source: { analysisId: 'an1' }, which: 'compressed' })).toEqual({ status: 'saved', fileName: 'tools.min.json' });
    fake.answers.saveCatalog = ok({ status: 'cancelled' });
    expect(await api.exportCatalog({ source: { handle: 'ccr_1' }, which: 'original' })).toEqual({ status: 'cancelled' });
    expect(fake.requests.map((request) => request.method)).toEqual(['saveCatalog', 'saveCatalog']);
  });

  it('decodes the diff, layout and both texts, from one answer', async () => {
    const fake = createFakeBridge();
    const api = createIpcApi(fake.bridge);
    const tools = [{ name: 't', originalLine: 3, compressedLine: 3 }];
    const changes = [{ fromA: 0, toA: 2, fromB: 0, toB: 2 }];
    fake.answers.getDiff = ok({ bytes: encodeDiff({ tools, changes: rangesOf(changes), original: '{}', compressed: '[]' }) });
    expect(wholeDiff(await api.getDiff({ analysisId: 'an1' }))).toEqual({ original: '{}', compressed: '[]', changes, tools });
  });

  it('subscribes to events through the named on… methods', () => {
    const fake = createFakeBridge();
    const api = createIpcApi(fake.bridge);
    const seen: MenuCommandEvent[] = [];
    const off = api.on('menuCommand', (event) => seen.push(event));
    fake.fire('menuCommand', { command: 'save-original' });
    expect(seen).toEqual([{ command: 'save-original' }]);
    off();
    expect(fake.subscribed('menuCommand')).toBe(0);
  });
});
