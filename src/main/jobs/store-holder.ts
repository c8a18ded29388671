// The worker's connection to the recovery store, opened on first use. If the
// store cannot be opened the error is kept and the next use tries again, so
// fixing a permission problem does not need a restart.

import { RecoveryStore } from '../store';

export class StoreHolder {
  private store: RecoveryStore | undefined;

  constructor(
    readonly path: string,
    private readonly maxBytes: number,
  ) {}

  /** The open store; throws the store's typed error when it cannot be opened. */
  get(): RecoveryStore {
    this.store ??= RecoveryStore.open(this.path, { maxBytes: this.maxBytes });
    return this.store;
  }

  close(): void {
    this.store?.close();
    this.store = undefined;
  }
}
