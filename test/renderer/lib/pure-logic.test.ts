import { describe, expect, it } from 'vitest';
import { formatBytes, formatInt, formatPercent, formatTimestamp } from '../../../src/renderer/src/lib/format';
import { catalogName, sizeRefusal } from '../../../src/renderer/src/lib/catalog-input';
import { DEFAULT_SORT, nextSort, splitTotals, toolRows } from '../../../src/renderer/src/lib/tool-rows';
import { commandForKey, shortcutLabel, titleWithShortcut } from '../../../src/renderer/src/lib/shortcuts';
import { takeLines, backoffDelay } from '../../../src/renderer/src/api/event-stream';
import { readApiToken } from '../../../src/renderer/src/api/create-api';
import { MAX_INPUT_BYTES } from '../../../src/shared/errors';
import { lintReport } from '../fakes/fake-api';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('format', () => {
  it('formats counts, shares and sizes', () => {
    expect(formatInt(1234567)).toBe('1,234,567');
    expect(formatPercent(0.4506)).toBe('45.1%');
    expect(formatPercent(-0.02)).toBe('-2.0%');
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(209344)).toBe('204.4 KiB');
    expect(formatBytes(MAX_INPUT_BYTES)).toBe('32.0 MiB');
    expect(formatTimestamp('not a date')).toBe('not a date');
    expect(formatTimestamp('2026-11-29T22:54:37Z')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (UTC|GMT[+-]\d{1,2}(:\d{2})?|[A-Z]{2,5})$/);
  });
});

describe('catalog input', () => {
  it('refuses only inputs above 32 MiB', () => {
    expect(sizeRefusal(MAX_INPUT_BYTES)).toBeNull();
    expect(sizeRefusal(MAX_INPUT_BYTES + 1)).toEqual({ code: 'cave_input_too_large', message: 'the file is 32.0 MiB, above the 32 MiB limit, so it was not read' });
  });

  it('keeps names within the contract', () => {
    expect(catalogName('  ')).toBe('catalog.json');
    expect(catalogName('a.json')).toBe('a.json');
    const long = catalogName('x'.repeat(300) + '.json');
    expect(Array.from(long)).toHaveLength(255);
    expect(long.endsWith('.json')).toBe(true);
  });
});

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

describe('shortcuts', () => {
  it('maps Ctrl (Cmd on macOS) keys to commands', () => {
    expect(commandForKey(key('o', { ctrlKey: true }), false)).toBe('open');
    expect(commandForKey(key('s', { ctrlKey: true }), false)).toBe('save-compressed');
    expect(commandForKey(key('S', { ctrlKey: true, shiftKey: true }), false)).toBe('save-original');
    expect(commandForKey(key('f', { metaKey: true }), true)).toBe('find');
    expect(commandForKey(key('f', { ctrlKey: true }), true)).toBeNull();
    expect(commandForKey(key('s'), false)).toBeNull();
    expect(commandForKey(key('s', { ctrlKey: true, altKey: true }), false)).toBeNull();
  });

  it('labels shortcuts in titles', () => {
    expect(shortcutLabel('save-original', false)).toBe('Ctrl+Shift+S');
    expect(shortcutLabel('save-original', true)).toBe('⇧⌘S');
    expect(titleWithShortcut('Open…', 'open', false)).toBe('Open… (Ctrl+O)');
    expect(titleWithShortcut('Results', 'show-results', false)).toBe('Results');
  });
});

describe('event stream helpers', () => {
  it('splits NDJSON into complete lines and keeps the rest', () => {
    const lines: string[] = [];
    expect(takeLines('{"a":1}\n\n{"b"', (line) => lines.push(line))).toBe('{"b"');
    expect(lines).toEqual(['{"a":1}']);
  });

  it('backs off up to 8 s', () => {
    expect([0, 1, 2, 10].map(backoffDelay)).toEqual([250, 500, 1000, 8000]);
  });

  it('reads the last non-empty token meta', () => {
    const metas = [{ content: '' }, { content: ' tok ' }];
    expect(readApiToken({ querySelectorAll: () => metas } as unknown as Document)).toBe('tok');
    expect(readApiToken({ querySelectorAll: () => [] } as unknown as Document)).toBe('');
  });
});
