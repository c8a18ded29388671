// The worker's connection to the recovery store, opened on first use. If the
// store cannot be opened (or its budget setting is refused) every use says
// why, and the next use tries again, so fixing a permission problem does not
// need a restart.

import { RecoveryStore, resolveMaxBytes } from '../store';

export class StoreHolder {
  private store: RecoveryStore | undefined;

  constructor(
    readonly path: string,
    /** CAVEMAN_CCR_MAX_BYTES as the host read it. */
    private readonly maxBytesSetting: string | undefined,
  ) {}

  /** The open store; throws the store's typed error when it cannot be opened. */
  get(): RecoveryStore {
    this.store ??= RecoveryStore.open(this.path, { maxBytes: resolveMaxBytes({ CAVEMAN_CCR_MAX_BYTES: this.maxBytesSetting }) });
    return this.store;
  }

  close(): void {
    this.store?.close();
    this.store = undefined;
  }
}
