import { describe, expect, it } from 'vitest';
import { CavemanError } from '../../../src/shared/errors';
import {
  ALL_DAYS,
  DEFAULT_HISTORY_SORT,
  HISTORY_PAGE_SIZE,
  createdBounds,
  createHistoryStore,
  entryAt,
  nextHistorySort,
} from '../../../src/renderer/src/state/history-store';
import { createFakeApi, historyEntry, historyOf, settle } from '../fakes/fake-api';

describe('history store', () => {
  it('loads the first page, then only the pages a visible range needs (100,000 rows)', async () => {
    const api = createFakeApi({ listHistory: historyOf(100_000) });
    const store = createHistoryStore(api);
    await store.getState().refresh();
    expect(store.getState().total).toBe(100_000);
    expect(entryAt(store.getState(), 0)?.handle).toBe(historyEntry(100_000).handle);
    store.getState().ensureRange(59_990, 60_030);
    store.getState().ensureRange(59_990, 60_030); // already loading: no second request
    await settle();
    const offsets = api.calls.map((call) => (call.args[0] as { offset: number }).offset);
    expect(offsets).toEqual([0, 59_800, 60_000]);
    expect(api.calls.every((call) => (call.args[0] as { limit: number }).limit === HISTORY_PAGE_SIZE)).toBe(true);
    expect(entryAt(store.getState(), 60_030)?.handle).toBe(historyEntry(100_000 - 60_030).handle);
    expect(entryAt(store.getState(), 70_000)).toBeUndefined();
  });

  it('never asks beyond the total', async () => {
    const api = createFakeApi({ listHistory: historyOf(250) });
    const store = createHistoryStore(api);
    await store.getState().refresh();
    store.getState().ensureRange(0, 5_000);
    await settle();
    expect(api.calls.map((call) => (call.args[0] as { offset: number }).offset)).toEqual([0, 200]);
  });

  it('searches with a new query and drops answers to the old one', async () => {
    let answer: (() => void) | null = null;
    const list = historyOf(1000);
    const api = createFakeApi({
      listHistory: (request) =>
        request.query === undefined && answer === null ? new Promise((resolve) => (answer = () => resolve(list(request)))) : list(request),
    });
    const store = createHistoryStore(api);
    const slow = store.getState().refresh();
    await store.getState().search('  file-99  ');
    (answer as unknown as () => void)();
    await slow;
    const state = store.getState();
    expect(state.query).toBe('file-99');
    expect(api.calls.at(-1)?.args[0]).toEqual({ limit: 200, offset: 0, query: 'file-99', sort: 'created', direction: 'descending' });
    expect(state.total).toBe(11); // file-99 and file-990…999
    expect(state.pages[0]?.every((entry) => entry.source_name?.includes('file-99'))).toBe(true);
  });

  it('asks main for a new order from the first page, keeping the query, and drops answers in the old order', async () => {
    let answer: (() => void) | null = null;
    const list = historyOf(1000);
    const api = createFakeApi({
      listHistory: (request) =>
        request.sort === 'created' && request.offset > 0 && answer === null ? new Promise((resolve) => (answer = () => resolve(list(request)))) : list(request),
    });
    const store = createHistoryStore(api);
    await store.getState().search('file');
    store.getState().ensureRange(400, 410);
    const sort = nextHistorySort(store.getState().sort, 'tokensBefore');
    await store.getState().setSort(sort);
    (answer as unknown as () => void)();
    await settle();
    expect(api.calls.at(-1)?.args[0]).toEqual({ limit: 200, offset: 0, query: 'file', sort: 'tokensBefore', direction: 'descending' });
    expect(store.getState().sort).toEqual({ key: 'tokensBefore', direction: 'descending' });
    // The page fetched in the old order landed after the new order's first page: it is dropped.
    expect(Object.keys(store.getState().pages)).toEqual(['0']);
  });

  it('flips a column on a second click and starts each new column its natural way', () => {
    expect(DEFAULT_HISTORY_SORT).toEqual({ key: 'created', direction: 'descending' });
    expect(nextHistorySort(DEFAULT_HISTORY_SORT, 'created')).toEqual({ key: 'created', direction: 'ascending' });
    expect(nextHistorySort(DEFAULT_HISTORY_SORT, 'source')).toEqual({ key: 'source', direction: 'ascending' });
    expect(nextHistorySort({ key: 'source', direction: 'ascending' }, 'source')).toEqual({ key: 'source', direction: 'descending' });
    for (const key of ['tools', 'tokensBefore', 'tokensAfter', 'saved'] as const)
      expect(nextHistorySort(DEFAULT_HISTORY_SORT, key)).toEqual({ key, direction: 'descending' });
  });

  it('selects an entry and fetches its details', async () => {
    const entry = historyEntry(7);
    const api = createFakeApi({ listHistory: historyOf(10), getHistoryEntry: async () => ({ entry }) });
    const store = createHistoryStore(api);
    await store.getState().refresh();
    await store.getState().select(entry.handle);
    expect(store.getState()).toMatchObject({ selected: entry.handle, details: entry, detailsState: 'ready' });
    api.impl.getHistoryEntry = async () => ({ entry: null });
    await store.getState().select(entry.handle);
    expect(store.getState()).toMatchObject({ details: null, detailsState: 'missing' });
    await store.getState().select(null);
    expect(store.getState()).toMatchObject({ selected: null, details: null });
  });

  it('deletes the selected entry and refreshes', async () => {
    const api = createFakeApi({ listHistory: historyOf(3), getHistoryEntry: async () => ({ entry: historyEntry(2) }) });
    const store = createHistoryStore(api);
    await store.getState().refresh();
    await store.getState().select(historyEntry(2).handle);
    api.impl.listHistory = historyOf(2);
    expect(await store.getState().remove(historyEntry(2).handle)).toBe(true);
    expect(api.calls.some((call) => call.method === 'deleteHistoryEntry' && (call.args[0] as { handle: string }).handle === historyEntry(2).handle)).toBe(true);
    expect(store.getState()).toMatchObject({ selected: null, total: 2 });
  });

  it('selects several handles (a run, one added, one taken out) and deletes them at once, counting those that were still there', async () => {
    const api = createFakeApi({ listHistory: historyOf(6), getHistoryEntry: async ({ handle }) => ({ entry: { ...historyEntry(1), handle } }) });
    const store = createHistoryStore(api);
    await store.getState().refresh();
    const [a, b, c, d] = [6, 5, 4, 3].map((n) => historyEntry(n).handle);
    await store.getState().selectRun([a!, b!, c!], c!);
    await store.getState().toggleSelected(d!);
    expect(store.getState()).toMatchObject({ selection: [a, b, c, d], selected: d });
    // Taking out the one shown shows another selected one.
    await store.getState().toggleSelected(d!);
    expect(store.getState()).toMatchObject({ selection: [a, b, c], selected: c });
    await store.getState().toggleSelected(b!);
    expect(store.getState().selection).toEqual([a, c]);
    api.impl.deleteHistoryEntry = async ({ handle }) => ({ deleted: handle !== c });
    api.impl.listHistory = historyOf(4);
    expect(await store.getState().removeSelection()).toBe(1);
    const deleted = api.calls.filter((call) => call.method === 'deleteHistoryEntry').map((call) => (call.args[0] as { handle: string }).handle);
    expect(deleted).toEqual([a, c]);
    expect(store.getState()).toMatchObject({ selection: [], selected: null, total: 4 });
  });

  it('a failed delete leaves selected what was not deleted, and shows the rest gone', async () => {
    const api = createFakeApi({ listHistory: historyOf(3) });
    const store = createHistoryStore(api);
    await store.getState().refresh();
    const [a, b] = [3, 2].map((n) => historyEntry(n).handle);
    await store.getState().selectRun([a!, b!], b!);
    api.impl.deleteHistoryEntry = async ({ handle }) =>
      handle === a ? { deleted: true } : Promise.reject(new CavemanError('cave_store_readonly', 'read-only'));
    await expect(store.getState().removeSelection()).rejects.toThrow('read-only');
    expect(store.getState().selection).toEqual([b]);
  });

  it('asks main for the days picked (in this time zone, as History shows times; the last day whole), with the store’s own count apart', async () => {
    const local = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();
    expect(createdBounds({ from: '2026-03-02', to: '2026-03-02' })).toEqual({ createdFrom: local(2026, 3, 2), createdBefore: local(2026, 3, 3) });
    expect(createdBounds({ from: null, to: '2026-12-31' })).toEqual({ createdBefore: local(2027, 1, 1) });
    expect(createdBounds({ from: 'not a day', to: null })).toEqual({});
    const api = createFakeApi({ listHistory: historyOf(30) });
    const store = createHistoryStore(api);
    await store.getState().setDays({ from: '2026-03-02', to: null });
    await settle();
    const requests = api.calls.filter((call) => call.method === 'listHistory').map((call) => call.args[0]);
    expect(requests).toContainEqual(expect.objectContaining({ offset: 0, createdFrom: new Date(2026, 2, 2).toISOString() }));
    expect(requests).toContainEqual({ limit: 1, offset: 0 });
    await store.getState().setDays({ from: null, to: null });
    expect(store.getState().days).toBe(ALL_DAYS);
  });

  it('keeps the error of a failed page load', async () => {
    const api = createFakeApi({ listHistory: async () => Promise.reject(new CavemanError('cave_store_unavailable', 'the store cannot be opened')) });
    const store = createHistoryStore(api);
    await store.getState().refresh();
    expect(store.getState().error).toEqual({ code: 'cave_store_unavailable', message: 'the store cannot be opened' });
    expect(store.getState().loading).toEqual({});
  });
});
