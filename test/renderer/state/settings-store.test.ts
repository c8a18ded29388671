import { describe, expect, it } from 'vitest';
import { CavemanError } from '../../../src/shared/errors';
import { availableTokenizers, createSettingsStore } from '../../../src/renderer/src/state/settings-store';
import { appInfo, createFakeApi } from '../fakes/fake-api';

describe('settings store', () => {
  it('takes the default tokenizer from AppInfo', async () => {
    const store = createSettingsStore(createFakeApi());
    expect(store.getState().tokenizer).toBe('o200k_base');
    await store.getState().load();
    expect(store.getState().tokenizer).toBe('cl100k_base');
    expect(store.getState().appInfo?.storePath).toBe('/tmp/ccr.db');
  });

  it('keeps a tokenizer the person chose before AppInfo arrived', async () => {
    const store = createSettingsStore(createFakeApi());
    store.getState().setTokenizer('o200k_base');
    await store.getState().load();
    expect(store.getState().tokenizer).toBe('o200k_base');
  });

  it('records why AppInfo could not be read', async () => {
    const store = createSettingsStore(createFakeApi({ getAppInfo: async () => Promise.reject(new CavemanError('cave_internal', 'internal error: boom')) }));
    await store.getState().load();
    expect(store.getState().appInfoError).toEqual({ code: 'cave_internal', message: 'internal error: boom' });
  });

  it('toggles collapse-unchanged and lists tokenizers', () => {
    const store = createSettingsStore(createFakeApi());
    store.getState().setCollapseUnchanged(true);
    expect(store.getState().collapseUnchanged).toBe(true);
    expect(availableTokenizers(null)).toEqual(['o200k_base', 'cl100k_base']);
    expect(availableTokenizers(appInfo({ tokenizers: ['cl100k_base'] }))).toEqual(['cl100k_base']);
  });
});
