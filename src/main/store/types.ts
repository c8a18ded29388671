// The store's public shapes. HistoryEntry is the contract's wire shape
// (snake_case), because it crosses process boundaries as-is (IPC, CLI --json).

import type { HistoryEntry, HistoryShrink, HistorySortKey, SortDirection } from '../../shared/contracts';

/** One handle as the history contract describes it (created_at normalised to `YYYY-MM-DDTHH:MM:SS.sssZ`), and one shrink of it. */
export type { HistoryEntry, HistoryShrink };

/** A page as the store returns it; the history-page contract adds limit/offset/query. */
export interface HistoryPage {
  entries: HistoryEntry[];
  /** How many entries match the query (all entries without one). */
  total: number;
}

export interface HistoryQuery {
  /** Page size, 50 by default, at most 1000. */
  limit?: number;
  offset?: number;
  /** Case-insensitive substring of the source name, or any part of a handle. */
  query?: string;
  /** The column to order by, 'created' by default; ties keep insertion order in the same direction. */
  sort?: HistorySortKey;
  /** 'descending' by default. */
  direction?: SortDirection;
  /** Only entries stored at or after this time (`YYYY-MM-DDTHH:MM:SS.sssZ`, as created_at is kept). */
  createdFrom?: string;
  /** Only entries stored before this time (the same form). */
  createdBefore?: string;
  /** List each entry's shrinks too (the CLI's --json; the app's list needs only the latest, which the entry shows). */
  shrinks?: boolean;
}

export interface PutMeta {
  tokensBefore: number;
  tokensAfter: number;
  /** Defaults to 'toolschema'. */
  contentType?: string;
  /** Defaults to 'toolschema'. */
  compressor?: string;
  /** The file (or paste) the catalog came from; shown and searched in history. */
  sourceName?: string;
  toolCount?: number;
  tokenizer?: string;
  /** The shrink wrote shared sub-schemas (recorded in `metadata` as share_schemas). */
  shareSchemas?: boolean;
  /** The level it was shrunk at, when not facts (recorded in `metadata` as level). */
  level?: string;
  /** The MCP client a proxy shrank it for (recorded with the shrink, shown in history). */
  clientInfo?: { name: string; version: string };
  /** With a budget: the calls per tool name its plan stepped the tools by (recorded with the shrink, so the plan can be made again). */
  calls?: Readonly<Record<string, number>>;
}

export interface PutResult {
  handle: string;
  /** False when the same bytes were already stored (nothing was rewritten). */
  created: boolean;
  createdAt: string;
}

export interface OpenOptions {
  /** Retained original bytes allowed in total; defaults to 512 MiB. */
  maxBytes?: number;
  /** Source of created_at for new rows; defaults to the system clock. */
  clock?: () => Date;
  /** Open an existing store without ever writing to it. */
  readonly?: boolean;
}
