// Keeps our history table in step with `recoveries`. Other programs (the Go
// tools, a second copy of this app) write `recoveries` too; whenever SQLite's
// data_version says another connection committed, rows they added get a
// history row and rows they removed lose theirs. The mirror also keeps the
// retained-byte total, which only changes through the same writes.
import { HISTORY_TABLE, SHRINKS_TABLE, TEMP_RECOVERIES_DDL, TEMP_SHRINKS_DDL, historyDdl } from './schema';
import { normalizeCreatedAt } from './created-at';
import type { SqliteDatabase } from './open-connection';
import { addModelTokensToStandIns, copyFileModelTokens } from './model-tokens';
import type { Statement } from 'better-sqlite3';

const CREATED_AT_FUNCTION = 'caveman_created_at';

const HISTORY_COLUMNS = `handle, created_at, bytes, tokens_before, tokens_after,
  content_type, compressor, source_name, tool_count, tokenizer, source_key`;

// History rows whose recovery is gone. Selecting seq first lets SQLite walk
// the two handle indexes instead of the history table.
const DELETE_ORPHANS = `
DELETE FROM ${HISTORY_TABLE} WHERE seq IN (
  SELECT h.seq FROM ${HISTORY_TABLE} AS h
  WHERE NOT EXISTS (SELECT 1 FROM recoveries AS r WHERE r.handle = h.handle))`;

// Rows without a history row, oldest first so seq follows time. The missing
// rowids are found through the primary-key index alone, so the payload pages
// of `recoveries` are read only for rows that are actually missing. tool_count
// and tokenizer are read back from metadata when it is our JSON; source_name
// is unknown for rows written elsewhere.
const INSERT_MISSING = `
WITH missing AS (
  SELECT r.rowid AS rid, r.handle, ${CREATED_AT_FUNCTION}(r.created_at) AS created_at,
         octet_length(r.original) AS bytes, r.tokens_before, r.tokens_after,
         r.content_type, r.compressor,
         CASE WHEN json_valid(CAST(r.metadata AS TEXT)) THEN CAST(r.metadata AS TEXT) END AS meta
  FROM recoveries AS r
  WHERE r.rowid IN (
    SELECT k.rowid FROM recoveries AS k
    WHERE NOT EXISTS (SELECT 1 FROM ${HISTORY_TABLE} AS h WHERE h.handle = k.handle))
)
INSERT INTO ${HISTORY_TABLE} (${HISTORY_COLUMNS})
SELECT handle, created_at, bytes, tokens_before, tokens_after, content_type, compressor, NULL,
       CASE WHEN json_type(meta, '$.tool_count') = 'integer' THEN json_extract(meta, '$.tool_count') END,
       CASE WHEN json_type(meta, '$.tokenizer') = 'text' THEN json_extract(meta, '$.tokenizer') END,
       NULL
FROM missing
ORDER BY created_at, rid`;

// Read-only stores mirror into a temp table; this carries over the file's own
// history rows (with their source names) before the generic sync above, and
// the latest shrink another process recorded on a row already carried over.
const LATEST_SHRINK_COLUMNS = ['compressor', 'tokenizer', 'tokens_before', 'tokens_after', 'source_name', 'source_key', 'tool_count'];
const COPY_FILE_HISTORY = `
INSERT INTO temp.${HISTORY_TABLE} (${HISTORY_COLUMNS})
SELECT ${HISTORY_COLUMNS} FROM main.${HISTORY_TABLE} AS m
WHERE EXISTS (SELECT 1 FROM recoveries AS r WHERE r.handle = m.handle)
ORDER BY m.seq
ON CONFLICT (handle) DO UPDATE SET ${LATEST_SHRINK_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')}
WHERE ${LATEST_SHRINK_COLUMNS.map((column) => `${column} IS NOT excluded.${column}`).join(' OR ')}`;

const MAIN_TABLE_EXISTS = "SELECT 1 FROM main.sqlite_master WHERE type = 'table' AND name = ?";

function mainTableExists(db: SqliteDatabase, table: string): boolean {
  return db.prepare(MAIN_TABLE_EXISTS).get(table) !== undefined;
}

/**
 * A read-only file cannot hold our history table, so a temp one (which
 * shadows any same-named table in the file) stands in for it; an empty temp
 * `recoveries` stands in for a file that has none yet, and an empty temp
 * shrinks table for a file made before shrinks were recorded.
 */
function createReadOnlyShadow(db: SqliteDatabase): void {
  if (!mainTableExists(db, 'recoveries')) db.exec(TEMP_RECOVERIES_DDL);
  if (!mainTableExists(db, SHRINKS_TABLE)) db.exec(TEMP_SHRINKS_DDL);
  db.exec(historyDdl('temp'));
  addModelTokensToStandIns(db);
}

export class HistoryMirror {
  private readonly dataVersion: Statement<[], number>;
  private readonly deleteOrphans: Statement;
  private readonly insertMissing: Statement;
  private readonly sumBytes: Statement<[], number>;
  private copyFileHistory: Statement | undefined;
  /** Copies what the model saw of the file's own history rows (prepared once the file's history has the column). */
  private copyModelTokens: (() => void) | undefined;
  private syncedVersion: number | undefined;
  private retained = 0;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly writable: boolean,
  ) {
    db.function(CREATED_AT_FUNCTION, { deterministic: true }, (raw: unknown) => normalizeCreatedAt(raw));
    if (!writable) createReadOnlyShadow(db);
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.deleteOrphans = db.prepare(DELETE_ORPHANS);
    this.insertMissing = db.prepare(INSERT_MISSING);
    this.sumBytes = db.prepare<[], number>(`SELECT coalesce(sum(bytes), 0) FROM ${HISTORY_TABLE}`).pluck();
  }

  /** Syncs when another connection has committed since the last sync (or nothing was synced yet); true when it did. */
  refresh(): boolean {
    if (this.syncedVersion !== undefined && this.dataVersion.get() === this.syncedVersion) return false;
    const sync = this.db.transaction(() => this.syncNow());
    if (this.writable) sync.immediate();
    else sync.deferred();
    return true;
  }

  /** Forgets the last sync, e.g. after a transaction that contained one was rolled back. */
  invalidate(): void {
    this.syncedVersion = undefined;
  }

  /** Sum of stored original lengths, as of the last refresh plus our own writes since. */
  get retainedBytes(): number {
    return this.retained;
  }

  /** Our own committed insert or delete changed the total by `delta` bytes. */
  recordOwnWrite(delta: number): void {
    this.retained += delta;
  }

  private syncNow(): void {
    this.deleteOrphans.run();
    if (!this.writable) {
      this.fileHistoryStatement()?.run();
      this.fileModelTokens()?.();
    }
    this.insertMissing.run();
    this.retained = this.sumBytes.get() ?? 0;
    // Read inside the sync's transaction: no commit can slip between the sync and this number.
    this.syncedVersion = this.dataVersion.get();
  }

  private fileModelTokens(): (() => void) | undefined {
    if (this.copyModelTokens === undefined && mainTableExists(this.db, HISTORY_TABLE)) this.copyModelTokens = copyFileModelTokens(this.db);
    return this.copyModelTokens;
  }

  /** Prepared once the file has a history table of its own (another process may add one later). */
  private fileHistoryStatement(): Statement | undefined {
    if (this.copyFileHistory === undefined && mainTableExists(this.db, HISTORY_TABLE)) {
      this.copyFileHistory = this.db.prepare(COPY_FILE_HISTORY);
    }
    return this.copyFileHistory;
  }
}
