// The per-tool table's rows: filter, sort and totals.

import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, nextSort, splitTotals, toolRows } from '../../../src/renderer/src/lib/tool-rows';
import { lintReport } from '../fakes/fake-api';

describe('tool rows', () => {
  const tools = lintReport().tools;
  it('filters and sorts without losing catalog positions', () => {
    expect(toolRows(tools, '', DEFAULT_SORT).map((row) => row.index)).toEqual([0, 1]);
    expect(toolRows(tools, 'ET', DEFAULT_SORT).map((row) => row.tool.name)).toEqual(['beta']);
    expect(toolRows(tools, '', { key: 'before', direction: 'ascending' }).map((row) => row.tool.name)).toEqual(['beta', 'alpha']);
    expect(toolRows(tools, '', { key: 'saved', direction: 'descending' }).map((row) => row.index)).toEqual([0, 1]);
    expect(toolRows(tools, '', { key: 'metadata', direction: 'ascending' }).map((row) => row.index)).toEqual([1, 0]);
  });

  it('flips the direction on the same column and starts numbers descending', () => {
    expect(nextSort(DEFAULT_SORT, 'before')).toEqual({ key: 'before', direction: 'descending' });
    expect(nextSort({ key: 'before', direction: 'descending' }, 'before')).toEqual({ key: 'before', direction: 'ascending' });
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ key: 'name', direction: 'ascending' });
  });

  it('sums the saving split over the tools', () => {
    expect(splitTotals(lintReport())).toEqual({ whitespace: 15, metadata: 20, structure: 0, prose: 10 });
  });
});
