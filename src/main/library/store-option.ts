// Library callers choose where originals go: a path (opened and closed for
// the call), ':memory:', or a RecoveryStore they own and keep open.

import { RecoveryStore, resolveMaxBytes, resolveStorePath } from '../store';

export type StoreOption = string | RecoveryStore;

export interface BorrowedStore {
  store: RecoveryStore;
  /** Closes the store if this call opened it; a caller-owned store stays open. */
  release(): void;
}

/** Opens (or borrows) the store named by `option`; the default is docs/store.md's path. */
export function borrowStore(option: StoreOption | undefined, openOptions?: { readonly?: boolean }): BorrowedStore {
  if (option instanceof RecoveryStore) return { store: option, release: () => undefined };
  const store = RecoveryStore.open(option ?? resolveStorePath(), { maxBytes: resolveMaxBytes(), ...openOptions });
  return { store, release: () => store.close() };
}

/** Runs `work` with a borrowed store and always releases it. */
export function withStore<T>(option: StoreOption | undefined, work: (store: RecoveryStore) => T, openOptions?: { readonly?: boolean }): T {
  const borrowed = borrowStore(option, openOptions);
  try {
    return work(borrowed.store);
  } finally {
    borrowed.release();
  }
}
