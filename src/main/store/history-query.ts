// Reads history pages for the history browser and the CLI. Queries are
// prepared once; paging walks the newest-first index, and a search scans that
// same narrow index (handle and lowercased source name are in it) instead of
// the table, then counts matches the same way.
import { HISTORY_TABLE } from './schema.js';
import type { SqliteDatabase } from './open-connection.js';
import type { HistoryEntry, HistoryPage, HistoryQuery } from './types.js';
import type { Statement } from 'better-sqlite3';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

const ENTRY_COLUMNS = `handle, created_at, bytes, tokens_before, tokens_after,
  content_type, compressor, source_name, tool_count, tokenizer`;
const NEWEST_FIRST = 'ORDER BY created_at DESC, seq DESC';
// instr, not LIKE: a query containing % or _ is matched literally.
const MATCHES = '(instr(handle, :needle) > 0 OR instr(source_key, :needle) > 0)';

interface PageParams {
  limit: number;
  offset: number;
}
interface SearchParams extends PageParams {
  needle: string;
}

/** The searchable form of a source name (JavaScript folds case beyond ASCII, SQLite's lower() does not). */
export function sourceKeyFor(sourceName: string | undefined): string | null {
  return sourceName === undefined ? null : sourceName.toLowerCase();
}

function wholeNumber(value: number | undefined, fallback: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.trunc(value), 0), max);
}

export class HistoryQueries {
  private readonly page: Statement<[PageParams], HistoryEntry>;
  private readonly count: Statement<[], number>;
  private readonly searchPage: Statement<[SearchParams], HistoryEntry>;
  private readonly searchCount: Statement<[{ needle: string }], number>;
  private readonly byHandle: Statement<[string], HistoryEntry>;

  constructor(db: SqliteDatabase) {
    const from = `SELECT ${ENTRY_COLUMNS} FROM ${HISTORY_TABLE}`;
    this.page = db.prepare(`${from} ${NEWEST_FIRST} LIMIT :limit OFFSET :offset`);
    this.count = db.prepare<[], number>(`SELECT count(*) FROM ${HISTORY_TABLE}`).pluck();
    this.searchPage = db.prepare(`${from} WHERE ${MATCHES} ${NEWEST_FIRST} LIMIT :limit OFFSET :offset`);
    this.searchCount = db.prepare<[{ needle: string }], number>(`SELECT count(*) FROM ${HISTORY_TABLE} WHERE ${MATCHES}`).pluck();
    this.byHandle = db.prepare(`${from} WHERE handle = ?`);
  }

  /** One page, newest first (created_at, then insertion order), with the number of matching entries. */
  list(request: HistoryQuery = {}): HistoryPage {
    const limit = wholeNumber(request.limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const offset = wholeNumber(request.offset, 0, Number.MAX_SAFE_INTEGER);
    const needle = (request.query ?? '').trim().toLowerCase();
    if (needle === '') {
      return { entries: this.page.all({ limit, offset }), total: this.count.get() ?? 0 };
    }
    return {
      entries: this.searchPage.all({ needle, limit, offset }),
      total: this.searchCount.get({ needle }) ?? 0,
    };
  }

  entry(handle: string): HistoryEntry | undefined {
    return this.byHandle.get(handle);
  }
}
