// Reads history pages for the history browser and the CLI. Queries are
// prepared once per ordering; newest-first paging walks the history index,
// and a search scans that same narrow index (handle and lowercased source
// name are in it) instead of the table, then counts matches the same way.
// Other orderings have no index of their own (one per column would slow
// every put): SQLite keeps the top rows of one pass over the table, measured
// in test/main/store/history-performance.test.ts.
import { HISTORY_TABLE, SHRINKS_CLIENT_COLUMN, SHRINKS_TABLE } from './schema.js';
import { hasColumn, type SqliteDatabase } from './open-connection.js';
import type { HistorySortKey, SortDirection } from '../../shared/contracts';
import type { HistoryEntry, HistoryPage, HistoryQuery, HistoryShrink } from './types.js';
import type { Statement } from 'better-sqlite3';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

const ENTRY_COLUMNS = `handle, created_at, bytes, tokens_before, tokens_after,
  content_type, compressor, source_name, tool_count, tokenizer`;
const SHRINK_COLUMNS = 'id, created_at, compressor, tokenizer, tokens_before, tokens_after, source_name';

/** A shrink row as read: its client as the JSON text it is kept as. */
type ShrinkRow = Omit<HistoryShrink, 'client'> & { client_info: string | null };

function shrinkOf({ client_info, ...row }: ShrinkRow): HistoryShrink {
  return client_info === null ? row : { ...row, client: JSON.parse(client_info) as NonNullable<HistoryShrink['client']> };
}
/** What each sort key orders by. saved matches signedRatio (0 when nothing was counted before); NULL sources and tool counts sort as smallest. */
const SORT_COLUMNS: Record<HistorySortKey, string> = {
  created: 'created_at',
  source: 'source_key',
  tools: 'tool_count',
  tokensBefore: 'tokens_before',
  tokensAfter: 'tokens_after',
  saved: 'CASE WHEN tokens_before > 0 THEN (tokens_before - tokens_after) * 1.0 / tokens_before ELSE 0 END',
};

/** The ORDER BY of a sort; insertion order breaks ties, so pages never overlap. The default is the history index's order. */
export function orderBy(sort: HistorySortKey = 'created', direction: SortDirection = 'descending'): string {
  const way = direction === 'ascending' ? 'ASC' : 'DESC';
  return `ORDER BY ${SORT_COLUMNS[sort]} ${way}, seq ${way}`;
}
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
  private readonly from = `SELECT ${ENTRY_COLUMNS} FROM ${HISTORY_TABLE}`;
  /** Page statements by ORDER BY, prepared on first use (at most 12 of each). */
  private readonly pages = new Map<string, Statement<[PageParams], HistoryEntry>>();
  private readonly searchPages = new Map<string, Statement<[SearchParams], HistoryEntry>>();
  private readonly count: Statement<[], number>;
  private readonly searchCount: Statement<[{ needle: string }], number>;
  private readonly byHandle: Statement<[string], HistoryEntry>;
  private readonly shrinksOf: Statement<[string], ShrinkRow>;

  constructor(private readonly db: SqliteDatabase) {
    this.count = db.prepare<[], number>(`SELECT count(*) FROM ${HISTORY_TABLE}`).pluck();
    this.searchCount = db.prepare<[{ needle: string }], number>(`SELECT count(*) FROM ${HISTORY_TABLE} WHERE ${MATCHES}`).pluck();
    this.byHandle = db.prepare(`${this.from} WHERE handle = ?`);
    // A read-only store made before the client column was added has none: read as no client.
    const client = hasColumn(db, SHRINKS_TABLE, SHRINKS_CLIENT_COLUMN) ? SHRINKS_CLIENT_COLUMN : `NULL AS ${SHRINKS_CLIENT_COLUMN}`;
    this.shrinksOf = db.prepare(`SELECT ${SHRINK_COLUMNS}, ${client} FROM ${SHRINKS_TABLE} WHERE handle = ? ORDER BY id DESC`);
  }

  /** The entry with its shrinks, newest first; a row with none recorded is its own only shrink (without an id). */
  private withShrinks(entry: HistoryEntry): HistoryEntry {
    const recorded = this.shrinksOf.all(entry.handle).map(shrinkOf);
    const { created_at, compressor, tokenizer, tokens_before, tokens_after, source_name } = entry;
    const only: HistoryShrink = { created_at, compressor, tokenizer, tokens_before, tokens_after, source_name };
    return { ...entry, shrinks: recorded.length > 0 ? (recorded as [HistoryShrink, ...HistoryShrink[]]) : [only] };
  }

  private prepared<P>(cache: Map<string, Statement<[P], HistoryEntry>>, sql: string): Statement<[P], HistoryEntry> {
    let statement = cache.get(sql);
    if (!statement) {
      statement = this.db.prepare<[P], HistoryEntry>(sql);
      cache.set(sql, statement);
    }
    return statement;
  }

  /** One page in the requested order (newest first by default; insertion order breaks ties), with the number of matching entries. */
  list(request: HistoryQuery = {}): HistoryPage {
    const limit = wholeNumber(request.limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const offset = wholeNumber(request.offset, 0, Number.MAX_SAFE_INTEGER);
    const needle = (request.query ?? '').trim().toLowerCase();
    const order = orderBy(request.sort, request.direction);
    const page =
      needle === ''
        ? { entries: this.prepared(this.pages, `${this.from} ${order} LIMIT :limit OFFSET :offset`).all({ limit, offset }), total: this.count.get() ?? 0 }
        : {
            entries: this.prepared(this.searchPages, `${this.from} WHERE ${MATCHES} ${order} LIMIT :limit OFFSET :offset`).all({ needle, limit, offset }),
            total: this.searchCount.get({ needle }) ?? 0,
          };
    return request.shrinks ? { ...page, entries: page.entries.map((entry) => this.withShrinks(entry)) } : page;
  }

  entry(handle: string): HistoryEntry | undefined {
    const entry = this.byHandle.get(handle);
    return entry && this.withShrinks(entry);
  }
}
