// One open connection of a RecoveryStore, with what it prepared on it (the
// history mirror, the queries, the statements) and the marks of the files it
// holds. A store replaces its session when the files at its path are no
// longer the session's (store-file-marks.ts). A session that cannot be closed
// safely is kept, unclosed, until it can be.
import type { Statement } from 'better-sqlite3';
import { HistoryMirror } from './history-mirror.js';
import { HistoryQueries } from './history-query.js';
import { openConnection, type SqliteDatabase } from './open-connection.js';
import type { PutColumns } from './put-meta.js';
import { HISTORY_TABLE } from './schema.js';
import { sidecarsStillOurs, storeFilesChange, type StoreFileMarks, type StoreFilesChange } from './store-file-marks.js';

export interface NewRow extends PutColumns {
  handle: string;
  createdAt: string;
  original: Buffer;
  bytes: number;
  sourceKey: string | null;
}

const INSERT_RECOVERY = `
INSERT INTO recoveries (handle, created_at, content_type, compressor, tokens_before, tokens_after, original, metadata)
VALUES (:handle, :createdAt, :contentType, :compressor, :tokensBefore, :tokensAfter, :original, :metadata)`;

const INSERT_HISTORY = `
INSERT INTO ${HISTORY_TABLE} (handle, created_at, bytes, tokens_before, tokens_after, content_type, compressor,
  source_name, tool_count, tokenizer, source_key)
VALUES (:handle, :createdAt, :bytes, :tokensBefore, :tokensAfter, :contentType, :compressor,
  :sourceName, :toolCount, :tokenizer, :sourceKey)`;

// Our normalised time when the history row exists (it does after a sync).
const EXISTING_CREATED_AT = `
SELECT coalesce(h.created_at, caveman_created_at(r.created_at))
FROM recoveries AS r LEFT JOIN ${HISTORY_TABLE} AS h ON h.handle = r.handle
WHERE r.handle = ?`;

export class StoreSession {
  readonly mirror: HistoryMirror;
  readonly queries: HistoryQueries;
  readonly insertRecovery: Statement<[NewRow]>;
  readonly insertHistory: Statement<[NewRow]>;
  readonly selectOriginal: Statement<[string], unknown>;
  readonly selectHandle: Statement<[string], unknown>;
  readonly existingCreatedAt: Statement<[string], string>;
  readonly deleteRecovery: Statement<[string], number>;
  readonly deleteHistory: Statement<[string]>;

  private constructor(
    readonly db: SqliteDatabase,
    readonly writable: boolean,
    private readonly afterClose: () => void,
    private readonly marks: StoreFileMarks | undefined,
  ) {
    this.mirror = new HistoryMirror(db, writable);
    this.queries = new HistoryQueries(db);
    this.insertRecovery = db.prepare(INSERT_RECOVERY);
    this.insertHistory = db.prepare(INSERT_HISTORY);
    this.selectOriginal = db.prepare<[string], unknown>('SELECT original FROM recoveries WHERE handle = ?').pluck();
    this.selectHandle = db.prepare<[string], unknown>('SELECT 1 FROM recoveries WHERE handle = ?').pluck();
    this.existingCreatedAt = db.prepare<[string], string>(EXISTING_CREATED_AT).pluck();
    this.deleteRecovery = db.prepare<[string], number>('DELETE FROM recoveries WHERE handle = ? RETURNING octet_length(original)').pluck();
    this.deleteHistory = db.prepare(`DELETE FROM ${HISTORY_TABLE} WHERE handle = ?`);
    this.mirror.refresh();
  }

  /** Opens `dbPath` (see openConnection); throws what openConnection throws, or what the first sync does. */
  static open(dbPath: string, readonly: boolean): StoreSession {
    const { db, writable, afterClose, marks } = openConnection(dbPath, readonly);
    try {
      return new StoreSession(db, writable, afterClose, marks);
    } catch (error) {
      db.close();
      afterClose();
      throw error;
    }
  }

  /** How the files at `dbPath` differ from this session's; undefined while they are the same (always, in memory). */
  changeAt(dbPath: string): StoreFilesChange | undefined {
    return this.marks && storeFilesChange(dbPath, this.marks);
  }

  /**
   * Closes the connection when that is safe, else keeps it open for good
   * (see retired below): SQLite writes the -shm while it closes (a SIGBUS
   * when it is frozen), and the last close deletes the -wal and -shm at the
   * path by name, which may now be another store's.
   */
  close(dbPath: string): void {
    const change = this.changeAt(dbPath);
    if (change?.kind === 'frozen' || (change && this.marks && !sidecarsStillOurs(dbPath, this.marks))) {
      retired.add({ session: this, dbPath });
      return;
    }
    this.db.close();
    this.afterClose();
  }

  /** Closes the sessions kept open so far whose files have become safe to close (made writable again, or the other store's files gone). */
  static closeRetiredWhenSafe(): void {
    for (const entry of [...retired]) {
      retired.delete(entry);
      entry.session.close(entry.dbPath);
    }
  }
}

/**
 * Sessions that could not be closed safely. Held here so the garbage
 * collector never closes them either. (better-sqlite3 still closes every
 * connection when the thread ends: a store frozen until then can fault at
 * exit.)
 */
const retired = new Set<{ session: StoreSession; dbPath: string }>();
