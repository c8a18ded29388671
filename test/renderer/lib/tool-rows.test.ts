// The per-tool table's rows: filter, sort, each row's figures (what the model sees first, the JSON after) and the sums.

import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, envelopeFigures, nextSort, splitTotals, subtotal, toolRows, totalFigures } from '../../../src/renderer/src/lib/tool-rows';
import { lintReport } from '../fakes/fake-api';

describe('tool rows', () => {
  const tools = lintReport().tools;
  it('filters and sorts without losing catalog positions', () => {
    expect(toolRows(tools, '', DEFAULT_SORT).map((row) => row.index)).toEqual([0, 1]);
    expect(toolRows(tools, 'ET', DEFAULT_SORT).map((row) => row.tool.name)).toEqual(['beta']);
    expect(toolRows(tools, '', { key: 'claudeBefore', direction: 'ascending' }).map((row) => row.tool.name)).toEqual(['beta', 'alpha']);
    expect(toolRows(tools, '', { key: 'jsonSaved', direction: 'descending' }).map((row) => row.index)).toEqual([0, 1]);
    expect(toolRows(tools, '', { key: 'metadata', direction: 'ascending' }).map((row) => row.index)).toEqual([1, 0]);
  });

  it('sorts the Saved column by what Claude sees, not by the JSON share', () => {
    // alpha saves 40% of its JSON and 28.6% of what Claude sees; beta 10% and 5.7%; a tool that only lost whitespace saves Claude nothing.
    const whitespaceOnly = {
      ...tools[1]!,
      name: 'gamma',
      tokens_before: 100,
      tokens_after: 20,
      ratio: 0.8,
      visible: { ...tools[1]!.visible, anthropic: { tokens_before: 40, tokens_after: 40 } },
    };
    const rows = toolRows([...tools, whitespaceOnly], '', { key: 'claudeSaved', direction: 'descending' });
    expect(rows.map((row) => row.tool.name)).toEqual(['alpha', 'beta', 'gamma']);
    expect(rows[0]!.figures).toMatchObject({ claudeBefore: 70, claudeAfter: 50, openaiSaved: 0.25, jsonBefore: 100, jsonAfter: 60, jsonSaved: 0.4 });
    expect(rows[0]!.figures.claudeSaved).toBeCloseTo(20 / 70);
    expect(toolRows([...tools, whitespaceOnly], '', { key: 'jsonSaved', direction: 'descending' })[0]!.tool.name).toBe('gamma');
  });

  it('flips the direction on the same column and starts numbers descending', () => {
    expect(nextSort(DEFAULT_SORT, 'claudeBefore')).toEqual({ key: 'claudeBefore', direction: 'descending' });
    expect(nextSort({ key: 'claudeBefore', direction: 'descending' }, 'claudeBefore')).toEqual({ key: 'claudeBefore', direction: 'ascending' });
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });

  it('sums: the split over the tools, the total from lint’s own totals, a filtered subtotal from its rows', () => {
    const lint = lintReport();
    expect(splitTotals(lint)).toEqual({ whitespace: 15, metadata: 20, structure: 0, prose: 10 });
    const total = totalFigures(lint);
    expect(total).toMatchObject({ claudeBefore: 107, claudeAfter: 85, jsonBefore: 160, jsonAfter: 110, whitespace: 15 });
    expect(total.claudeSaved).toBeCloseTo(22 / 107);
    expect(envelopeFigures(lint)).toMatchObject({ claudeBefore: 2, claudeAfter: 2, jsonBefore: 10, jsonAfter: 5, whitespace: 0 });
    const sum = subtotal(toolRows(lint.tools, '', DEFAULT_SORT));
    expect(sum).toMatchObject({ claudeBefore: 105, claudeAfter: 83, jsonBefore: 150, jsonAfter: 105, whitespace: 15, metadata: 20, prose: 10 });
    expect(sum.openaiSaved).toBeCloseTo(11 / 60);
  });
});
