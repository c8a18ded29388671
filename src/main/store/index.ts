// The recovery store's public surface: content handles, path and budget
// resolution, and the store itself.
export { recoveryHandleFor, recoveryHandleOfDigest, isRecoveryHandle } from './handle';
export { resolveStorePath, resolveMaxBytes, DEFAULT_MAX_BYTES, STORE_FILE_NAME } from './store-path';
export { RecoveryStore } from './recovery-store';
export { historyPage } from './history-page';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './history-query';
export { DEFAULT_COMPRESSOR, DEFAULT_CONTENT_TYPE } from './put-meta';
export { BUSY_TIMEOUT_MS } from './store-errors';
export { RECOVERIES_DDL, HISTORY_TABLE, SHRINKS_TABLE, historyDdl } from './schema';
export { normalizeCreatedAt } from './created-at';
export type { HistoryEntry, HistoryPage, HistoryQuery, HistoryShrink, OpenOptions, PutMeta, PutResult } from './types';
