// `caveman-shrink history [--json] [--limit N] [--query TEXT] [--sort COLUMN
// [--direction ascending]]`: handles in the store, newest first by default,
// each with what the model saw of its latest shrink before its JSON tokens.
// `history --calls [--query TEXT]`: the tools the proxy relayed calls of in
// the usage window, per server, most called first.

import type { HistoryPage, HistorySortKey, SortDirection, ToolCalls } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { history, toolCalls } from '../../library/recover';
import { formatTable } from '../format-table';
import { SEEN_HEADER, SEEN_LEGEND, seenCells } from '../seen-cells';
import { writeAll } from '../stdio';
import type { CommandIo } from './shrink-command';

export interface HistoryCommandOptions {
  json: boolean;
  limit: number;
  offset: number;
  query?: string | undefined;
  sort?: HistorySortKey | undefined;
  direction?: SortDirection | undefined;
  store?: string | undefined;
  /** The proxy's call counts instead of the handles. */
  calls?: boolean | undefined;
}

export async function runHistoryCommand(options: HistoryCommandOptions, io: CommandIo): Promise<number> {
  if (options.calls === true) return runCallsCommand(options, io);
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

/** The latest shrink of each handle: what the model saw first (Claude's, OpenAI's; "JSON only" where it was not recorded), then the JSON. */
function historyTable(page: HistoryPage, order: string): string {
  if (page.entries.length === 0) return page.query ? `no handles match "${page.query}"\n` : 'the store holds no handles yet\n';
  const rows = page.entries.map((e) => [
    e.handle,
    e.created_at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    e.source_name ?? '—',
    e.tool_count === null ? '—' : String(e.tool_count),
    ...seenCells(e, e.visible),
  ]);
  const shown = `${page.offset + 1}–${page.offset + page.entries.length} of ${page.total}`;
  return formatTable(['HANDLE', 'CREATED (UTC)', 'SOURCE', 'TOOLS', ...SEEN_HEADER], rows, [0, 1, 2]) + `${SEEN_LEGEND}\n${shown}, ${order}\n`;
}

async function runCallsCommand(options: HistoryCommandOptions, io: CommandIo): Promise<number> {
  let counts: ToolCalls;
  try {
    counts = toolCalls(options.store !== undefined ? { store: options.store } : {});
  } catch (thrown) {
    await writeAll(io.stderr, `caveman-shrink history: ${asCavemanError(thrown).message}\n`);
    return 1;
  }
  const query = options.query?.toLowerCase();
  const tools = query === undefined ? counts.tools : counts.tools.filter((each) => each.server.toLowerCase().includes(query));
  await writeAll(io.stdout, options.json ? JSON.stringify({ ...counts, tools }) + '\n' : callsTable(tools, counts.days, options.query));
  return 0;
}

/** Each tool called through the proxy in the window: its server, name, calls and the last day it was called. */
function callsTable(tools: ToolCalls['tools'], days: number, query: string | undefined): string {
  if (tools.length === 0) {
    const servers = query === undefined ? '' : ` of a server matching "${query}"`;
    return `no tool${servers} was called through the proxy in the last ${days} days\n`;
  }
  const rows = tools.map((each) => [each.server, each.tool, String(each.calls), each.lastCalled]);
  const legend = `calls relayed by the proxy in the last ${days} days (names and counts only); under a budget these tools are stepped down last`;
  return formatTable(['SERVER', 'TOOL', 'CALLS', 'LAST CALLED (UTC)'], rows, [0, 1]) + `${legend}\n`;
}
