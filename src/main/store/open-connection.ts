// Opens the SQLite connection the store runs on. A writable store gets WAL
// (readers never wait for a writer), a 5 s busy timeout (several processes
// share one file) and synchronous=FULL (a handle is promised only after a
// durable commit). A file we may not write is opened read-only instead, so
// recovery and history keep working and only writes fail. A new store gets
// 64 KiB pages: an original is one long overflow chain, and writing it (to the
// WAL, then at the checkpoint) costs per page, so larger pages write it in
// fewer steps (docs/store.md).
// The database file is never memory-mapped (mmap_size 0): a mapped file that
// is cut short or made immutable under the connection is a SIGBUS, not an
// error. SQLite still maps the -shm of a WAL store; store-file-marks.ts
// watches that one.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import {
  RECOVERIES_DDL,
  SHRINKS_DDL,
  SHRINKS_TABLE,
  historyDdl,
  recordFirstShrinks,
  LISTINGS_DDL,
  TOOL_CALLS_DDL,
  SHRINKS_CLIENT_COLUMN,
  ADD_SHRINKS_CLIENT_COLUMN,
  SHRINKS_CALLS_COLUMN,
  ADD_SHRINKS_CALLS_COLUMN,
} from './schema';
import { prepareStoreFiles, removeSidecarsMadeSince, sidecarState, tightenSidecars } from './store-files';
import { BUSY_TIMEOUT_MS, toStoreError } from './store-errors';
import { nativeBindingOption } from './native-binding';
import { frozenCode, markStoreFiles, storeFilePath, type StoreFileMarks } from './store-file-marks';
import { addModelTokensColumns } from './model-tokens';
import { hasColumn } from './table-columns';
import { CavemanError } from '../../shared/errors';

// Required, not imported: an ESM import of this CommonJS package makes Node
// scan its sources for named exports first, on every CLI cold start.
const Database = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;

export type SqliteDatabase = BetterSqlite3.Database;

export const MEMORY_PATH = ':memory:';

/** Takes effect only while the file is empty (SQLite ignores it afterwards), so existing stores keep theirs. */
export const NEW_STORE_PAGE_SIZE = 65536;

export interface Connection {
  db: SqliteDatabase;
  /** False when the file (or its folder) cannot be written: reads work, writes are refused. */
  writable: boolean;
  /** To run once `db` is closed: tidies up what opening it left on disk. */
  afterClose: () => void;
  /** The files the connection has open, as they were once it had opened them; undefined when it has none (in memory, or a private copy). */
  marks: StoreFileMarks | undefined;
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** Failures that mean "you may read this file but not write it". */
function isWriteRefusal(error: unknown): boolean {
  const code = codeOf(error);
  return code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM';
}

function closeQuietly(db: SqliteDatabase): void {
  try {
    db.close();
  } catch {
    // Already failing; the original error is the one worth reporting.
  }
}

/**
 * Creates what is missing. A store whose shrinks table predates the client or calls column gets it (nullable) here;
 * a store made before shrinks were recorded gets
 * its shrinks table here, each history row becoming its first shrink, in the
 * same transaction (so two processes opening it at once migrate it once).
 */
function createSchema(db: SqliteDatabase): void {
  db.transaction(() => {
    db.exec(RECOVERIES_DDL);
    db.exec(historyDdl('main'));
    const migrating = db.prepare("SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = ?").get(SHRINKS_TABLE) === undefined;
    db.exec(SHRINKS_DDL);
    if (migrating) db.exec(recordFirstShrinks('1'));
    if (!hasColumn(db, SHRINKS_TABLE, SHRINKS_CLIENT_COLUMN)) db.exec(ADD_SHRINKS_CLIENT_COLUMN);
    if (!hasColumn(db, SHRINKS_TABLE, SHRINKS_CALLS_COLUMN)) db.exec(ADD_SHRINKS_CALLS_COLUMN);
    db.exec(LISTINGS_DDL);
    db.exec(TOOL_CALLS_DDL);
  }).immediate();
}

/** The writable connection, or undefined when SQLite refuses to write the file. */
function openWritable(dbPath: string): SqliteDatabase | undefined {
  let db: SqliteDatabase;
  try {
    db = new Database(dbPath, { fileMustExist: true, timeout: BUSY_TIMEOUT_MS, ...nativeBindingOption() });
  } catch (error) {
    if (isWriteRefusal(error)) return undefined;
    throw toStoreError(error, dbPath, 'open');
  }
  try {
    db.pragma('mmap_size = 0');
    db.pragma(`page_size = ${NEW_STORE_PAGE_SIZE}`);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    createSchema(db);
    addModelTokensColumns(db);
    tightenSidecars(dbPath);
    return db;
  } catch (error) {
    closeQuietly(db);
    if (isWriteRefusal(error)) return undefined;
    throw toStoreError(error, dbPath, 'open');
  }
}

/** Reads the schema once so a damaged or foreign file fails here, at open, with a clear error. */
function probed(db: SqliteDatabase): SqliteDatabase {
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (error) {
    closeQuietly(db);
    throw error;
  }
}

const WAL_HEADER_OFFSETS = [18, 19] as const; // file format write/read version: 2 = WAL, 1 = rollback journal

/**
 * A WAL database in a folder (or file system) we cannot write cannot be
 * opened by SQLite even for reading: it must create the -shm file first. When
 * the -wal file holds no frames, every committed row is in the main file, so a private
 * in-memory copy of it (marked as a rollback-journal database) reads the same
 * data. Costs memory equal to the file size; used only in that situation.
 */
function openSnapshot(dbPath: string): SqliteDatabase {
  const image = fs.readFileSync(dbPath);
  for (const offset of WAL_HEADER_OFFSETS) if (image[offset] === 2) image[offset] = 1;
  return probed(new Database(image, { readonly: true, timeout: BUSY_TIMEOUT_MS, ...nativeBindingOption() }));
}

/**
 * SQLite could not create the -shm/-wal files a WAL database needs, even for
 * reading: the folder is read-only, or the disk is too full to size the -shm.
 */
function needsSharedMemoryFiles(error: unknown): boolean {
  const code = codeOf(error);
  return code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_READONLY_DIRECTORY' || code === 'SQLITE_READONLY_CANTINIT' || code === 'SQLITE_IOERR_SHMSIZE';
}

const WAL_HEADER_BYTES = 32;

/** True when a -wal file holds at least one frame (SQLite leaves an empty one behind when it fails to open). */
function hasWalFrames(dbPath: string): boolean {
  try {
    return fs.statSync(`${dbPath}-wal`).size > WAL_HEADER_BYTES;
  } catch {
    return false;
  }
}

function openReadOnly(dbPath: string): SqliteDatabase {
  try {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS, ...nativeBindingOption() });
    db.pragma('mmap_size = 0');
    return probed(db);
  } catch (error) {
    if (needsSharedMemoryFiles(error) && !hasWalFrames(dbPath)) {
      try {
        return openSnapshot(dbPath);
      } catch (fallbackError) {
        throw toStoreError(fallbackError, dbPath, 'open');
      }
    }
    throw toStoreError(error, dbPath, 'open');
  }
}

function openMemory(readonly: boolean): Connection {
  const db = new Database(MEMORY_PATH, { timeout: BUSY_TIMEOUT_MS, ...nativeBindingOption() });
  createSchema(db);
  addModelTokensColumns(db);
  return { db, writable: !readonly, afterClose: () => undefined, marks: undefined };
}

/**
 * A store whose -shm exists but can never be written (immutable, or a
 * read-only file system). SQLite shares one mapping of a -shm among every
 * connection of a process, so where another thread mapped it for writing
 * before it froze, a new connection's first write to it — a read marks its
 * place there too — is a SIGBUS. Such a store is read from a private copy
 * when its -wal holds nothing, else refused until it can be written again.
 */
function openAroundFrozenShm(dbPath: string, code: string): Connection {
  const why = `its -shm file cannot be written (${code === 'EROFS' ? 'a read-only file system' : 'it is immutable'}, ${code})`;
  if (hasWalFrames(dbPath)) {
    throw new CavemanError(
      'cave_store_readonly',
      `the recovery store at ${dbPath} cannot be used while ${why} and its -wal holds committed rows; make both writable again`,
    );
  }
  try {
    return { db: openSnapshot(dbPath), writable: false, afterClose: () => undefined, marks: undefined };
  } catch (error) {
    throw toStoreError(error, dbPath, 'open');
  }
}

/**
 * Opens `dbPath` (absolute, or ':memory:'). With `readonly` the file must
 * already exist and is never written; otherwise folder and file are created
 * privately when missing, and a file we cannot write falls back to read-only.
 * Throws the store's typed errors.
 */
export function openConnection(dbPath: string, readonly: boolean): Connection {
  if (dbPath === MEMORY_PATH) return openMemory(readonly);
  const access = prepareStoreFiles(dbPath, { create: !readonly });
  // A one-off reader (readonly) opens the -shm read-only itself when it cannot write it, and maps it read-only.
  const shmFrozen = readonly ? undefined : frozenCode(storeFilePath(dbPath, 'shm'));
  if (shmFrozen) return openAroundFrozenShm(dbPath, shmFrozen);
  const opened = (db: SqliteDatabase, writable: boolean, afterClose: () => void): Connection => ({ db, writable, afterClose, marks: markStoreFiles(dbPath) });
  const nothingToTidy = () => undefined;
  if (!readonly && access === 'read-write') {
    const db = openWritable(dbPath);
    if (db !== undefined) return opened(db, true, nothingToTidy);
  }
  if (access === 'read-write') return opened(openReadOnly(dbPath), false, nothingToTidy);
  // A file we may not write: nobody who shares our rights can be writing it, so the -wal/-shm this connection makes are ours to remove.
  const before = sidecarState(dbPath);
  try {
    return opened(openReadOnly(dbPath), false, () => removeSidecarsMadeSince(dbPath, before));
  } catch (error) {
    removeSidecarsMadeSince(dbPath, before);
    throw error;
  }
}
