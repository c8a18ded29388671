// One open connection of a RecoveryStore, with what it prepared on it (the
// history mirror, the queries, the statements) and the marks of the files it
// holds. A store replaces its session when the files at its path are no
// longer the session's (store-file-marks.ts). A session that cannot be closed
// safely is kept, unclosed, until it can be.
import type { Statement } from 'better-sqlite3';
import { HistoryMirror } from './history-mirror';
import { HistoryQueries } from './history-query';
import { openConnection, type SqliteDatabase } from './open-connection';
import type { PutColumns } from './put-meta';
import { HISTORY_TABLE, SHRINKS_CALLS_COLUMN, SHRINKS_TABLE, recordFirstShrinks } from './schema';
import { columnOrNull } from './table-columns';
import { MODEL_TOKENS_COLUMN } from './model-tokens';
import { sidecarsStillOurs, storeFilesChange, type StoreFileMarks, type StoreFilesChange } from './store-file-marks';

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

const INSERT_SHRINK = `
INSERT INTO ${SHRINKS_TABLE} (handle, created_at, compressor, tokenizer, tokens_before, tokens_after, source_name, client_info, calls)
VALUES (:handle, :createdAt, :compressor, :tokenizer, :tokensBefore, :tokensAfter, :sourceName, :clientInfo, :calls)`;

/** What makes one shrink differ from another (its time aside). */
export interface ShrinkFigures {
  compressor: string;
  tokenizer: string | null;
  tokens_before: number;
  tokens_after: number;
  source_name: string | null;
  calls: string | null;
}

/** The latest shrink of a handle: its newest shrink row, else its history row (its own only shrink); `calls` is the column or NULL. */
const latestShrink = (calls: string) => `
SELECT compressor, tokenizer, tokens_before, tokens_after, source_name, calls FROM (
  SELECT 0 AS rank, id, compressor, tokenizer, tokens_before, tokens_after, source_name, ${calls} FROM ${SHRINKS_TABLE} WHERE handle = :handle
  UNION ALL
  SELECT 1, 0, compressor, tokenizer, tokens_before, tokens_after, source_name, NULL FROM ${HISTORY_TABLE} WHERE handle = :handle
) ORDER BY rank, id DESC LIMIT 1`;

// The history row shows its latest shrink's options, tokenizer and counts (what the model saw of it comes after, when
// counted: recordModelTokens). Its source stays the first one known (what it is listed and searched by); each shrink's
// own source is in its shrink row.
const SHOW_LATEST_SHRINK = `
UPDATE ${HISTORY_TABLE} SET compressor = :compressor, tokenizer = :tokenizer, tokens_before = :tokensBefore, tokens_after = :tokensAfter,
  source_name = coalesce(source_name, :sourceName), source_key = coalesce(source_key, :sourceKey), tool_count = coalesce(tool_count, :toolCount),
  ${MODEL_TOKENS_COLUMN} = NULL
WHERE handle = :handle`;

/** A shrink as the caller knows it once its counts are done: which one it is, and what the model saw of it. */
export interface ModelTokensRow {
  handle: string;
  tokenizer: string | null;
  tokensBefore: number;
  tokensAfter: number;
  modelTokens: string;
}

// The newest shrink row with those counts (the one just recorded, or the like one recorded before it), and the history
// row while it shows that shrink.
const RECORD_SHRINK_MODEL_TOKENS = `
UPDATE ${SHRINKS_TABLE} SET ${MODEL_TOKENS_COLUMN} = :modelTokens WHERE id = (
  SELECT id FROM ${SHRINKS_TABLE}
  WHERE handle = :handle AND tokenizer IS :tokenizer AND tokens_before = :tokensBefore AND tokens_after = :tokensAfter
  ORDER BY id DESC LIMIT 1)`;
const RECORD_HISTORY_MODEL_TOKENS = `
UPDATE ${HISTORY_TABLE} SET ${MODEL_TOKENS_COLUMN} = :modelTokens
WHERE handle = :handle AND tokenizer IS :tokenizer AND tokens_before = :tokensBefore AND tokens_after = :tokensAfter`;

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
  readonly latestShrink: Statement<[{ handle: string }], ShrinkFigures>;
  /** A history row written without shrink rows gets its own as its first, before a later shrink changes it. */
  readonly keepFirstShrink: Statement<[{ handle: string }]>;
  readonly showLatestShrink: Statement<[NewRow]>;
  /** Only on a writable store (a read-only one never records). */
  readonly recordModelTokens: { shrink: Statement<[ModelTokensRow]>; history: Statement<[ModelTokensRow]> } | undefined;

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
    // A read-only store made before shrinks recorded their calls has no such column (a writable one gets it at open).
    this.latestShrink = db.prepare(latestShrink(columnOrNull(db, SHRINKS_TABLE, SHRINKS_CALLS_COLUMN)));
    this.keepFirstShrink = db.prepare(recordFirstShrinks(`h.handle = :handle AND NOT EXISTS (SELECT 1 FROM ${SHRINKS_TABLE} AS s WHERE s.handle = h.handle)`));
    this.showLatestShrink = db.prepare(SHOW_LATEST_SHRINK);
    this.recordModelTokens = writable ? { shrink: db.prepare(RECORD_SHRINK_MODEL_TOKENS), history: db.prepare(RECORD_HISTORY_MODEL_TOKENS) } : undefined;
    this.mirror.refresh();
  }

  private insertShrinkStatement: Statement<[NewRow]> | undefined;

  /** Prepared on first use (a write): a read-only store made before a column was added to the shrinks table lacks it. */
  get insertShrink(): Statement<[NewRow]> {
    return (this.insertShrinkStatement ??= this.db.prepare(INSERT_SHRINK));
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

  /** True when the file has this table (a read-only store made by an older version may not). */
  hasTable(name: string): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
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
