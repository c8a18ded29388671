// re-shrinking a stored original with other options
// (shared sub-schemas, another tokenizer, another level) left history showing
// the first shrink's. `recoveries` (the Go tools' table) keeps only the first
// and never changes, so each shrink gets a row in our own table, the history
// row shows the latest, and a store made before (each history row) becomes
// its first shrink.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RecoveryStore, recoveryHandleFor } from '../../../src/main/store/index';
import { HISTORY_TABLE, RECOVERIES_DDL, SHRINKS_TABLE, historyDdl } from '../../../src/main/store/schema';
import { folderPerTest } from '../../helpers/temp-folder';

const tmp = folderPerTest('ccr-shrinks-');

/** A clock that ticks one second a call, from 2026-01-01. */
function ticking(): () => Date {
  let tick = 0;
  return () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++));
}

function open(options: Parameters<typeof RecoveryStore.open>[1] = {}): RecoveryStore {
  return tmp.track(RecoveryStore.open(tmp.dbPath, { clock: ticking(), ...options }));
}

function raw(): Database.Database {
  return tmp.track(new Database(tmp.dbPath));
}

const bytes = (text: string) => new TextEncoder().encode(text);
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

const FIRST = { tokensBefore: 120, tokensAfter: 40, tokenizer: 'o200k_base', toolCount: 2, sourceName: 'tools.json' };
const SHARED = { ...FIRST, tokensAfter: 30, compressor: 'toolschema+share-schemas', shareSchemas: true };

describe('each shrink of a stored original', () => {
  it('is recorded: history shows the latest shrink’s options and counts, its details every shrink, newest first', () => {
    const store = open();
    const { handle } = store.put(bytes('catalog'), FIRST);
    expect(store.put(bytes('catalog'), SHARED).created).toBe(false);
    store.put(bytes('catalog'), { ...FIRST, tokenizer: 'cl100k_base', tokensBefore: 118, tokensAfter: 41, sourceName: 'again.json' });

    const [listed] = store.history().entries;
    expect(listed).toMatchObject({
      handle,
      compressor: 'toolschema',
      tokenizer: 'cl100k_base',
      tokens_before: 118,
      tokens_after: 41,
      source_name: 'tools.json',
      created_at: at(0),
    });
    expect(listed).not.toHaveProperty('shrinks');
    expect(store.details(handle)?.shrinks).toEqual([
      {
        id: 3,
        created_at: at(2),
        compressor: 'toolschema',
        tokenizer: 'cl100k_base',
        tokens_before: 118,
        tokens_after: 41,
        source_name: 'again.json',
        visible: null,
      },
      {
        id: 2,
        created_at: at(1),
        compressor: 'toolschema+share-schemas',
        tokenizer: 'o200k_base',
        tokens_before: 120,
        tokens_after: 30,
        source_name: 'tools.json',
        visible: null,
      },
      {
        id: 1,
        created_at: at(0),
        compressor: 'toolschema',
        tokenizer: 'o200k_base',
        tokens_before: 120,
        tokens_after: 40,
        source_name: 'tools.json',
        visible: null,
      },
    ]);
    expect(store.shrink(handle)?.id).toBe(3);
    expect(store.shrink(handle, 2)?.compressor).toBe('toolschema+share-schemas');
    expect(store.shrink(handle, 99)).toBeUndefined();
    // The Go tools' row is the first shrink's, untouched.
    expect(raw().prepare('SELECT compressor, tokens_after FROM recoveries').get()).toEqual({ compressor: 'toolschema', tokens_after: 40 });
  });

  it('is not recorded again when it is like the latest (a proxy lists the same tools over and over)', () => {
    const store = open();
    const { handle } = store.put(bytes('catalog'), FIRST);
    for (let i = 0; i < 5; i++) store.put(bytes('catalog'), FIRST);
    store.put(bytes('catalog'), { tokensBefore: 120, tokensAfter: 40, tokenizer: 'o200k_base' }); // no source named: still the same
    expect(store.details(handle)?.shrinks).toHaveLength(1);
    store.put(bytes('catalog'), SHARED);
    store.put(bytes('catalog'), FIRST); // back to the first options: a shrink of its own, now the latest
    expect(store.details(handle)?.shrinks?.map((shrink) => shrink.compressor)).toEqual(['toolschema', 'toolschema+share-schemas', 'toolschema']);
  });

  it('records the calls a budget planned by: the same calls are not a shrink again, other calls are', () => {
    const store = open();
    const BUDGETED = { ...FIRST, compressor: 'toolschema+budget-4000' };
    const { handle } = store.put(bytes('catalog'), { ...BUDGETED, calls: { list: 2, get: 1 } });
    store.put(bytes('catalog'), { ...BUDGETED, calls: { get: 1, list: 2 } });
    store.put(bytes('catalog'), { ...BUDGETED, calls: { get: 2, list: 1 } });
    store.put(bytes('catalog'), BUDGETED);
    expect(store.details(handle)?.shrinks?.map((shrink) => shrink.calls)).toEqual([undefined, { get: 2, list: 1 }, { get: 1, list: 2 }]);
    expect(() => store.put(bytes('catalog'), { ...BUDGETED, calls: { get: 1.5 } })).toThrow(/calls of get must be a whole number of 1 or more/);
  });

  it('goes with its handle: deleting it, or the Go tools removing its row, removes its shrinks', () => {
    const store = open();
    const one = store.put(bytes('one'), FIRST).handle;
    const two = store.put(bytes('two'), FIRST).handle;
    store.put(bytes('one'), SHARED);
    store.put(bytes('two'), SHARED);
    expect(store.delete(one)).toBe(true);
    const count = (handle: string) => (raw().prepare(`SELECT count(*) AS n FROM ${SHRINKS_TABLE} WHERE handle = ?`).get(handle) as { n: number }).n;
    expect(count(one)).toBe(0);
    raw().prepare('DELETE FROM recoveries WHERE handle = ?').run(two);
    expect(store.history().total).toBe(0);
    expect(count(two)).toBe(0);
  });

  it('is listed for every entry of a page when asked (the CLI’s history --json)', () => {
    const store = open();
    store.put(bytes('one'), FIRST);
    store.put(bytes('two'), FIRST);
    store.put(bytes('two'), SHARED);
    expect(store.history({ shrinks: true }).entries.map((entry) => entry.shrinks?.map((shrink) => shrink.id))).toEqual([[3, 2], [1]]);
  });
});

describe('a history row without shrink rows', () => {
  it('is its own only shrink, and stays the first when the original is shrunk again', () => {
    const store = open();
    // The Go tools store a row; the sync gives it a history row but records no shrink.
    const original = bytes('from go');
    const handle = recoveryHandleFor(original);
    raw()
      .prepare('INSERT INTO recoveries VALUES (?, ?, ?, ?, ?, ?, ?, NULL)')
      .run(handle, '2025-06-01T10:00:00Z', 'toolschema', 'toolschema', 90, 60, Buffer.from(original));
    expect(store.details(handle)?.shrinks).toEqual([
      {
        created_at: '2025-06-01T10:00:00.000Z',
        compressor: 'toolschema',
        tokenizer: null,
        tokens_before: 90,
        tokens_after: 60,
        source_name: null,
        visible: null,
      },
    ]);

    store.put(original, SHARED);
    expect(store.details(handle)?.shrinks?.map(({ compressor, tokens_after, source_name }) => ({ compressor, tokens_after, source_name }))).toEqual([
      { compressor: 'toolschema+share-schemas', tokens_after: 30, source_name: 'tools.json' },
      { compressor: 'toolschema', tokens_after: 60, source_name: null },
    ]);
    // History now names the source the Go row lacked.
    expect(store.history().entries[0]).toMatchObject({ source_name: 'tools.json', tool_count: 2, compressor: 'toolschema+share-schemas' });
  });
});

describe('a store made before shrinks were recorded', () => {
  /** The tables as earlier versions made them, with history rows and no shrinks table. */
  function oldStore(rows: number): string[] {
    const db = raw();
    db.exec(RECOVERIES_DDL);
    db.exec(historyDdl('main'));
    const handles: string[] = [];
    for (let i = 0; i < rows; i++) {
      const original = Buffer.from(`old ${i}`);
      const handle = recoveryHandleFor(original);
      handles.push(handle);
      const compressor = i % 2 ? 'toolschema+share-schemas' : 'toolschema';
      db.prepare('INSERT INTO recoveries VALUES (?, ?, ?, ?, ?, ?, ?, NULL)').run(handle, at(i), 'toolschema', compressor, 100 + i, 50, original);
      db.prepare(
        `INSERT INTO ${HISTORY_TABLE} (handle, created_at, bytes, tokens_before, tokens_after, content_type, compressor, source_name, tool_count, ` +
          `tokenizer, source_key)
         VALUES (?, ?, ?, ?, 50, 'toolschema', ?, ?, 1, 'o200k_base', ?)`,
      ).run(handle, at(i), original.length, 100 + i, compressor, `old-${i}.json`, `old-${i}.json`);
    }
    db.close();
    return handles;
  }

  it('gets the table on its first writable open: each history row becomes its first shrink, once', () => {
    const handles = oldStore(3);
    open().close();
    open().close(); // a second open migrates nothing more
    const rows = raw()
      .prepare(`SELECT id, handle, created_at, compressor, tokenizer, tokens_before, tokens_after, source_name FROM ${SHRINKS_TABLE} ORDER BY id`)
      .all();
    expect(rows).toEqual(
      handles.map((handle, i) => ({
        id: i + 1,
        handle,
        created_at: at(i),
        compressor: i % 2 ? 'toolschema+share-schemas' : 'toolschema',
        tokenizer: 'o200k_base',
        tokens_before: 100 + i,
        tokens_after: 50,
        source_name: `old-${i}.json`,
      })),
    );
    const store = open();
    store.put(Buffer.from('old 0'), { ...FIRST, tokenizer: 'cl100k_base' });
    expect(store.details(handles[0]!)?.shrinks?.map((shrink) => [shrink.id, shrink.tokenizer])).toEqual([
      [4, 'cl100k_base'],
      [1, 'o200k_base'],
    ]);
  });

  it('opened read-only, lists each history row as its only shrink and writes nothing', () => {
    const handles = oldStore(2);
    const store = open({ readonly: true });
    expect(store.details(handles[1]!)?.shrinks).toEqual([
      {
        created_at: at(1),
        compressor: 'toolschema+share-schemas',
        tokenizer: 'o200k_base',
        tokens_before: 101,
        tokens_after: 50,
        source_name: 'old-1.json',
        visible: null,
      },
    ]);
    expect(raw().prepare('SELECT count(*) AS n FROM sqlite_master WHERE name = ?').get(SHRINKS_TABLE)).toEqual({ n: 0 });
  });
});

describe('a store made before shrinks recorded their calls', () => {
  it('is read without them read-only, and gets the column on its next writable open', () => {
    const first = open();
    const { handle } = first.put(bytes('catalog'), FIRST);
    first.close();
    raw().exec(`ALTER TABLE ${SHRINKS_TABLE} DROP COLUMN calls`);
    expect(open({ readonly: true }).details(handle)?.shrinks?.[0]).toMatchObject({ compressor: 'toolschema', tokens_after: 40 });
    const store = open();
    store.put(bytes('catalog'), { ...FIRST, compressor: 'toolschema+budget-4000', calls: { get: 1 } });
    expect(store.shrink(handle)?.calls).toEqual({ get: 1 });
  });
});

describe('a read-only store', () => {
  it('shows a shrink another process records while it is open', () => {
    const writer = open();
    const { handle } = writer.put(bytes('catalog'), FIRST);
    const reader = open({ readonly: true });
    expect(reader.history().entries[0]?.compressor).toBe('toolschema');
    writer.put(bytes('catalog'), SHARED);
    expect(reader.history().entries[0]).toMatchObject({ compressor: 'toolschema+share-schemas', tokens_after: 30 });
    expect(reader.details(handle)?.shrinks?.map((shrink) => shrink.id)).toEqual([2, 1]);
  });
});
