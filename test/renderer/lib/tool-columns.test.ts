// Which of the per-tool table's columns a panel shows: all when they fit, else what the model sees first.

import { describe, expect, it } from 'vitest';
import { FIGURE_COLUMNS, shownColumns } from '../../../src/renderer/src/lib/tool-columns';

const keys = (columns: number[]) => columns.map((i) => FIGURE_COLUMNS[i]!.key);
const widths = FIGURE_COLUMNS.map(() => 80);

describe('tool columns', () => {
  it('leads with what the model sees: Claude before, after, saved, then OpenAI; the JSON after, labelled', () => {
    expect(FIGURE_COLUMNS.map((column) => column.name ?? column.label)).toEqual([
      'Claude before',
      'Claude after',
      'Claude saved',
      'OpenAI saved',
      'JSON before',
      'JSON after',
      'JSON saved',
      'Whitespace',
      'Metadata',
      'Structure',
      'Prose',
    ]);
  });

  it('every column while they fit (and before the panel is measured), with no toggle', () => {
    expect(shownColumns(widths, null, 'model')).toEqual({ columns: FIGURE_COLUMNS.map((_, i) => i), choices: [], chosen: 'model' });
    expect(shownColumns(widths, 11 * 80, 'kinds').choices).toEqual([]);
  });

  it('two groups at a time on a middling panel, the model’s first; by kind shares the JSON set', () => {
    const middle = shownColumns(widths, 7 * 80, 'model');
    expect(middle.choices).toEqual(['model', 'json']);
    expect(keys(middle.columns)).toEqual(['claudeBefore', 'claudeAfter', 'claudeSaved', 'openaiSaved', 'jsonBefore', 'jsonAfter', 'jsonSaved']);
    const json = shownColumns(widths, 7 * 80, 'kinds');
    expect(json.chosen).toBe('json');
    expect(keys(json.columns)).toEqual(['jsonBefore', 'jsonAfter', 'jsonSaved', 'whitespace', 'metadata', 'structure', 'prose']);
  });

  it('one group on a narrow panel, the same layout whatever the level: only the width decides', () => {
    const narrow = shownColumns(widths, 4 * 80, 'model');
    expect(narrow.choices).toEqual(['model', 'json', 'kinds']);
    expect(keys(narrow.columns)).toEqual(['claudeBefore', 'claudeAfter', 'claudeSaved', 'openaiSaved']);
    expect(keys(shownColumns(widths, 4 * 80, 'kinds').columns)).toEqual(['whitespace', 'metadata', 'structure', 'prose']);
    expect(keys(shownColumns(widths, 100, 'json').columns)).toEqual(['jsonBefore', 'jsonAfter', 'jsonSaved']);
  });
});
