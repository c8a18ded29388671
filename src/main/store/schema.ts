// The tables of the recovery store. `recoveries` is the Go caveman tools'
// table, byte for byte, so either side can read what the other wrote; it is
// never altered and gets no index or trigger of ours. Everything the app needs
// beyond it (history with file names, fast newest-first paging, every shrink
// of a stored original) lives in our own tables.

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

export const SHRINKS_TABLE = 'caveman_app_shrinks';

/**
 * One row per shrink of a stored original: the first (when the original was
 * stored) and every later one with other options, another tokenizer or
 * another source (`recoveries` keeps only the first, and never changes). The
 * history row carries the latest shrink's compressor, tokenizer and counts,
 * so the history list reads one table. A history row without shrink rows
 * (written by a program that does not record them) is its own only shrink.
 * Deleting a history row deletes its shrinks.
 */
export const SHRINKS_DDL = `
CREATE TABLE IF NOT EXISTS ${SHRINKS_TABLE} (
  id INTEGER PRIMARY KEY,
  handle TEXT NOT NULL,
  created_at TEXT NOT NULL,
  compressor TEXT NOT NULL,
  tokenizer TEXT NULL,
  tokens_before INTEGER NOT NULL,
  tokens_after INTEGER NOT NULL,
  source_name TEXT NULL,
  client_info TEXT NULL,
  calls TEXT NULL
);
CREATE INDEX IF NOT EXISTS ${SHRINKS_TABLE}_handle ON ${SHRINKS_TABLE} (handle, id);
CREATE TRIGGER IF NOT EXISTS ${SHRINKS_TABLE}_follow_history
  AFTER DELETE ON ${HISTORY_TABLE}
  BEGIN DELETE FROM ${SHRINKS_TABLE} WHERE handle = old.handle; END;`;

/** Added after the shrinks table first shipped: the MCP client a proxy shrank for, `{"name":…,"version":…}` (JSON text). */
export const SHRINKS_CLIENT_COLUMN = 'client_info';
export const ADD_SHRINKS_CLIENT_COLUMN = `ALTER TABLE ${SHRINKS_TABLE} ADD COLUMN ${SHRINKS_CLIENT_COLUMN} TEXT NULL`;

/**
 * Added after the client column: the calls per tool name a budget's plan stepped the tools by (JSON text, names in
 * order), so the plan can be made again as it was (the compressor label records the budget, not the calls).
 */
export const SHRINKS_CALLS_COLUMN = 'calls';
export const ADD_SHRINKS_CALLS_COLUMN = `ALTER TABLE ${SHRINKS_TABLE} ADD COLUMN ${SHRINKS_CALLS_COLUMN} TEXT NULL`;

/** The shrink a history row stands for when it has none recorded: its own columns. */
export const FIRST_SHRINK_COLUMNS = 'handle, created_at, compressor, tokenizer, tokens_before, tokens_after, source_name';

/** Records each history row's first shrink, oldest first; `where` picks the rows (e.g. those without one). */
export function recordFirstShrinks(where: string): string {
  return `
INSERT INTO ${SHRINKS_TABLE} (${FIRST_SHRINK_COLUMNS})
SELECT ${FIRST_SHRINK_COLUMNS} FROM ${HISTORY_TABLE} AS h WHERE ${where} ORDER BY h.seq`;
}

/** An empty stand-in for `recoveries` when a read-only file has none yet. */
export const TEMP_RECOVERIES_DDL = RECOVERIES_DDL.replace('CREATE TABLE', 'CREATE TEMP TABLE');

/** An empty stand-in for the shrinks table when a read-only file has none (every history row is then its own only shrink). */
export const TEMP_SHRINKS_DDL = SHRINKS_DDL.slice(0, SHRINKS_DDL.indexOf(';') + 1).replace('CREATE TABLE', 'CREATE TEMP TABLE');

export const LISTINGS_TABLE = 'caveman_app_proxy_listings';

/** The proxy's kept listings (listing-cache.ts): by key, with when each was last used and its size, for the bound. */
export const LISTINGS_DDL = `
CREATE TABLE IF NOT EXISTS ${LISTINGS_TABLE} (
  key TEXT PRIMARY KEY,
  used_at INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  tools BLOB NOT NULL,
  meta TEXT NOT NULL
);`;

export const TOOL_CALLS_TABLE = 'caveman_app_tool_calls';

/**
 * The calls the proxy relayed, per server (its source name), tool and UTC day
 * (days since 1970-01-01): names and counts only, never a call's arguments
 * (tool-calls.ts). Under a budget, the tools called in the last 30 days are
 * stepped down last.
 */
export const TOOL_CALLS_DDL = `
CREATE TABLE IF NOT EXISTS ${TOOL_CALLS_TABLE} (
  server TEXT NOT NULL,
  tool TEXT NOT NULL,
  day INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  PRIMARY KEY (server, tool, day)
) WITHOUT ROWID;`;
