// The recovery store's public surface: content handles, path and budget
// resolution, and the store itself.
export { recoveryHandleFor, recoveryHandleOfDigest, isRecoveryHandle } from './handle.js';
export { resolveStorePath, resolveMaxBytes, DEFAULT_MAX_BYTES, STORE_FILE_NAME } from './store-path.js';
export { RecoveryStore } from './recovery-store.js';
export { historyPage } from './history-page.js';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './history-query.js';
export { DEFAULT_COMPRESSOR, DEFAULT_CONTENT_TYPE } from './put-meta.js';
export { BUSY_TIMEOUT_MS } from './store-errors.js';
export { RECOVERIES_DDL, HISTORY_TABLE, SHRINKS_TABLE, historyDdl } from './schema.js';
export { normalizeCreatedAt } from './created-at.js';
export type { HistoryEntry, HistoryPage, HistoryQuery, HistoryShrink, OpenOptions, PutMeta, PutResult } from './types.js';
