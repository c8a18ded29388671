// recover(), history() and selectionProfile(): the read-only library calls.

import type { HistoryPage, ToolCalls } from '../../shared/contracts';
import { USAGE_DAYS } from '../../shared/usage';
import { DEFAULT_PAGE_SIZE, historyPage, type HistoryQuery } from '../store';
import { selectionProfileOf, type SelectionProfile } from '../engine/guarantees/selection-profile';
import { passThroughError, prepareCatalog } from './prepare-catalog';
import { readInput, type CatalogInput } from './read-catalog-text';
import { withStore, type StoreOption } from './store-option';

export interface StoreOptions {
  store?: StoreOption;
}

/**
 * The original bytes behind a handle, byte for byte. Throws cave_not_found
 * for an unknown handle and cave_hash_mismatch when the stored bytes do not
 * match it (never returned as good data).
 */
export function recover(handle: string, options: StoreOptions = {}): Uint8Array {
  return withStore(options.store, (store) => store.get(handle), { readonly: true });
}

/** The store's history query (page, search, sort, days, shrinks), and which store to read. */
export interface HistoryOptions extends StoreOptions, HistoryQuery {}

/** Handles in the store, newest first unless a sort says otherwise. */
export function history({ store, limit = DEFAULT_PAGE_SIZE, offset = 0, ...request }: HistoryOptions = {}): HistoryPage {
  return withStore(store, (opened) => historyPage(opened, { limit, offset, ...request }), { readonly: true });
}

/** The tools the proxy relayed calls of in the last `days` days (30 by default), most called first: names and counts only. */
export function toolCalls({ store, days = USAGE_DAYS }: StoreOptions & { days?: number } = {}): ToolCalls {
  return withStore(store, (opened) => ({ days, tools: opened.listToolCalls(days) }), { readonly: true });
}

/** The selection surface of a catalog (docs/spec.md); throws when the input is not one. */
export function selectionProfile(input: CatalogInput): SelectionProfile {
  const prepared = prepareCatalog(readInput(input));
  if (!prepared.ok) throw passThroughError(prepared.passThrough);
  return selectionProfileOf(prepared.doc);
}
