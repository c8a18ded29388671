// The results open before a reload (or a restart), offered again from
// history: main keeps each original under its recovery handle, so the page
// remembers only the handles and names of what was open, in the renderer's
// storage, and the empty Results tab reopens them on request.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CatalogsState, CatalogsStore } from './catalogs-store';
import type { SettingsStorage } from './settings-store';

export const LAST_RESULTS_KEY = 'caveman.lastResults';

/** More than this many open results are remembered as their first ones (a reload is no time for a long wait). */
export const MAX_LAST_RESULTS = 20;

export interface LastResult {
  handle: string;
  name: string;
}

export interface LastResultsState {
  /** What was open when the page last had results (stored ones only), as it was read at start. */
  results: LastResult[];
  /** Once reopened (or when results are open again), the offer goes. */
  dismiss(): void;
}

export type LastResultsStore = StoreApi<LastResultsState>;

/** The stored results open now, in their order, each handle once. */
export function openResults(state: Pick<CatalogsState, 'order' | 'summaries'>): LastResult[] {
  const seen = new Set<string>();
  const results: LastResult[] = [];
  for (const key of state.order) {
    const summary = state.summaries[key];
    const handle = summary?.report.recovery_handle;
    if (summary === undefined || handle === undefined || seen.has(handle)) continue;
    seen.add(handle);
    results.push({ handle, name: summary.name });
  }
  return results.slice(0, MAX_LAST_RESULTS);
}

/** The stored list, or none when it is missing, not ours, or storage refuses access. */
export function readLastResults(storage: SettingsStorage): LastResult[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(LAST_RESULTS_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (item): item is LastResult =>
          typeof item === 'object' &&
          item !== null &&
          typeof item.handle === 'string' &&
          /^ccr_[0-9a-f]{32}$/.test(item.handle) &&
          typeof item.name === 'string',
      )
      .slice(0, MAX_LAST_RESULTS)
      .map(({ handle, name }) => ({ handle, name }));
  } catch {
    return [];
  }
}

/** Reads what was open last, then records every change of what is open. */
export function createLastResultsStore(catalogs: CatalogsStore, storage: SettingsStorage): LastResultsStore {
  const store = createStore<LastResultsState>()((set) => ({ results: readLastResults(storage), dismiss: () => set({ results: [] }) }));
  let written = JSON.stringify(openResults(catalogs.getState()));
  catalogs.subscribe((state) => {
    const now = openResults(state);
    const text = JSON.stringify(now);
    if (text === written) return;
    written = text;
    if (now.length > 0) store.getState().dismiss();
    try {
      if (now.length === 0) storage?.removeItem(LAST_RESULTS_KEY);
      else storage?.setItem(LAST_RESULTS_KEY, text);
    } catch {
      // Storage full or refused: nothing is offered after the next reload.
    }
  });
  return store;
}
