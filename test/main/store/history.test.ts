import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecoveryStore, historyPage, type PutMeta } from '../../../src/main/store/index';

let folder: string;
let store: RecoveryStore;
let tick: number;

let tickOverride: string | undefined;

/** Stores one entry; `at` pins its created_at (to test ties and out-of-order clocks). */
function add(text: string, meta: Partial<PutMeta> = {}, at?: string): string {
  tickOverride = at;
  try {
    return store.put(new TextEncoder().encode(text), { tokensBefore: 10, tokensAfter: 5, ...meta }).handle;
  } finally {
    tickOverride = undefined;
  }
}

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ccr-history-'));
  tick = 0;
  store = RecoveryStore.open(path.join(folder, 'ccr.db'), {
    clock: () => (tickOverride !== undefined ? new Date(tickOverride) : new Date(Date.UTC(2026, 0, 1, 0, 0, tick++))),
  });
});

afterEach(() => {
  store.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('history paging', () => {
  it('lists newest first, pages with limit/offset, and counts everything', () => {
    const handles = Array.from({ length: 7 }, (_, i) => add(`payload ${i}`, { sourceName: `file-${i}.json` }));
    const newestFirst = [...handles].reverse();
    const first = store.history({ limit: 3 });
    expect(first.total).toBe(7);
    expect(first.entries.map((e) => e.handle)).toEqual(newestFirst.slice(0, 3));
    expect(store.history({ limit: 3, offset: 3 }).entries.map((e) => e.handle)).toEqual(newestFirst.slice(3, 6));
    expect(store.history({ limit: 3, offset: 6 }).entries.map((e) => e.handle)).toEqual(newestFirst.slice(6));
    expect(store.history({ limit: 3, offset: 7 })).toEqual({ entries: [], total: 7 });
  });

  it('defaults to 50 entries per page', () => {
    for (let i = 0; i < 55; i++) add(`p${i}`);
    const page = store.history();
    expect(page.entries).toHaveLength(50);
    expect(page.total).toBe(55);
  });

  it('breaks created_at ties by insertion order, newest first', () => {
    const same = '2026-05-05T05:05:05.005Z';
    const a = add('a', {}, same);
    const b = add('b', {}, same);
    const c = add('c', {}, same);
    expect(store.history().entries.map((e) => e.handle)).toEqual([c, b, a]);
  });

  it('orders by time, not by insertion, when clocks disagree', () => {
    const late = add('late', {}, '2027-01-01T00:00:00.000Z');
    const early = add('early', {}, '2025-01-01T00:00:00.000Z');
    expect(store.history().entries.map((e) => e.handle)).toEqual([late, early]);
  });

  it('returns the wire shape with every field', () => {
    const handle = add('shape', { sourceName: 'Shape.json', toolCount: 4, tokenizer: 'o200k_base', tokensBefore: 90, tokensAfter: 30 });
    expect(store.history().entries).toEqual([
      {
        handle,
        created_at: '2026-01-01T00:00:00.000Z',
        bytes: 5,
        tokens_before: 90,
        tokens_after: 30,
        content_type: 'toolschema',
        compressor: 'toolschema',
        source_name: 'Shape.json',
        tool_count: 4,
        tokenizer: 'o200k_base',
        visible: null,
      },
    ]);
  });

  it('clamps nonsense paging values instead of failing', () => {
    add('x');
    expect(store.history({ limit: -5, offset: -1 })).toEqual({ entries: [], total: 1 });
    expect(store.history({ limit: Number.NaN, offset: 0.7 }).entries).toHaveLength(1);
  });
});

describe('history search', () => {
  let alpha: string;
  let beta: string;
  let gamma: string;
  let anonymous: string;

  beforeEach(() => {
    alpha = add('alpha payload', { sourceName: 'Alpha-Tools.json' });
    beta = add('beta payload', { sourceName: 'beta_tools.json' });
    gamma = add('gamma payload', { sourceName: 'ÄPFEL 100%.json' });
    anonymous = add('no name');
  });

  it('matches a substring of the source name, ignoring case', () => {
    expect(store.history({ query: 'alpha' })).toMatchObject({ total: 1, entries: [{ handle: alpha }] });
    expect(store.history({ query: 'TOOLS' }).entries.map((e) => e.handle)).toEqual([beta, alpha]);
    expect(store.history({ query: 'TOOLS' }).total).toBe(2);
  });

  it('folds case beyond ASCII', () => {
    expect(store.history({ query: 'äpfel' }).entries.map((e) => e.handle)).toEqual([gamma]);
  });

  it('matches % and _ literally', () => {
    expect(store.history({ query: '100%' }).entries.map((e) => e.handle)).toEqual([gamma]);
    expect(store.history({ query: '_tools' }).entries.map((e) => e.handle)).toEqual([beta]);
    expect(store.history({ query: 'a%' }).total).toBe(0);
  });

  it('matches a handle prefix and a handle substring', () => {
    expect(store.history({ query: anonymous.slice(0, 14) }).entries.map((e) => e.handle)).toContain(anonymous);
    const middle = anonymous.slice(12, 26);
    const page = store.history({ query: middle });
    expect(page.entries.map((e) => e.handle)).toEqual([anonymous]);
    expect(page.total).toBe(1);
    expect(store.history({ query: anonymous.toUpperCase() }).entries.map((e) => e.handle)).toEqual([anonymous]);
  });

  it('pages search results and counts all matches', () => {
    const page = store.history({ query: 'ccr_', limit: 2, offset: 1 });
    expect(page.total).toBe(4);
    expect(page.entries.map((e) => e.handle)).toEqual([gamma, beta]);
  });

  it('treats an empty or blank query as no query', () => {
    expect(store.history({ query: '   ' }).total).toBe(4);
  });

  it('finds nothing for a query that matches nothing', () => {
    expect(store.history({ query: 'zzz-not-there' })).toEqual({ entries: [], total: 0 });
  });
});

describe('history by when it was stored', () => {
  it('keeps entries stored from one time and before another, with a search, sorted and paged, and counts them', () => {
    const early = add('early', { sourceName: 'a.json' }, '2026-03-01T10:00:00.000Z');
    const first = add('first', { sourceName: 'b.json' }, '2026-03-02T00:00:00.000Z');
    const middle = add('middle', { sourceName: 'a.json' }, '2026-03-02T12:30:00.000Z');
    const last = add('last', { sourceName: 'a.json' }, '2026-03-02T23:59:59.999Z');
    add('next day', { sourceName: 'a.json' }, '2026-03-03T00:00:00.000Z');
    const day = { createdFrom: '2026-03-02T00:00:00.000Z', createdBefore: '2026-03-03T00:00:00.000Z' };
    expect(store.history(day)).toMatchObject({ total: 3, entries: [{ handle: last }, { handle: middle }, { handle: first }] });
    expect(store.history({ ...day, query: 'a.json' }).entries.map((e) => e.handle)).toEqual([last, middle]);
    expect(store.history({ ...day, sort: 'created', direction: 'ascending', limit: 1, offset: 1 })).toMatchObject({ total: 3, entries: [{ handle: middle }] });
    expect(store.history({ createdBefore: day.createdFrom }).entries.map((e) => e.handle)).toEqual([early]);
    expect(store.history({ createdFrom: '2026-03-04T00:00:00.000Z' })).toEqual({ entries: [], total: 0 });
    expect(historyPage(store, { limit: 10, offset: 0, ...day }).total).toBe(3);
  });
});

describe('history sorting', () => {
  /** Four entries whose columns order differently: [source, tools, before, after]. */
  function seedSortable(): Record<string, string> {
    return {
      beta: add('beta', { sourceName: 'Beta.json', toolCount: 3, tokensBefore: 100, tokensAfter: 50 }), // saved 50%
      alpha: add('alpha', { sourceName: 'alpha.json', toolCount: 10, tokensBefore: 40, tokensAfter: 30 }), // saved 25%
      gamma: add('gamma', { sourceName: 'gamma.json', toolCount: 1, tokensBefore: 1000, tokensAfter: 900 }), // saved 10%
      none: add('none', { tokensBefore: 0, tokensAfter: 0 }), // no source, no tool count, saved 0
    };
  }
  const order = (names: Record<string, string>, request: Parameters<RecoveryStore['history']>[0]) => {
    const byHandle = new Map(Object.entries(names).map(([name, handle]) => [handle, name]));
    return store.history(request).entries.map((entry) => byHandle.get(entry.handle));
  };

  it('orders by each column, both ways, in SQL', () => {
    const names = seedSortable();
    expect(order(names, {})).toEqual(['none', 'gamma', 'alpha', 'beta']);
    expect(order(names, { sort: 'created', direction: 'ascending' })).toEqual(['beta', 'alpha', 'gamma', 'none']);
    // Source names compare case-insensitively; an entry without one sorts first ascending.
    expect(order(names, { sort: 'source', direction: 'ascending' })).toEqual(['none', 'alpha', 'beta', 'gamma']);
    expect(order(names, { sort: 'source', direction: 'descending' })).toEqual(['gamma', 'beta', 'alpha', 'none']);
    expect(order(names, { sort: 'tools', direction: 'descending' })).toEqual(['alpha', 'beta', 'gamma', 'none']);
    expect(order(names, { sort: 'tokensBefore', direction: 'descending' })).toEqual(['gamma', 'beta', 'alpha', 'none']);
    expect(order(names, { sort: 'tokensAfter', direction: 'ascending' })).toEqual(['none', 'alpha', 'beta', 'gamma']);
    expect(order(names, { sort: 'saved', direction: 'descending' })).toEqual(['beta', 'alpha', 'gamma', 'none']);
    expect(order(names, { sort: 'saved', direction: 'ascending' })).toEqual(['none', 'gamma', 'alpha', 'beta']);
  });

  it('pages a sorted list without overlap, ties broken by insertion order, and sorts search results', () => {
    const handles = Array.from({ length: 9 }, (_, i) => add(`tie ${i}`, { sourceName: i % 2 ? 'odd.json' : 'even.json', tokensBefore: 10, tokensAfter: 5 }));
    const pages = [0, 4, 8].flatMap((offset) =>
      store.history({ sort: 'saved', direction: 'ascending', limit: 4, offset }).entries.map((entry) => entry.handle),
    );
    expect(pages).toEqual(handles);
    const odd = store.history({ query: 'ODD', sort: 'created', direction: 'ascending' });
    expect(odd.total).toBe(4);
    expect(odd.entries.map((entry) => entry.handle)).toEqual(handles.filter((_, i) => i % 2));
  });
});

describe('historyPage (the contract page the app, the library and the CLI answer)', () => {
  it('carries the limit, offset and query it answers; an empty query is no query', () => {
    const handles = Array.from({ length: 4 }, (_, i) => add(`payload ${i}`, { sourceName: i % 2 === 0 ? `even-${i}.json` : `odd-${i}.json` }));
    expect(historyPage(store, { limit: 1, offset: 1, query: 'even', sort: 'source', direction: 'ascending' })).toEqual({
      entries: [expect.objectContaining({ handle: handles[2], source_name: 'even-2.json' })],
      total: 2,
      limit: 1,
      offset: 1,
      query: 'even',
    });
    const all = historyPage(store, { limit: 10, offset: 0, query: '' });
    expect(all).not.toHaveProperty('query');
    expect(all).toMatchObject({ total: 4, limit: 10, offset: 0 });
  });
});
