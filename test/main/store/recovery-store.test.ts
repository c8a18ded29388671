import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RecoveryStore, recoveryHandleFor } from '../../../src/main/store/index';
import { RECOVERIES_DDL } from '../../../src/main/store/schema';
import { caughtCavemanError } from '../../helpers/caught-error';
import { folderPerTest } from '../../helpers/temp-folder';

const tmp = folderPerTest('ccr-store-');

function open(options?: Parameters<typeof RecoveryStore.open>[1]): RecoveryStore {
  return tmp.track(RecoveryStore.open(tmp.dbPath, options));
}

function raw(): Database.Database {
  return tmp.track(new Database(tmp.dbPath));
}

function bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

const META = { tokensBefore: 120, tokensAfter: 40 };

describe('put and get', () => {
  const payloads: Array<[string, Uint8Array]> = [
    ['invalid UTF-8', new Uint8Array([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1])],
    ['a UTF-8 BOM and trailing whitespace', new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('{"tools":[]}  \n\t')])],
    ['NUL bytes', new Uint8Array([0, 0, 123, 0, 125, 0])],
    ['the empty payload', new Uint8Array()],
    ['every byte value', Uint8Array.from({ length: 256 }, (_, i) => i)],
  ];

  it.each(payloads)('round-trips %s byte for byte', (_label, payload) => {
    const store = open();
    const { handle, created } = store.put(payload, META);
    expect(created).toBe(true);
    expect(handle).toBe(recoveryHandleFor(payload));
    expect(Buffer.from(store.get(handle)).equals(Buffer.from(payload))).toBe(true);
  });

  it('copies nothing the caller can change afterwards', () => {
    const store = open();
    const payload = bytes('mutable');
    const { handle } = store.put(payload, META);
    payload[0] = 0x4d;
    expect(new TextDecoder().decode(store.get(handle))).toBe('mutable');
  });

  it('stores a payload once: same bytes give the same handle, one row, no rewrite', () => {
    let tick = 0;
    const store = open({ clock: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)) });
    const first = store.put(bytes('same'), { ...META, sourceName: 'first.json' });
    const second = store.put(bytes('same'), { tokensBefore: 1, tokensAfter: 1, sourceName: 'second.json' });
    expect(second).toEqual({ handle: first.handle, created: false, createdAt: first.createdAt });
    const db = raw();
    expect(db.prepare('SELECT count(*) AS n FROM recoveries').get()).toEqual({ n: 1 });
    expect(db.prepare('SELECT tokens_before, created_at FROM recoveries').get()).toEqual({
      tokens_before: 120,
      created_at: first.createdAt,
    });
    expect(store.history().entries.map((e) => e.source_name)).toEqual(['first.json']);
  });

  it('uses the clock for created_at and fills the defaults', () => {
    const store = open({ clock: () => new Date('2026-08-08T14:00:00.123Z') });
    const { handle, createdAt } = store.put(bytes('x'), { ...META, toolCount: 2, tokenizer: 'o200k_base' });
    expect(createdAt).toBe('2026-08-08T14:00:00.123Z');
    const row = raw().prepare('SELECT * FROM recoveries WHERE handle = ?').get(handle) as Record<string, unknown>;
    expect(row).toMatchObject({ created_at: createdAt, content_type: 'toolschema', compressor: 'toolschema' });
    expect(JSON.parse(String(row.metadata))).toEqual({ source: 'caveman-shrink-desktop', tokenizer: 'o200k_base', tool_count: 2 });
  });

  it('refuses negative or fractional token counts before writing', () => {
    const store = open();
    expect(caughtCavemanError(() => store.put(bytes('x'), { tokensBefore: -1, tokensAfter: 0 })).code).toBe('cave_bad_request');
    expect(caughtCavemanError(() => store.put(bytes('x'), { tokensBefore: 1.5, tokensAfter: 0 })).code).toBe('cave_bad_request');
    expect(store.retainedBytes()).toBe(0);
  });

  it('refuses an original that is not bytes', () => {
    const store = open();
    expect(caughtCavemanError(() => store.put('text' as unknown as Uint8Array, META)).code).toBe('cave_bad_request');
    expect(store.history().total).toBe(0);
  });

  it('works in memory', () => {
    const store = RecoveryStore.open(':memory:');
    tmp.track(store);
    const { handle } = store.put(bytes('mem'), META);
    expect(new TextDecoder().decode(store.get(handle))).toBe('mem');
    expect(store.path).toBe(':memory:');
  });
});

describe('lookups that must not guess', () => {
  it('reports an unknown handle as not found', () => {
    const store = open();
    store.put(bytes('stored'), META);
    const unknown = recoveryHandleFor(bytes('never stored'));
    const error = caughtCavemanError(() => store.get(unknown));
    expect(error.code).toBe('cave_not_found');
    expect(error.message).toContain(unknown);
    expect(error.message).not.toMatch(/malformed/);
    expect(store.has(unknown)).toBe(false);
    expect(store.details(unknown)).toBeUndefined();
  });

  it.each(['nope', 'CCR_BA7816BF8F01CFEA414140DE5DAE2223', 'ccr_ba7816bf8f01cfea414140de5dae222'])(
    'reports the malformed handle %j as not found, saying it is malformed',
    (handle) => {
      const error = caughtCavemanError(() => open().get(handle));
      expect(error.code).toBe('cave_not_found');
      expect(error.message).toMatch(/malformed/);
    },
  );

  it('refuses to return bytes that no longer hash to their handle', () => {
    const store = open();
    const { handle } = store.put(bytes('{"tools":[{"name":"a"}]}'), META);
    raw().prepare('UPDATE recoveries SET original = ? WHERE handle = ?').run(Buffer.from('{"tools":[{"name":"b"}]}'), handle);
    const error = caughtCavemanError(() => store.get(handle));
    expect(error.code).toBe('cave_hash_mismatch');
    expect(error.message).toContain(handle);
  });

  it('has() and details() see stored handles', () => {
    const store = open();
    const { handle } = store.put(bytes('here'), { ...META, sourceName: 'here.json', toolCount: 1 });
    expect(store.has(handle)).toBe(true);
    expect(store.details(handle)).toMatchObject({ handle, bytes: 4, source_name: 'here.json', tool_count: 1 });
  });
});

describe('budget', () => {
  it('refuses a write over budget, leaving existing rows intact and writing nothing', () => {
    const store = open({ maxBytes: 10 });
    const kept = store.put(bytes('123456'), META);
    const error = caughtCavemanError(() => store.put(bytes('abcde'), META));
    expect(error.code).toBe('cave_store_full');
    expect(error.message).toContain(tmp.dbPath);
    expect(error.message).toMatch(/nothing was stored/);
    const db = raw();
    expect(db.prepare('SELECT handle FROM recoveries').all()).toEqual([{ handle: kept.handle }]);
    expect(db.prepare('SELECT handle FROM caveman_app_history').all()).toEqual([{ handle: kept.handle }]);
    expect(new TextDecoder().decode(store.get(kept.handle))).toBe('123456');
    expect(store.retainedBytes()).toBe(6);
  });

  it('accepts a write that exactly fills the budget', () => {
    const store = open({ maxBytes: 10 });
    store.put(bytes('123456'), META);
    expect(store.put(bytes('abcd'), META).created).toBe(true);
    expect(store.retainedBytes()).toBe(10);
  });

  it('still returns the handle of bytes already stored when the store is full', () => {
    const store = open({ maxBytes: 6 });
    const first = store.put(bytes('123456'), META);
    expect(store.put(bytes('123456'), META)).toMatchObject({ handle: first.handle, created: false });
  });

  /** A row written by another program (the Go tools), straight into the table. */
  const insertForeignRow = (original: Uint8Array) =>
    raw()
      .prepare('INSERT INTO recoveries VALUES (?, ?, ?, ?, ?, ?, ?, NULL)')
      .run(recoveryHandleFor(original), '2026-01-01T00:00:00Z', 'toolschema', 'toolschema', 1, 1, Buffer.from(original));

  it('counts rows written by other programs', () => {
    const store = open({ maxBytes: 10 });
    const foreign = bytes('12345678');
    insertForeignRow(foreign);
    expect(caughtCavemanError(() => store.put(bytes('abc'), META)).code).toBe('cave_store_full');
    expect(store.retainedBytes()).toBe(8);
  });

  it('keeps history in sync after a refused write rolled back a sync', () => {
    const store = open({ maxBytes: 10 });
    const foreign = bytes('12345678');
    insertForeignRow(foreign);
    expect(caughtCavemanError(() => store.put(bytes('abc'), META)).code).toBe('cave_store_full');
    expect(store.history().entries.map((e) => e.handle)).toEqual([recoveryHandleFor(foreign)]);
  });

  it('rejects a budget that is not a positive whole number', () => {
    expect(caughtCavemanError(() => open({ maxBytes: 0 })).code).toBe('cave_bad_request');
  });
});

describe('delete', () => {
  it('removes the original and its history entry together', () => {
    const store = open();
    const gone = store.put(bytes('gone'), META);
    const kept = store.put(bytes('kept'), META);
    expect(store.delete(gone.handle)).toBe(true);
    const db = raw();
    expect(db.prepare('SELECT handle FROM recoveries').all()).toEqual([{ handle: kept.handle }]);
    expect(db.prepare('SELECT handle FROM caveman_app_history').all()).toEqual([{ handle: kept.handle }]);
    expect(caughtCavemanError(() => store.get(gone.handle)).code).toBe('cave_not_found');
    expect(store.retainedBytes()).toBe(4);
  });

  it('returns false when nothing is stored under the handle', () => {
    const store = open();
    expect(store.delete(recoveryHandleFor(bytes('never')))).toBe(false);
    expect(store.delete('not-a-handle')).toBe(false);
  });
});

describe('several connections', () => {
  it('a second store on the same file (like a fresh process) sees what the first wrote', () => {
    const writer = open();
    const reader = open();
    const { handle } = writer.put(bytes('shared'), { ...META, sourceName: 'shared.json' });
    expect(new TextDecoder().decode(reader.get(handle))).toBe('shared');
    expect(reader.history().entries).toMatchObject([{ handle, source_name: 'shared.json' }]);
    writer.close();
    const fresh = open();
    expect(new TextDecoder().decode(fresh.get(handle))).toBe('shared');
  });

  it('history picks up rows another program inserted or deleted after open', () => {
    const store = open();
    const ours = store.put(bytes('ours'), META);
    expect(store.history().total).toBe(1);
    const foreign = bytes('theirs');
    const db = raw();
    db.prepare('INSERT INTO recoveries VALUES (?, ?, ?, ?, ?, ?, ?, NULL)').run(
      recoveryHandleFor(foreign),
      '2999-01-01T00:00:00.000000001Z',
      'toolschema',
      'toolschema',
      9,
      3,
      Buffer.from(foreign),
    );
    expect(store.history().entries.map((e) => e.handle)).toEqual([recoveryHandleFor(foreign), ours.handle]);
    expect(store.retainedBytes()).toBe(4 + 6);
    db.prepare('DELETE FROM recoveries WHERE handle = ?').run(ours.handle);
    expect(store.history().entries.map((e) => e.handle)).toEqual([recoveryHandleFor(foreign)]);
    expect(store.details(ours.handle)).toBeUndefined();
    expect(store.retainedBytes()).toBe(6);
  });

  it('a new store gets 64 KiB pages (an original is one long chain of them)', () => {
    const store = open();
    store.put(bytes('x'.repeat(200_000)), META);
    store.close();
    expect(raw().pragma('page_size', { simple: true })).toBe(65536);
  });

  it('a store made with other pages keeps them, and its rows', () => {
    const older = new Database(tmp.dbPath);
    older.pragma('page_size = 4096');
    older.pragma('journal_mode = WAL');
    older.exec(RECOVERIES_DDL);
    const theirs = bytes('y'.repeat(200_000));
    older
      .prepare('INSERT INTO recoveries VALUES (?, ?, ?, ?, ?, ?, ?, NULL)')
      .run(recoveryHandleFor(theirs), '2026-01-01T00:00:00Z', 'toolschema', 'toolschema', 9, 3, Buffer.from(theirs));
    older.close();
    const store = open();
    const ours = store.put(bytes('z'.repeat(200_000)), META);
    expect(Buffer.from(store.get(recoveryHandleFor(theirs))).equals(theirs)).toBe(true);
    expect(Buffer.from(store.get(ours.handle)).equals(bytes('z'.repeat(200_000)))).toBe(true);
    expect(raw().pragma('page_size', { simple: true })).toBe(4096);
  });

  it('refuses use after close with a typed error', () => {
    const store = open();
    store.close();
    expect(caughtCavemanError(() => store.history()).code).toBe('cave_store_unavailable');
    store.close();
  });
});
