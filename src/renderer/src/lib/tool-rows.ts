// The per-tool table's rows: filtering and sorting the lint report without
// touching its numbers (the totals row always shows lint.total).

import type { LintReport, SavingSplit, ToolTokens } from '../../../shared/contracts';

export type ToolSortKey = 'order' | 'name' | 'before' | 'after' | 'saved' | 'whitespace' | 'metadata' | 'structure' | 'prose';
export type SortDirection = 'ascending' | 'descending';
export interface ToolSort {
  key: ToolSortKey;
  direction: SortDirection;
}

export interface ToolRow {
  /** Position of the tool in the catalog (and in DiffPlan.tools). */
  index: number;
  tool: ToolTokens;
}

export const DEFAULT_SORT: ToolSort = { key: 'order', direction: 'ascending' };

function sortValue(row: ToolRow, key: ToolSortKey): number | string {
  const { tool } = row;
  switch (key) {
    case 'order':
      return row.index;
    case 'name':
      return tool.name.toLowerCase();
    case 'before':
      return tool.tokens_before;
    case 'after':
      return tool.tokens_after;
    case 'saved':
      return tool.ratio;
    default:
      return tool.saving[key];
  }
}

/** Tools whose name contains the filter (case-insensitive), in the requested order; ties keep catalog order. */
export function toolRows(tools: readonly ToolTokens[], filter: string, sort: ToolSort): ToolRow[] {
  const needle = filter.trim().toLowerCase();
  const rows = tools.map((tool, index) => ({ index, tool })).filter((row) => needle === '' || row.tool.name.toLowerCase().includes(needle));
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows.sort((x, y) => {
    const a = sortValue(x, sort.key);
    const b = sortValue(y, sort.key);
    if (a < b) return -sign;
    if (a > b) return sign;
    return x.index - y.index;
  });
}

/** Clicking a header: a new column starts descending for numbers and ascending for names; the same column flips. */
export function nextSort(current: ToolSort, key: ToolSortKey): ToolSort {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'name' || key === 'order' ? 'ascending' : 'descending' };
}

const NO_SAVING: SavingSplit = { whitespace: 0, metadata: 0, structure: 0, prose: 0 };

function addSaving(sum: SavingSplit, saving: SavingSplit): SavingSplit {
  return {
    whitespace: sum.whitespace + saving.whitespace,
    metadata: sum.metadata + saving.metadata,
    structure: sum.structure + saving.structure,
    prose: sum.prose + saving.prose,
  };
}

/** The saving split summed over every tool (the envelope has none). */
export function splitTotals(lint: LintReport): SavingSplit {
  return lint.tools.reduce<SavingSplit>((sum, tool) => addSaving(sum, tool.saving), NO_SAVING);
}

export interface Subtotal extends SavingSplit {
  before: number;
  after: number;
}

/** The sums over the rows a filter left (the tools only; the envelope belongs to the whole catalog). */
export function subtotal(rows: readonly ToolRow[]): Subtotal {
  return rows.reduce<Subtotal>(
    (sum, { tool }) => ({ before: sum.before + tool.tokens_before, after: sum.after + tool.tokens_after, ...addSaving(sum, tool.saving) }),
    { before: 0, after: 0, ...NO_SAVING },
  );
}
