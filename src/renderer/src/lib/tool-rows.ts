// The per-tool table's rows: filtering and sorting the lint report without
// touching its numbers (the totals row always shows lint's own totals), and
// each row's figures by column — what the model sees first (Claude's
// tokens and share saved, then OpenAI's share), the catalog's JSON after.

import type { LintReport, SavingSplit, ToolTokens, VisibleTokens } from '../../../shared/contracts';
import { signedRatio } from '../../../shared/ratio';

/** The number columns, in the table's order. */
export const FIGURE_KEYS = [
  'claudeBefore',
  'claudeAfter',
  'claudeSaved',
  'openaiSaved',
  'jsonBefore',
  'jsonAfter',
  'jsonSaved',
  'whitespace',
  'metadata',
  'structure',
  'prose',
] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];
/** One row's (or a sum's) figures by column: token counts, and signed shares saved (the *Saved keys). */
export type ToolFigures = Record<FigureKey, number>;

export type ToolSortKey = 'order' | 'name' | FigureKey;
export type SortDirection = 'ascending' | 'descending';
export interface ToolSort {
  key: ToolSortKey;
  direction: SortDirection;
}

export interface ToolRow {
  /** Position of the tool in the catalog (and in DiffPlan.tools). */
  index: number;
  tool: ToolTokens;
  figures: ToolFigures;
}

export const DEFAULT_SORT: ToolSort = { key: 'order', direction: 'ascending' };

/** What a row, the envelope or a sum counted: JSON tokens and what the model sees, before and after. */
interface Counted {
  tokens_before: number;
  tokens_after: number;
  visible: VisibleTokens;
}

function figuresOf({ tokens_before, tokens_after, visible }: Counted, split: SavingSplit): ToolFigures {
  const { anthropic, openai } = visible;
  return {
    claudeBefore: anthropic.tokens_before,
    claudeAfter: anthropic.tokens_after,
    claudeSaved: signedRatio(anthropic.tokens_before, anthropic.tokens_after),
    openaiSaved: signedRatio(openai.tokens_before, openai.tokens_after),
    jsonBefore: tokens_before,
    jsonAfter: tokens_after,
    jsonSaved: signedRatio(tokens_before, tokens_after),
    ...split,
  };
}

export const toolFigures = (tool: ToolTokens): ToolFigures => figuresOf(tool, tool.saving);

function sortValue(row: ToolRow, key: ToolSortKey): number | string {
  if (key === 'order') return row.index;
  if (key === 'name') return row.tool.name.toLowerCase();
  return row.figures[key];
}

/** Tools whose name contains the filter (case-insensitive), in the requested order; ties keep catalog order. */
export function toolRows(tools: readonly ToolTokens[], filter: string, sort: ToolSort): ToolRow[] {
  const needle = filter.trim().toLowerCase();
  const rows = tools
    .map((tool, index) => ({ index, tool }))
    .filter((row) => needle === '' || row.tool.name.toLowerCase().includes(needle))
    .map((row) => ({ ...row, figures: toolFigures(row.tool) }));
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

/** The catalog's totals row: lint's own totals (tools and envelope), the split summed over the tools. */
export function totalFigures(lint: LintReport): ToolFigures {
  return figuresOf({ ...lint.total, visible: lint.visible }, splitTotals(lint));
}

/** The envelope's row: its counts (it has no split; its shares are not shown). */
export function envelopeFigures(lint: LintReport): ToolFigures {
  return figuresOf(lint.envelope, NO_SAVING);
}

const add = (a: { tokens_before: number; tokens_after: number }, b: { tokens_before: number; tokens_after: number }) => ({
  tokens_before: a.tokens_before + b.tokens_before,
  tokens_after: a.tokens_after + b.tokens_after,
});

/** The sums over the rows a filter left (the tools only; the envelope belongs to the whole catalog), their shares from those sums. */
export function subtotal(rows: readonly ToolRow[]): ToolFigures {
  const none = { tokens_before: 0, tokens_after: 0 };
  const sum = rows.reduce(
    (acc, { tool }) => ({
      counted: {
        ...add(acc.counted, tool),
        visible: { anthropic: add(acc.counted.visible.anthropic, tool.visible.anthropic), openai: add(acc.counted.visible.openai, tool.visible.openai) },
      },
      split: addSaving(acc.split, tool.saving),
    }),
    { counted: { ...none, visible: { anthropic: none, openai: none } } as Counted, split: NO_SAVING },
  );
  return figuresOf(sum.counted, sum.split);
}
