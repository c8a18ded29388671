// What the store does when its file cannot be used normally: each case must
// end in one typed error (or a working read-only store), never a crash.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecoveryStore, RECOVERIES_DDL, recoveryHandleFor } from '../../../src/main/store/index';
import { BUSY_TIMEOUT_MS } from '../../../src/main/store/store-errors';
import { caughtCavemanError } from '../../helpers/caught-error';
import { folderPerTest } from '../../helpers/temp-folder';

const IS_ROOT = process.getuid?.() === 0;
const META = { tokensBefore: 10, tokensAfter: 4 };

const tmp = folderPerTest('ccr-fail-');

function fileDigest(target: string): string {
  return createHash('sha256').update(fs.readFileSync(target)).digest('hex');
}

/** A closed store holding one payload; returns its handle. */
function storeWithOnePayload(text = 'kept'): string {
  const store = RecoveryStore.open(tmp.dbPath);
  const { handle } = store.put(Buffer.from(text), { ...META, sourceName: 'kept.json' });
  store.close();
  return handle;
}

afterEach(() => {
  fs.chmodSync(tmp.path, 0o700);
});

describe('read-only stores', () => {
  it('opened with readonly: put and delete throw cave_store_readonly, get and history still work, the file is untouched', () => {
    const handle = storeWithOnePayload();
    const before = fileDigest(tmp.dbPath);
    const store = tmp.track(RecoveryStore.open(tmp.dbPath, { readonly: true }));
    expect(store.readOnly).toBe(true);
    const refused = caughtCavemanError(() => store.put(Buffer.from('new'), META));
    expect(refused.code).toBe('cave_store_readonly');
    expect(refused.message).toBe(`the recovery store at ${tmp.dbPath} is read-only — nothing was stored`);
    expect(caughtCavemanError(() => store.delete(handle)).code).toBe('cave_store_readonly');
    expect(new TextDecoder().decode(store.get(handle))).toBe('kept');
    expect(store.history()).toMatchObject({ total: 1, entries: [{ handle, source_name: 'kept.json' }] });
    store.close();
    expect(fileDigest(tmp.dbPath)).toBe(before);
  });

  it('opened with readonly on a Go-only file: history still lists its rows, and no table is added', () => {
    const go = new Database(tmp.dbPath);
    go.exec(RECOVERIES_DDL);
    const original = Buffer.from('from go');
    go.prepare('INSERT INTO recoveries VALUES (?, ?, ?, ?, ?, ?, ?, NULL)').run(
      recoveryHandleFor(original),
      '2026-08-08T14:00:00.123456789Z',
      'toolschema',
      'toolschema',
      2,
      1,
      original,
    );
    go.close();
    const store = tmp.track(RecoveryStore.open(tmp.dbPath, { readonly: true }));
    expect(store.history().entries.map((e) => e.handle)).toEqual([recoveryHandleFor(original)]);
    expect(store.retainedBytes()).toBe(original.length);
    const check = tmp.track(new Database(tmp.dbPath, { readonly: true }));
    expect(check.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual(['recoveries']);
  });

  it('opened with readonly, history follows rows another process writes later', () => {
    storeWithOnePayload();
    const store = tmp.track(RecoveryStore.open(tmp.dbPath, { readonly: true }));
    expect(store.history().total).toBe(1);
    const writer = tmp.track(RecoveryStore.open(tmp.dbPath));
    const added = writer.put(Buffer.from('added later'), { ...META, sourceName: 'later.json' });
    expect(store.history().entries[0]).toMatchObject({ handle: added.handle, source_name: 'later.json' });
    expect(store.history().total).toBe(2);
  });

  it('opened with readonly on a missing file: cave_store_unavailable, nothing created', () => {
    expect(caughtCavemanError(() => RecoveryStore.open(tmp.dbPath, { readonly: true })).code).toBe('cave_store_unavailable');
    expect(fs.existsSync(tmp.dbPath)).toBe(false);
  });

  /** Stores one payload, sets `mode` on `target`, reopens: read-only, refusing writes, still serving the payload. */
  function reopenAfterChmod(target: () => string, mode: number): RecoveryStore {
    const handle = storeWithOnePayload();
    fs.chmodSync(target(), mode);
    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    expect(store.readOnly).toBe(true);
    expect(caughtCavemanError(() => store.put(Buffer.from('new'), META)).code).toBe('cave_store_readonly');
    expect(new TextDecoder().decode(store.get(handle))).toBe('kept');
    return store;
  }

  it.skipIf(IS_ROOT)('a file without write permission opens read-only (skipped as root: root may write any file)', () => {
    const store = reopenAfterChmod(() => tmp.dbPath, 0o400);
    expect(store.history().total).toBe(1);
  });

  it.skipIf(IS_ROOT)('a folder without write permission opens read-only (skipped as root: root may write any folder)', () => {
    reopenAfterChmod(() => tmp.path, 0o500);
  });

  it.skipIf(IS_ROOT)('an unreadable file is unavailable (skipped as root: root may read any file)', () => {
    storeWithOnePayload();
    fs.chmodSync(tmp.dbPath, 0o000);
    expect(caughtCavemanError(() => RecoveryStore.open(tmp.dbPath)).code).toBe('cave_store_unavailable');
  });
});

describe('unusable paths', () => {
  it('a folder as the database path is cave_store_unavailable', () => {
    fs.mkdirSync(tmp.dbPath);
    const error = caughtCavemanError(() => RecoveryStore.open(tmp.dbPath));
    expect(error.code).toBe('cave_store_unavailable');
    expect(error.message).toContain(tmp.dbPath);
  });

  it('a parent folder that cannot be created is cave_store_unavailable', () => {
    const blocker = path.join(tmp.path, 'not-a-folder');
    fs.writeFileSync(blocker, 'a file where the folder should be');
    const error = caughtCavemanError(() => RecoveryStore.open(path.join(blocker, 'sub', 'ccr.db')));
    expect(error.code).toBe('cave_store_unavailable');
  });

  it.each([false, true])('garbage bytes as the database file are cave_store_corrupt (readonly: %s)', (readonly) => {
    fs.writeFileSync(tmp.dbPath, Buffer.from('this is not a sqlite database, just some bytes '.repeat(100)));
    const before = fileDigest(tmp.dbPath);
    const error = caughtCavemanError(() => RecoveryStore.open(tmp.dbPath, { readonly }));
    expect(error.code).toBe('cave_store_corrupt');
    expect(error.message).toContain(tmp.dbPath);
    expect(fileDigest(tmp.dbPath)).toBe(before);
  });
});

describe('contention', () => {
  it('a write lock held past the busy timeout is cave_store_busy, and nothing is stored', () => {
    // The connections the store prepares its statements on: the one it writes with.
    const prepared = vi.spyOn(Database.prototype, 'prepare');
    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    const connections = new Set(prepared.mock.contexts);
    prepared.mockRestore();
    expect(connections.size).toBe(1);
    // It waits for a lock rather than failing at once: SQLite's busy timeout on that connection, at least the 5 s docs/store.md asks.
    expect((connections.values().next().value as Database.Database).pragma('busy_timeout', { simple: true })).toBe(BUSY_TIMEOUT_MS);
    expect(BUSY_TIMEOUT_MS).toBeGreaterThanOrEqual(5000);
    const other = tmp.track(new Database(tmp.dbPath));
    other.exec('BEGIN IMMEDIATE');
    const error = caughtCavemanError(() => store.put(Buffer.from('waits'), META));
    other.exec('ROLLBACK');
    expect(error.code).toBe('cave_store_busy');
    expect(store.history().total).toBe(0);
    expect(store.put(Buffer.from('now it fits'), META).created).toBe(true);
  });
});
