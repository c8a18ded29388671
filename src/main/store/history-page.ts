// A history page as the contract states it (app, library and CLI alike): the
// store's rows and count for one request, with the limit, offset and query
// they answer.

import type { HistoryListRequest, HistoryPage } from '../../shared/contracts';
import type { RecoveryStore } from './recovery-store';

/** `shrinks`: each entry lists its shrinks too. */
export function historyPage(
  store: RecoveryStore,
  { limit, offset, query, sort, direction, createdFrom, createdBefore, shrinks }: HistoryListRequest & { shrinks?: boolean | undefined },
): HistoryPage {
  const page = store.history({
    limit,
    offset,
    ...(query ? { query } : {}),
    ...(sort ? { sort } : {}),
    ...(direction ? { direction } : {}),
    ...(createdFrom ? { createdFrom } : {}),
    ...(createdBefore ? { createdBefore } : {}),
    ...(shrinks ? { shrinks } : {}),
  });
  return { ...page, limit, offset, ...(query ? { query } : {}) };
}
