// The HTTP status of each ApiResult, so a browser's network panel and a curl
// user see at a glance what happened. The body is the full ApiResult either
// way; clients read `ok`/`code`, never the status alone.

import type { ErrorCode } from '../../shared/errors';

const FAILURE_STATUS: Partial<Record<ErrorCode, number>> = {
  cave_bad_request: 400,
  cave_forbidden: 403,
  cave_not_found: 404,
  cave_input_too_large: 413,
  cave_store_busy: 503,
  cave_store_unavailable: 503,
  cave_internal: 500,
};

/**
 * 200 for `ok: true`; for failures: cave_bad_request 400, cave_forbidden 403,
 * cave_not_found 404, cave_input_too_large 413, cave_store_busy and
 * cave_store_unavailable 503, cave_internal 500, and 422 for every other
 * code (the request was understood but the input or the store state does
 * not allow it: invalid JSON catalog, store full or read-only, cancelled, …).
 */
export function httpStatusFor(result: { ok: true } | { ok: false; code: ErrorCode }): number {
  if (result.ok) return 200;
  return FAILURE_STATUS[result.code] ?? 422;
}
