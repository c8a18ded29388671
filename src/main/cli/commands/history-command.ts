// `caveman-shrink history [--json] [--limit N] [--query TEXT]`: handles in
// the store, newest first.

import type { HistoryPage } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { history } from '../../api/recover';
import { formatPercent, formatTable } from '../format-table';
import { writeAll } from '../stdio';
import type { CommandIo } from './shrink-command';
import { savingRatio } from '../../../shared/ratio';

export interface HistoryCommandOptions {
  json: boolean;
  limit: number;
  offset: number;
  query?: string | undefined;
  store?: string | undefined;
}

export async function runHistoryCommand(options: HistoryCommandOptions, io: CommandIo): Promise<number> {
  let page: HistoryPage;
  try {
    page = history({
      limit: options.limit,
      offset: options.offset,
      ...(options.query ? { query: options.query } : {}),
      ...(options.store !== undefined ? { store: options.store } : {}),
    });
  } catch (thrown) {
    await writeAll(io.stderr, `caveman-shrink history: ${asCavemanError(thrown).message}\n`);
    return 1;
  }
  await writeAll(io.stdout, options.json ? JSON.stringify(page) + '\n' : historyTable(page));
  return 0;
}

function historyTable(page: HistoryPage): string {
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
  return formatTable(['HANDLE', 'CREATED (UTC)', 'SOURCE', 'TOOLS', 'BEFORE', 'AFTER', 'SAVED'], rows, [0, 1, 2]) + `${shown}, newest first\n`;
}
