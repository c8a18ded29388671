// `caveman-shrink history [--json] [--limit N] [--query TEXT] [--sort COLUMN
// [--direction ascending]]`: handles in the store, newest first by default.

import type { HistoryPage, HistorySortKey, SortDirection } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { history } from '../../library/recover';
import { formatPercent } from '../../../shared/format-figures';
import { formatTable } from '../format-table';
import { writeAll } from '../stdio';
import type { CommandIo } from './shrink-command';
import { savingRatio } from '../../../shared/ratio';

export interface HistoryCommandOptions {
  json: boolean;
  limit: number;
  offset: number;
  query?: string | undefined;
  sort?: HistorySortKey | undefined;
  direction?: SortDirection | undefined;
  store?: string | undefined;
}

export async function runHistoryCommand(options: HistoryCommandOptions, io: CommandIo): Promise<number> {
  let page: HistoryPage;
  try {
    page = history({
      limit: options.limit,
      offset: options.offset,
      ...(options.query ? { query: options.query } : {}),
      ...(options.sort ? { sort: options.sort } : {}),
      ...(options.direction ? { direction: options.direction } : {}),
      ...(options.store !== undefined ? { store: options.store } : {}),
      // The JSON lists every shrink of each entry; the table shows the latest one's figures.
      ...(options.json ? { shrinks: true } : {}),
    });
  } catch (thrown) {
    await writeAll(io.stderr, `caveman-shrink history: ${asCavemanError(thrown).message}\n`);
    return 1;
  }
  await writeAll(io.stdout, options.json ? JSON.stringify(page) + '\n' : historyTable(page, orderNote(options)));
  return 0;
}

/** How the rows are ordered, for the table's last line. */
function orderNote({ sort, direction = 'descending' }: Pick<HistoryCommandOptions, 'sort' | 'direction'>): string {
  return sort === undefined || (sort === 'created' && direction === 'descending') ? 'newest first' : `sorted by ${sort}, ${direction}`;
}

function historyTable(page: HistoryPage, order: string): string {
  if (page.entries.length === 0) return page.query ? `no handles match "${page.query}"\n` : 'the store holds no handles yet\n';
  const rows = page.entries.map((e) => [
    e.handle,
    e.created_at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    e.source_name ?? '—',
    e.tool_count === null ? '—' : String(e.tool_count),
    String(e.tokens_before),
    String(e.tokens_after),
    formatPercent(savingRatio(e.tokens_before, e.tokens_after)),
  ]);
  const shown = `${page.offset + 1}–${page.offset + page.entries.length} of ${page.total}`;
  return formatTable(['HANDLE', 'CREATED (UTC)', 'SOURCE', 'TOOLS', 'BEFORE', 'AFTER', 'SAVED'], rows, [0, 1, 2]) + `${shown}, ${order}\n`;
}
