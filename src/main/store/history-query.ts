// Reads history pages for the history browser and the CLI. Queries are
// prepared once per ordering; newest-first paging walks the history index,
// and a search scans that same narrow index (handle and lowercased source
// name are in it) instead of the table, then counts matches the same way.
// Other orderings have no index of their own (one per column would slow
// every put): SQLite keeps the top rows of one pass over the table, measured
// in test/main/store/history-performance.test.ts.
import { HISTORY_TABLE, SHRINKS_CALLS_COLUMN, SHRINKS_CLIENT_COLUMN, SHRINKS_TABLE } from './schema';
import type { SqliteDatabase } from './open-connection';
import { columnOrNull } from './table-columns';
import type { HistorySortKey, SortDirection } from '../../shared/contracts';
import type { HistoryEntry, HistoryPage, HistoryQuery, HistoryShrink } from './types';
import type { Statement } from 'better-sqlite3';
import { decodeModelTokens, MODEL_SORT_COLUMNS, MODEL_TOKENS_COLUMN, modelTokensOf } from './model-tokens';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

const ENTRY_COLUMNS = `handle, created_at, bytes, tokens_before, tokens_after,
  content_type, compressor, source_name, tool_count, tokenizer, ${MODEL_TOKENS_COLUMN}`;
const SHRINK_COLUMNS = 'id, created_at, compressor, tokenizer, tokens_before, tokens_after, source_name';

/** What each sort key orders by. saved matches signedRatio (0 when nothing was counted before); NULL sources and tool counts sort as smallest. */
const SORT_COLUMNS: Record<HistorySortKey, string> = {
  created: 'created_at',
  source: 'source_key',
  tools: 'tool_count',
  tokensBefore: 'tokens_before',
  tokensAfter: 'tokens_after',
  saved: 'CASE WHEN tokens_before > 0 THEN (tokens_before - tokens_after) * 1.0 / tokens_before ELSE 0 END',
  ...MODEL_SORT_COLUMNS,
};

/** The ORDER BY of a sort; insertion order breaks ties, so pages never overlap. The default is the history index's order. */
export function orderBy(sort: HistorySortKey = 'created', direction: SortDirection = 'descending'): string {
  const way = direction === 'ascending' ? 'ASC' : 'DESC';
  return `ORDER BY ${SORT_COLUMNS[sort]} ${way}, seq ${way}`;
}
// instr, not LIKE: a query containing % or _ is matched literally.
const MATCHES = '(instr(handle, :needle) > 0 OR instr(source_key, :needle) > 0)';

/** A history row as read: what the model saw as the column's text. */
type StoredEntryRow = Omit<HistoryEntry, 'visible' | 'shrinks'> & { model_tokens: string | null };
/** A shrink row as read: its client, its calls and what the model saw as the JSON texts they are kept as. */
type StoredShrinkRow = Omit<HistoryShrink, 'visible' | 'client' | 'calls'> & { model_tokens: string | null; client_info: string | null; calls: string | null };

function entryOf({ model_tokens, ...row }: StoredEntryRow): HistoryEntry {
  return { ...row, visible: decodeModelTokens(model_tokens) };
}

function shrinkOfRow({ model_tokens, client_info, calls, ...row }: StoredShrinkRow): HistoryShrink {
  const shrink: HistoryShrink = { ...row, visible: decodeModelTokens(model_tokens) };
  if (client_info !== null) shrink.client = JSON.parse(client_info) as NonNullable<HistoryShrink['client']>;
  if (calls !== null) shrink.calls = JSON.parse(calls) as NonNullable<HistoryShrink['calls']>;
  return shrink;
}

/** What a request narrows the list to: a search, and bounds on when the entries were stored. */
interface FilterParams {
  needle?: string;
  createdFrom?: string;
  createdBefore?: string;
}
interface PageParams extends FilterParams {
  limit: number;
  offset: number;
}

/** The WHERE clause of a request's filters ('' for none), with their parameters. */
function filterOf(request: HistoryQuery): { where: string; params: FilterParams } {
  const needle = (request.query ?? '').trim().toLowerCase();
  const parts: string[] = [];
  const params: FilterParams = {};
  if (needle !== '') {
    parts.push(MATCHES);
    params.needle = needle;
  }
  // created_at is normalised (created-at.ts), so its text orders as its time does.
  if (request.createdFrom !== undefined) {
    parts.push('created_at >= :createdFrom');
    params.createdFrom = request.createdFrom;
  }
  if (request.createdBefore !== undefined) {
    parts.push('created_at < :createdBefore');
    params.createdBefore = request.createdBefore;
  }
  return { where: parts.length === 0 ? '' : `WHERE ${parts.join(' AND ')}`, params };
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
  /** Page and count statements by their SQL (a filter's WHERE, an ORDER BY), prepared on first use. */
  private readonly pages = new Map<string, Statement<[PageParams], StoredEntryRow>>();
  private readonly counts = new Map<string, Statement<[FilterParams], number>>();
  private readonly count: Statement<[], number>;
  private readonly byHandle: Statement<[string], StoredEntryRow>;
  private readonly shrinksOf: Statement<[string], StoredShrinkRow>;

  constructor(private readonly db: SqliteDatabase) {
    this.count = db.prepare<[], number>(`SELECT count(*) FROM ${HISTORY_TABLE}`).pluck();
    this.byHandle = db.prepare(`${this.from} WHERE handle = ?`);
    const recorded = [SHRINKS_CLIENT_COLUMN, SHRINKS_CALLS_COLUMN].map((column) => columnOrNull(db, SHRINKS_TABLE, column));
    const added = `${recorded.join(', ')}, ${modelTokensOf(db, SHRINKS_TABLE)}`;
    this.shrinksOf = db.prepare(`SELECT ${SHRINK_COLUMNS}, ${added} FROM ${SHRINKS_TABLE} WHERE handle = ? ORDER BY id DESC`);
  }

  /** The entry with its shrinks, newest first; a row with none recorded is its own only shrink (without an id). */
  private withShrinks(entry: HistoryEntry): HistoryEntry {
    const recorded = this.shrinksOf.all(entry.handle).map(shrinkOfRow);
    const { created_at, compressor, tokenizer, tokens_before, tokens_after, source_name, visible } = entry;
    const only: HistoryShrink = { created_at, compressor, tokenizer, tokens_before, tokens_after, source_name, visible };
    return { ...entry, shrinks: recorded.length > 0 ? (recorded as [HistoryShrink, ...HistoryShrink[]]) : [only] };
  }

  private prepared<S>(cache: Map<string, S>, sql: string, prepare: (sql: string) => S): S {
    let statement = cache.get(sql);
    if (!statement) {
      statement = prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  }

  /** One page in the requested order (newest first by default; insertion order breaks ties), with the number of matching entries. */
  list(request: HistoryQuery = {}): HistoryPage {
    const limit = wholeNumber(request.limit, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
    const offset = wholeNumber(request.offset, 0, Number.MAX_SAFE_INTEGER);
    const { where, params } = filterOf(request);
    const pageSql = `${this.from} ${where} ${orderBy(request.sort, request.direction)} LIMIT :limit OFFSET :offset`;
    const entries = this.prepared(this.pages, pageSql, (sql) => this.db.prepare<[PageParams], StoredEntryRow>(sql))
      .all({ ...params, limit, offset })
      .map(entryOf);
    const counting = where === '' ? undefined : this.prepared(this.counts, where, (sql) => this.countWhere(sql));
    const page = { entries, total: (counting ? counting.get(params) : this.count.get()) ?? 0 };
    return request.shrinks ? { ...page, entries: page.entries.map((entry) => this.withShrinks(entry)) } : page;
  }

  private countWhere(where: string): Statement<[FilterParams], number> {
    return this.db.prepare<[FilterParams], number>(`SELECT count(*) FROM ${HISTORY_TABLE} ${where}`).pluck();
  }

  entry(handle: string): HistoryEntry | undefined {
    const row = this.byHandle.get(handle);
    return row && this.withShrinks(entryOf(row));
  }
}
