// Turns what SQLite and the file system throw into the store's typed errors,
// each a sentence naming the file, so callers can tell "try again later" from
// "fix the permissions" from "this file is damaged".
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { CavemanError, NOTHING_STORED, outcomeWords, type ErrorOutcome } from '../../shared/errors';
import { errorMessage } from '../../shared/error-message';

/** What the caller was doing; it decides how the sentence ends. */
export type StoreAction = 'open' | 'store' | 'delete' | 'read';

const OUTCOME: Record<StoreAction, ErrorOutcome | undefined> = {
  open: undefined,
  store: NOTHING_STORED,
  delete: { left: 'nothing_deleted' },
  read: undefined,
};

/** What a failed `action` leaves behind: nothing stored, nothing deleted; none for an open or a read. */
export function outcomeOf(action: StoreAction): ErrorOutcome | undefined {
  return OUTCOME[action];
}

/** The outcome of `action` inside a sentence that goes on after it (" — nothing was stored"; "" for a read). */
export function outcomeClause(action: StoreAction): string {
  const outcome = OUTCOME[action];
  return outcome ? ` — ${outcomeWords(outcome)}` : '';
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function isConnectionClosed(error: unknown): boolean {
  return error instanceof TypeError && /connection is not open/i.test(error.message);
}

const startsWith = (code: string, ...prefixes: string[]): boolean => prefixes.some((p) => code.startsWith(p));

/** Below this much free space, an I/O error is taken to mean a full disk. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/**
 * True when the file system holding `path` has (next to) no room left. On a
 * full disk SQLite cannot even size its -shm file and says only "disk I/O
 * error" (SQLITE_IOERR_SHMSIZE), which would send a person looking for the
 * wrong problem.
 */
function diskIsFull(path: string): boolean {
  try {
    const stats = statfsSync(dirname(path));
    return stats.bavail * stats.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/** How long a connection waits for another process's lock before the store is busy (docs/store.md asks for at least 5 s); the busy error says it. */
export const BUSY_TIMEOUT_MS = 5000;

/** File-system failures that mean "this path cannot be used as a store". */
const UNUSABLE_PATH_CODES = new Set(['EACCES', 'EPERM', 'EISDIR', 'ENOTDIR', 'ENOENT', 'ELOOP', 'ENAMETOOLONG', 'EIO', 'EMFILE', 'ENFILE']);

/** The store's error for `error`; CavemanErrors pass through unchanged. */
export function toStoreError(error: unknown, path: string, action: StoreAction): CavemanError {
  if (error instanceof CavemanError) return error;
  const code = codeOf(error);
  const at = `the recovery store at ${path}`;
  const outcome = OUTCOME[action];
  // Sentences that end with the outcome carry it as data; the two that go on after it ("; try again") have it in words.
  const options = { cause: error, ...(outcome ? { outcome } : {}) };
  const clause = outcomeClause(action);
  if (startsWith(code, 'SQLITE_READONLY') || code === 'EROFS') {
    return new CavemanError('cave_store_readonly', `${at} is read-only`, options);
  }
  if (startsWith(code, 'SQLITE_BUSY', 'SQLITE_LOCKED')) {
    const message = `${at} is busy: another process kept it locked for more than ${BUSY_TIMEOUT_MS / 1000} seconds${clause}; try again`;
    return new CavemanError('cave_store_busy', message, { cause: error });
  }
  if (startsWith(code, 'SQLITE_CORRUPT', 'SQLITE_NOTADB')) {
    const message = `${at} is damaged or is not a SQLite database (${errorMessage(error)})${clause}; move the file aside to start a new store`;
    return new CavemanError('cave_store_corrupt', message, { cause: error });
  }
  if (startsWith(code, 'SQLITE_FULL') || code === 'ENOSPC' || (startsWith(code, 'SQLITE_IOERR') && diskIsFull(path))) {
    return new CavemanError('cave_store_full', `the disk holding ${at} is full`, options);
  }
  if (isConnectionClosed(error)) {
    return new CavemanError('cave_store_unavailable', `${at} has been closed`, options);
  }
  if (action === 'open' || UNUSABLE_PATH_CODES.has(code) || startsWith(code, 'SQLITE_CANTOPEN', 'SQLITE_PERM', 'SQLITE_AUTH', 'SQLITE_IOERR')) {
    const message = `${at} cannot be opened (${errorMessage(error)})`;
    return new CavemanError('cave_store_unavailable', message, options);
  }
  return new CavemanError('cave_internal', `internal error in ${at}: ${errorMessage(error)}`, options);
}

/**
 * The refusal of a retained-bytes budget that is not a positive whole number
 * of bytes; `setting` names where the value came from, so the sentence says
 * what to fix.
 */
export function invalidBudgetError(setting: 'CAVEMAN_CCR_MAX_BYTES' | 'maxBytes', value: string): CavemanError {
  const unset = setting === 'CAVEMAN_CCR_MAX_BYTES' ? '; unset it for the 512 MiB default' : '';
  return new CavemanError(
    'cave_bad_request',
    `${setting} must be a positive whole number of bytes, such as 536870912 for 512 MiB, not ${JSON.stringify(value)}${unset}`,
  );
}

/** `error` (a failure to open the store) as the failure of `action`: the same code, the sentence ending in what was not done. */
export function failedAction(error: CavemanError, action: StoreAction): CavemanError {
  const outcome = OUTCOME[action];
  if (outcome === undefined || error.outcome !== undefined) return error;
  return new CavemanError(error.code, error.message, { cause: error, outcome });
}

/** Runs `work`, rethrowing any failure as the store's typed error. */
export function mapStoreErrors<T>(path: string, action: StoreAction, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw toStoreError(error, path, action);
  }
}
