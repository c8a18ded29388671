// The history browser's data: a query and a span of days, the number of
// matching handles and the pages fetched so far (200 rows each), loaded on
// demand as a virtualised list scrolls, so 100,000 rows cost only what is on
// screen. The order is main's (an SQL ORDER BY), so sorting 100,000 rows
// costs one query, not a download. A generation number drops answers to a
// query, span or order that is no longer current. Besides the handle whose
// details show, several can be selected, to delete them at once.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HistoryEntry, HistorySortKey, SortDirection } from '../../../shared/contracts';
import { asCavemanError, type ErrorValue } from '../../../shared/errors';
import type { CavemanApi } from '../../../shared/ipc/caveman-api';

export const HISTORY_PAGE_SIZE = 200;

export interface HistorySort {
  key: HistorySortKey;
  direction: SortDirection;
}

/** Newest first, as main orders history when no sort is asked for. */
export const DEFAULT_HISTORY_SORT: HistorySort = { key: 'created', direction: 'descending' };

/** A header click: the same column flips; another starts A→Z for the source name and largest first for dates and numbers. */
export function nextHistorySort(current: HistorySort, key: HistorySortKey): HistorySort {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'source' ? 'ascending' : 'descending' };
}

/** Days (`YYYY-MM-DD`, in this computer's time zone, as History shows times), both included; null leaves that end open. */
export interface HistoryDays {
  from: string | null;
  to: string | null;
}

export const ALL_DAYS: HistoryDays = { from: null, to: null };

/** Local midnight starting `day`, `days` later; null when `day` is not a day. */
function dayStart(day: string | null, days = 0): Date | null {
  const match = day === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The request's bounds on created_at for a span of days: from the first day's start to the start of the day after the last. */
export function createdBounds({ from, to }: HistoryDays): { createdFrom?: string; createdBefore?: string } {
  const start = dayStart(from);
  const end = dayStart(to, 1);
  return { ...(start ? { createdFrom: start.toISOString() } : {}), ...(end ? { createdBefore: end.toISOString() } : {}) };
}

export interface HistoryState {
  /** The query the pages answer ('' = everything). */
  query: string;
  /** The days the pages answer. */
  days: HistoryDays;
  /** The order the pages are in. */
  sort: HistorySort;
  /** Matching entries in all; null before the first page arrives. */
  total: number | null;
  /** Handles in the whole store, whatever the query (the History tab's count); null before it is known. */
  storedTotal: number | null;
  /** Fetched pages by page number. */
  pages: Record<number, HistoryEntry[]>;
  /** Pages being fetched for the current generation. */
  loading: Record<number, true>;
  error: ErrorValue | null;
  /** Bumped by every new query or refresh; older answers are dropped. */
  generation: number;
  /** The handle whose details show (the last one clicked or moved to). */
  selected: string | null;
  /** The handles selected for an action on several at once (the one whose details show among them). */
  selection: readonly string[];
  /** The selected entry as the store last answered (null: gone, or not fetched yet). */
  details: HistoryEntry | null;
  detailsState: 'idle' | 'loading' | 'ready' | 'missing' | 'error';
  detailsError: ErrorValue | null;

  /** New query: pages are replaced when its first page arrives. */
  search(query: string): Promise<void>;
  /** New order (a column header): pages are replaced when its first page arrives. */
  setSort(sort: HistorySort): Promise<void>;
  /** New span of days: pages are replaced when its first page arrives. */
  setDays(days: HistoryDays): Promise<void>;
  /** Fetch again from the top (after a new shrink or a delete); visible rows reload as needed. */
  refresh(): Promise<void>;
  /** Makes sure every page covering rows start..end (inclusive) is loaded or loading. */
  ensureRange(start: number, end: number): void;
  /** Shows `handle`'s details and makes it the only one selected (null: none). */
  select(handle: string | null): Promise<void>;
  /** Adds `handle` to the selection, or takes it out; the details show it when it is added. */
  toggleSelected(handle: string): Promise<void>;
  /** Selects `handles` (a run of rows) and shows `shown`'s details. */
  selectRun(handles: readonly string[], shown: string): Promise<void>;
  /** Deletes a handle from the store; resolves false when it was already gone. Rejects with the API's error. */
  remove(handle: string): Promise<boolean>;
  /**
   * Deletes every selected handle, one after another; resolves how many were
   * deleted (those already gone are not counted). Rejects with the first
   * error, after what was deleted before it is shown gone.
   */
  removeSelection(): Promise<number>;
}

export type HistoryStore = StoreApi<HistoryState>;

/** The entry at a row index, if its page is loaded. */
export function entryAt(state: Pick<HistoryState, 'pages'>, index: number): HistoryEntry | undefined {
  return state.pages[Math.floor(index / HISTORY_PAGE_SIZE)]?.[index % HISTORY_PAGE_SIZE];
}

/**
 * The recorded shrink the details show for `handle` (its latest), whose
 * options opening it in the diff or exporting it compressed use again;
 * undefined before the details have arrived (main then uses the latest).
 */
export function shownShrink(state: Pick<HistoryState, 'details'>, handle: string): number | undefined {
  return state.details?.handle === handle ? state.details.shrinks?.[0]?.id : undefined;
}

/** The row index of a handle among the loaded pages, or -1. */
export function indexOfHandle(state: Pick<HistoryState, 'pages'>, handle: string): number {
  for (const [page, entries] of Object.entries(state.pages)) {
    const at = entries.findIndex((entry) => entry.handle === handle);
    if (at >= 0) return Number(page) * HISTORY_PAGE_SIZE + at;
  }
  return -1;
}

type SetHistory = HistoryStore['setState'];
type GetHistory = HistoryStore['getState'];

const EMPTY_HISTORY = {
  query: '',
  days: ALL_DAYS,
  sort: DEFAULT_HISTORY_SORT,
  total: null,
  storedTotal: null,
  pages: {},
  loading: {},
  error: null,
  generation: 0,
  selected: null,
  selection: [],
  details: null,
  detailsState: 'idle',
  detailsError: null,
} satisfies Partial<HistoryState>;

export function createHistoryStore(api: CavemanApi): HistoryStore {
  return createStore<HistoryState>()((set, get) => ({
    ...EMPTY_HISTORY,
    ...historyPages(api, set, get),
    ...historySelection(api, set, get),
  }));
}

/** Fetches one page for a generation; `replace` drops every other page when it lands (new query or refresh). */
async function loadPage(api: CavemanApi, set: SetHistory, get: GetHistory, page: number, generation: number, replace: boolean): Promise<void> {
  set((state) => ({ loading: { ...state.loading, [page]: true } }));
  const { query, sort, days } = get();
  const unfiltered = query === '' && days === ALL_DAYS;
  try {
    const result = await api.listHistory({
      limit: HISTORY_PAGE_SIZE,
      offset: page * HISTORY_PAGE_SIZE,
      ...(query === '' ? {} : { query }),
      ...createdBounds(days),
      sort: sort.key,
      direction: sort.direction,
    });
    if (get().generation !== generation) return;
    set((state) => {
      const loading = { ...state.loading };
      delete loading[page];
      const storedTotal = unfiltered ? result.total : state.storedTotal;
      return {
        pages: replace ? { [page]: result.entries } : { ...state.pages, [page]: result.entries },
        total: result.total,
        storedTotal,
        loading,
        error: null,
      };
    });
  } catch (error) {
    if (get().generation !== generation) return;
    set((state) => {
      const loading = { ...state.loading };
      delete loading[page];
      return { loading, error: asCavemanError(error).toValue() };
    });
  }
}

/** The pages of the list: which query, days and order they answer, and which are loaded. */
function historyPages(api: CavemanApi, set: SetHistory, get: GetHistory): Pick<HistoryState, 'search' | 'setSort' | 'setDays' | 'refresh' | 'ensureRange'> {
  /** While a search or a span of days is shown, the store's own count is asked for separately (one row). */
  const countAll = async (): Promise<void> => {
    try {
      const result = await api.listHistory({ limit: 1, offset: 0 });
      set({ storedTotal: result.total });
    } catch {
      // The count stays as it was; the list itself reports errors.
    }
  };

  const restart = (query: string, sort = get().sort, days = get().days) => {
    const generation = get().generation + 1;
    set({ query, sort, days, generation, loading: {} });
    if (query !== '' || days !== ALL_DAYS) void countAll();
    return loadPage(api, set, get, 0, generation, true);
  };

  return {
    search: (query) => restart(query.trim()),
    setSort: (sort) => restart(get().query, sort),
    setDays: (days) => restart(get().query, get().sort, days.from === null && days.to === null ? ALL_DAYS : days),
    refresh: () => restart(get().query),

    ensureRange(start, end) {
      const state = get();
      if (state.total === null) return;
      const last = Math.min(end, state.total - 1);
      for (let page = Math.floor(Math.max(0, start) / HISTORY_PAGE_SIZE); page * HISTORY_PAGE_SIZE <= last; page++) {
        if (!state.pages[page] && !state.loading[page]) void loadPage(api, set, get, page, state.generation, false);
      }
    },
  };
}

/** The handle whose details show, the handles selected with it, and deleting them. */
function historySelection(
  api: CavemanApi,
  set: SetHistory,
  get: GetHistory,
): Pick<HistoryState, 'select' | 'toggleSelected' | 'selectRun' | 'remove' | 'removeSelection'> {
  /** Shows `handle`'s details (the row known so far at once, then the store's answer), with `selection` selected. */
  const show = async (handle: string, selection: readonly string[]): Promise<void> => {
    const state = get();
    const known = indexOfHandle(state, handle);
    set({ selected: handle, selection, details: known >= 0 ? (entryAt(state, known) ?? null) : null, detailsState: 'loading', detailsError: null });
    try {
      const entry = (await api.getHistoryEntry({ handle })).entry;
      if (get().selected !== handle) return;
      set(entry ? { details: entry, detailsState: 'ready' } : { details: null, detailsState: 'missing' });
    } catch (error) {
      if (get().selected !== handle) return;
      // The row we already have stays on screen; without one, say why there is nothing.
      set(get().details ? { detailsState: 'ready' } : { detailsState: 'error', detailsError: asCavemanError(error).toValue() });
    }
  };

  /** Forgets deleted handles in what is selected and shown. */
  const forget = (deleted: ReadonlySet<string>) => {
    const { selected, selection } = get();
    const kept = selection.filter((handle) => !deleted.has(handle));
    if (selected !== null && deleted.has(selected)) set({ selected: null, selection: kept, details: null, detailsState: 'idle' });
    else set({ selection: kept });
  };

  return {
    async select(handle) {
      if (handle === null) {
        set({ selected: null, selection: [], details: null, detailsState: 'idle' });
        return;
      }
      await show(handle, [handle]);
    },

    async toggleSelected(handle) {
      const { selection, selected } = get();
      if (!selection.includes(handle)) return show(handle, [...selection, handle]);
      const rest = selection.filter((other) => other !== handle);
      // Taken out: the details move to another selected handle, or show none.
      if (selected !== handle) set({ selection: rest });
      else if (rest.length > 0) await show(rest[rest.length - 1]!, rest);
      else set({ selected: null, selection: [], details: null, detailsState: 'idle' });
    },

    selectRun: (handles, shown) => show(shown, handles),

    async remove(handle) {
      const deleted = (await api.deleteHistoryEntry({ handle })).deleted;
      forget(new Set([handle]));
      await get().refresh();
      return deleted;
    },

    async removeSelection() {
      const gone = new Set<string>();
      let deleted = 0;
      try {
        for (const handle of get().selection) {
          if ((await api.deleteHistoryEntry({ handle })).deleted) deleted++;
          gone.add(handle);
        }
      } finally {
        forget(gone);
        await get().refresh();
      }
      return deleted;
    },
  };
}
