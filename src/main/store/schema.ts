// The tables of the recovery store. `recoveries` is the Go caveman tools'
// table, byte for byte, so either side can read what the other wrote; it is
// never altered and gets no index or trigger of ours. Everything the app needs
// beyond it (history with file names, fast newest-first paging) lives in our
// own table.

/** The Go reference DDL, verbatim (SQLite keeps this text in sqlite_master). */
export const RECOVERIES_DDL = `
CREATE TABLE IF NOT EXISTS recoveries (
  handle TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  content_type TEXT NOT NULL,
  compressor TEXT NOT NULL,
  tokens_before INTEGER NOT NULL,
  tokens_after INTEGER NOT NULL,
  original BLOB NOT NULL,
  metadata BLOB
);`;

export const HISTORY_TABLE = 'caveman_app_history';

/** Written into `recoveries.metadata` so other tools can tell who stored a row. */
export const METADATA_SOURCE = 'caveman-shrink-desktop';

type Schema = 'main' | 'temp';

/**
 * One history row per handle in `recoveries`. `source_key` is the lowercased
 * source name (JavaScript case folding, which SQLite's lower() lacks beyond
 * ASCII). The one index is ordered like the history list and also carries
 * the searched columns, so paging reads 50 index entries and a search scans
 * the narrow index instead of the wider table.
 */
export function historyDdl(schema: Schema): string {
  return `
CREATE TABLE IF NOT EXISTS ${schema}.${HISTORY_TABLE} (
  seq INTEGER PRIMARY KEY,
  handle TEXT UNIQUE NOT NULL,
  created_at TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  tokens_before INTEGER NOT NULL,
  tokens_after INTEGER NOT NULL,
  content_type TEXT NOT NULL,
  compressor TEXT NOT NULL,
  source_name TEXT NULL,
  tool_count INTEGER NULL,
  tokenizer TEXT NULL,
  source_key TEXT NULL
);
CREATE INDEX IF NOT EXISTS ${schema}.${HISTORY_TABLE}_newest
  ON ${HISTORY_TABLE} (created_at DESC, seq DESC, handle, source_key);`;
}

/** An empty stand-in for `recoveries` when a read-only file has none yet. */
export const TEMP_RECOVERIES_DDL = RECOVERIES_DDL.replace('CREATE TABLE', 'CREATE TEMP TABLE');
