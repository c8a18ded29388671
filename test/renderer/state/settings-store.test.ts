import { describe, expect, it } from 'vitest';
import { CavemanError } from '../../../src/shared/errors';
import {
  availableTokenizers,
  createSettingsStore,
  INPUT_PRICE_KEY,
  LEVEL_KEY,
  BUDGET_KEY,
  SHARE_SCHEMAS_KEY,
  TABLE_SHARE_KEY,
  TOKENIZER_KEY,
} from '../../../src/renderer/src/state/settings-store';
import { appInfo, createFakeApi, memoryStorage, refusingStorage } from '../fakes/fake-api';

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

  it("wraps the diff's long lines until turned off", () => {
    const store = createSettingsStore(createFakeApi());
    expect(store.getState().wrapLines).toBe(true);
    store.getState().setWrapLines(false);
    expect(store.getState().wrapLines).toBe(false);
  });

  it("keeps the table's share of the width beside the diff across restarts; a stored value that is not a share is the automatic split", () => {
    const storage = memoryStorage();
    const first = createSettingsStore(createFakeApi(), storage);
    expect(first.getState().tableShare).toBeNull();
    first.getState().setTableShare(0.3);
    expect(createSettingsStore(createFakeApi(), storage).getState().tableShare).toBe(0.3);
    first.getState().setTableShare(null);
    expect(storage.getItem(TABLE_SHARE_KEY)).toBeNull();
    for (const stored of ['1.5', '0', 'wide']) {
      storage.setItem(TABLE_SHARE_KEY, stored);
      expect(createSettingsStore(createFakeApi(), storage).getState().tableShare).toBeNull();
    }
  });

  it('keeps the input price in storage across restarts', () => {
    const storage = memoryStorage();
    const first = createSettingsStore(createFakeApi(), storage);
    expect(first.getState().inputPrice).toBeNull();
    first.getState().setInputPrice(2.5);
    expect(storage.getItem(INPUT_PRICE_KEY)).toBe('2.5');
    expect(createSettingsStore(createFakeApi(), storage).getState().inputPrice).toBe(2.5);
    first.getState().setInputPrice(null);
    expect(storage.getItem(INPUT_PRICE_KEY)).toBeNull();
    expect(createSettingsStore(createFakeApi(), storage).getState().inputPrice).toBeNull();
  });

  it('shrinks at facts until a level is picked, and keeps the pick across restarts', () => {
    const storage = memoryStorage();
    const first = createSettingsStore(createFakeApi(), storage);
    expect(first.getState().level).toBe('facts');
    first.getState().setLevel('signatures');
    expect(storage.getItem(LEVEL_KEY)).toBe('signatures');
    expect(createSettingsStore(createFakeApi(), storage).getState().level).toBe('signatures');
    first.getState().setLevel('facts');
    expect(storage.getItem(LEVEL_KEY)).toBeNull();
    expect(createSettingsStore(createFakeApi(), storage).getState().level).toBe('facts');
  });

  it('keeps the picked tokenizer and the share switch across a reload (both reset)', async () => {
    const storage = memoryStorage();
    const first = createSettingsStore(createFakeApi(), storage);
    await first.getState().load();
    expect(first.getState()).toMatchObject({ tokenizer: 'cl100k_base', shareSchemas: false });
    first.getState().setTokenizer('o200k_base');
    first.getState().setShareSchemas(true);
    expect([storage.getItem(TOKENIZER_KEY), storage.getItem(SHARE_SCHEMAS_KEY)]).toEqual(['o200k_base', 'true']);
    const reloaded = createSettingsStore(createFakeApi(), storage);
    await reloaded.getState().load();
    // The host's default (cl100k_base here) no longer overrides the pick.
    expect(reloaded.getState()).toMatchObject({ tokenizer: 'o200k_base', tokenizerChosen: true, shareSchemas: true });
    reloaded.getState().setShareSchemas(false);
    expect(storage.getItem(SHARE_SCHEMAS_KEY)).toBeNull();
    expect(createSettingsStore(createFakeApi(), storage).getState().shareSchemas).toBe(false);
  });

  it('a stored tokenizer that is not one, or that this host does not offer, gives way to the host default', async () => {
    for (const bad of ['gpt2', '', 'O200K_BASE']) {
      const storage = memoryStorage();
      storage.setItem(TOKENIZER_KEY, bad);
      const store = createSettingsStore(createFakeApi(), storage);
      await store.getState().load();
      expect(store.getState().tokenizer, bad).toBe('cl100k_base');
    }
    const storage = memoryStorage();
    storage.setItem(TOKENIZER_KEY, 'o200k_base');
    const store = createSettingsStore(createFakeApi({ getAppInfo: async () => appInfo({ tokenizers: ['cl100k_base'] }) }), storage);
    await store.getState().load();
    expect(store.getState().tokenizer).toBe('cl100k_base');
  });

  it('lists without a budget until one is given, keeps a whole number of tokens across restarts, and refuses anything else', () => {
    const storage = memoryStorage();
    const first = createSettingsStore(createFakeApi(), storage);
    expect(first.getState().budget).toBeNull();
    first.getState().setBudget(16000);
    expect(storage.getItem(BUDGET_KEY)).toBe('16000');
    expect(createSettingsStore(createFakeApi(), storage).getState().budget).toBe(16000);
    first.getState().setBudget(null);
    expect(storage.getItem(BUDGET_KEY)).toBeNull();
    for (const bad of ['0', '-5', '1.5', '1e4', 'lots', '99999999999999999999']) {
      storage.setItem(BUDGET_KEY, bad);
      expect(createSettingsStore(createFakeApi(), storage).getState().budget, bad).toBeNull();
    }
  });

  it('ignores a stored level that is not one, and storage that throws', () => {
    for (const bad of ['Leads', 'minimal', '', '{"level":"leads"}']) {
      const storage = memoryStorage();
      storage.setItem(LEVEL_KEY, bad);
      expect(createSettingsStore(createFakeApi(), storage).getState().level, bad).toBe('facts');
    }
    const store = createSettingsStore(createFakeApi(), refusingStorage());
    expect(store.getState().level).toBe('facts');
    store.getState().setLevel('leads');
    expect(store.getState().level).toBe('leads');
  });

  it('ignores a bad stored price, and storage that throws', () => {
    for (const bad of ['-3', 'two dollars', '{}', '1e400', 'NaN']) {
      const storage = memoryStorage();
      storage.setItem(INPUT_PRICE_KEY, bad);
      expect(createSettingsStore(createFakeApi(), storage).getState().inputPrice, bad).toBeNull();
    }
    const store = createSettingsStore(createFakeApi(), refusingStorage());
    expect(store.getState().inputPrice).toBeNull();
    store.getState().setInputPrice(1.25);
    expect(store.getState().inputPrice).toBe(1.25);
    store.getState().setInputPrice(Number.NaN);
    expect(store.getState().inputPrice).toBeNull();
  });
});
