// What the model saw of each shrink: the tokens of the anthropic and openai
// renderings, before and after, kept beside the JSON counts as one nullable
// TEXT column (JSON) on the app's own history and shrinks tables — never on
// `recoveries`, the Go tools' table. A store made before the column gets it
// in place, in a migration step of its own; its rows keep null ("JSON
// only"), as do shrinks recorded by a caller that did not count them.

import type { VisibleTokens } from '../../shared/contracts';
import type { SqliteDatabase } from './open-connection';
import { HISTORY_TABLE, SHRINKS_TABLE } from './schema';
import { columnOrNull, hasColumn } from './table-columns';

export const MODEL_TOKENS_COLUMN = 'model_tokens';

const TABLES = [HISTORY_TABLE, SHRINKS_TABLE] as const;

function addColumns(db: SqliteDatabase, schema: 'main' | 'temp'): void {
  for (const table of TABLES) {
    const exists = db.prepare(`SELECT 1 FROM ${schema}.sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
    if (exists && !hasColumn(db, table, MODEL_TOKENS_COLUMN, schema)) db.exec(`ALTER TABLE ${schema}.${table} ADD COLUMN ${MODEL_TOKENS_COLUMN} TEXT NULL`);
  }
}

/** The migration step of a writable store: adds the column where it is missing, in one transaction (two processes opening an old store add it once). */
export function addModelTokensColumns(db: SqliteDatabase): void {
  db.transaction(() => addColumns(db, 'main')).immediate();
}

/** The same for a read-only store's stand-in tables (temp, so nothing in the file is written). */
export function addModelTokensToStandIns(db: SqliteDatabase): void {
  addColumns(db, 'temp');
}

/** How a query reads the column from `table`: itself, or null where a read-only store made before it has none. */
export function modelTokensOf(db: SqliteDatabase, table: string): string {
  return columnOrNull(db, table, MODEL_TOKENS_COLUMN);
}

/** Copies the column of the file's own history rows into a read-only store's stand-in history (when the file has it). */
export function copyFileModelTokens(db: SqliteDatabase): (() => void) | undefined {
  if (!hasColumn(db, HISTORY_TABLE, MODEL_TOKENS_COLUMN, 'main')) return undefined;
  const copy = db.prepare(`
UPDATE temp.${HISTORY_TABLE} AS t SET ${MODEL_TOKENS_COLUMN} = m.${MODEL_TOKENS_COLUMN}
FROM main.${HISTORY_TABLE} AS m
WHERE m.handle = t.handle AND m.${MODEL_TOKENS_COLUMN} IS NOT t.${MODEL_TOKENS_COLUMN}`);
  return () => void copy.run();
}

/** The column's text for `visible`. */
export function encodeModelTokens(visible: VisibleTokens): string {
  const { anthropic, openai } = visible;
  return JSON.stringify({
    anthropic: { tokens_before: anthropic.tokens_before, tokens_after: anthropic.tokens_after },
    openai: { tokens_before: openai.tokens_before, tokens_after: openai.tokens_after },
  });
}

/** The figures in the column's text; null for none, or for text that does not hold them (written by hand or by another program). */
export function decodeModelTokens(text: string | null): VisibleTokens | null {
  if (text === null) return null;
  try {
    const { anthropic, openai } = JSON.parse(text) as Partial<VisibleTokens>;
    const counts = [anthropic?.tokens_before, anthropic?.tokens_after, openai?.tokens_before, openai?.tokens_after];
    if (!counts.every((count) => Number.isSafeInteger(count) && (count as number) >= 0)) return null;
    const [aBefore, aAfter, oBefore, oAfter] = counts as number[];
    return { anthropic: { tokens_before: aBefore!, tokens_after: aAfter! }, openai: { tokens_before: oBefore!, tokens_after: oAfter! } };
  } catch {
    return null;
  }
}

/** Claude's count (the anthropic rendering) `which` in SQL, from the column's text; null where there is none (or it is not JSON). */
const claude = (which: 'tokens_before' | 'tokens_after') =>
  `(CASE WHEN json_valid(${MODEL_TOKENS_COLUMN}) THEN json_extract(${MODEL_TOKENS_COLUMN}, '$.anthropic.${which}') END)`;

/** The history sort keys of what the model sees: Claude's tokens before, after, and the signed share saved. */
export const MODEL_SORT_COLUMNS = {
  modelBefore: claude('tokens_before'),
  modelAfter: claude('tokens_after'),
  modelSaved: `(CASE WHEN ${claude('tokens_before')} > 0 THEN (${claude('tokens_before')} - ${claude('tokens_after')}) * 1.0 / ${claude('tokens_before')} END)`,
} as const;
