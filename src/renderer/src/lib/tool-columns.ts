// The per-tool table's number columns and which of them a panel shows:
// every one when they fit beside the names; else two groups at a time, or
// one on a narrow panel, the person picking which (what the model sees is
// the first, so it is what a table shows until asked otherwise). One
// layout at every level: the columns depend on the panel's width only.

import type { FigureKey } from './tool-rows';

export type ColumnKind = 'count' | 'share' | 'split';

export interface FigureColumn {
  key: FigureKey;
  /** What the header shows. */
  label: string;
  /** Its accessible name, where the label alone repeats another's ("→ after"). */
  name?: string;
  title: string;
  kind: ColumnKind;
}

const MODEL: FigureColumn[] = [
  {
    key: 'claudeBefore',
    label: 'Claude sees',
    name: 'Claude before',
    title: 'Tokens of the tool as Claude is handed it (the anthropic rendering), before',
    kind: 'count',
  },
  { key: 'claudeAfter', label: '→ after', name: 'Claude after', title: 'Tokens of the tool as Claude is handed it, after the shrink', kind: 'count' },
  { key: 'claudeSaved', label: 'Saved', name: 'Claude saved', title: 'Share of what Claude sees of the tool saved', kind: 'share' },
  { key: 'openaiSaved', label: 'OpenAI saved', title: 'Share saved of what an OpenAI model sees (the harmony rendering)', kind: 'share' },
];

const JSON_TOKENS: FigureColumn[] = [
  {
    key: 'jsonBefore',
    label: 'JSON',
    name: 'JSON before',
    title: 'Tokens of the tool in the catalog file as JSON, whitespace included, before',
    kind: 'count',
  },
  { key: 'jsonAfter', label: '→ after', name: 'JSON after', title: 'Tokens of the tool in the catalog file as JSON, after the shrink', kind: 'count' },
  { key: 'jsonSaved', label: 'JSON saved', title: 'Share of the JSON tokens saved, most of it whitespace a client never sends', kind: 'share' },
];

const KINDS: FigureColumn[] = [
  { key: 'whitespace', label: 'Whitespace', title: 'JSON tokens saved by removing whitespace', kind: 'split' },
  { key: 'metadata', label: 'Metadata', title: 'JSON tokens saved by dropping annotations (title, examples, $comment, $schema)', kind: 'split' },
  { key: 'structure', label: 'Structure', title: 'JSON tokens saved by exact structure (keywords equal to their default, shared sub-schemas)', kind: 'split' },
  { key: 'prose', label: 'Prose', title: 'JSON tokens saved by trimming descriptions', kind: 'split' },
];

export const FIGURE_COLUMNS: readonly FigureColumn[] = [...MODEL, ...JSON_TOKENS, ...KINDS];

export type ColumnChoice = 'model' | 'json' | 'kinds';

export const COLUMN_CHOICES: Record<ColumnChoice, { label: string; title: string }> = {
  model: { label: 'Model', title: 'What the model sees: Claude’s tokens before and after, the share saved, and OpenAI’s' },
  json: { label: 'JSON', title: 'The catalog file’s JSON tokens before and after, and the share saved' },
  kinds: { label: 'By kind', title: 'JSON tokens saved by kind: whitespace, metadata, structure, prose' },
};

const group = (columns: readonly FigureColumn[]) => columns.map((column) => FIGURE_COLUMNS.indexOf(column));

/** From the widest layout to the narrowest: the column sets of each, by the choice each answers. */
const LAYOUTS: Partial<Record<ColumnChoice, number[]>>[] = [
  { model: group(FIGURE_COLUMNS) },
  { model: group([...MODEL, ...JSON_TOKENS]), json: group([...JSON_TOKENS, ...KINDS]) },
  { model: group(MODEL), json: group(JSON_TOKENS), kinds: group(KINDS) },
];

export interface ShownColumns {
  /** Indexes into FIGURE_COLUMNS. */
  columns: number[];
  /** The choices a toggle offers (none when every column shows). */
  choices: ColumnChoice[];
  /** The choice the shown columns answer. */
  chosen: ColumnChoice;
}

/**
 * The widest layout whose every set fits in `room` (the panel less the
 * names' room), given each column's width; the narrowest when none does.
 * `choice` picks the set (kinds falls back to json where they share one).
 */
export function shownColumns(widths: readonly number[], room: number | null, choice: ColumnChoice): ShownColumns {
  const width = (columns: number[]) => columns.reduce((sum, i) => sum + (widths[i] ?? 0), 0);
  const fits = (layout: Partial<Record<ColumnChoice, number[]>>) => room === null || Object.values(layout).every((columns) => width(columns) <= room);
  const layout = LAYOUTS.find(fits) ?? LAYOUTS.at(-1)!;
  const choices = Object.keys(layout) as ColumnChoice[];
  const chosen = layout[choice] ? choice : choice === 'kinds' && layout.json ? 'json' : 'model';
  return { columns: layout[chosen]!, choices: choices.length > 1 ? choices : [], chosen };
}
