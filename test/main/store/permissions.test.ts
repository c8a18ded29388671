import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shrink } from '../../../src/main/library/shrink';
import { RecoveryStore } from '../../../src/main/store/index';
import { canMakeReadOnly, makeReadOnly } from '../../helpers/read-only';

let folder: string;
let savedUmask: number;
const opened: Array<{ close(): void }> = [];

function modeOf(target: string): string {
  return (fs.statSync(target).mode & 0o777).toString(8).padStart(4, '0');
}

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ccr-perm-'));
  // A permissive umask proves the modes come from the store, not from the environment.
  savedUmask = process.umask(0o000);
});

afterEach(() => {
  process.umask(savedUmask);
  for (const handle of opened.splice(0)) handle.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('file permissions', () => {
  it('creates missing folders 0700 and the database, -wal and -shm 0600 after a write', () => {
    const dbPath = path.join(folder, 'nested', 'caveman', 'ccr.db');
    const store = RecoveryStore.open(dbPath);
    opened.push(store);
    store.put(new TextEncoder().encode('secret tool description'), { tokensBefore: 5, tokensAfter: 2 });
    // Still open, so SQLite has not checkpointed the WAL away.
    expect(fs.existsSync(`${dbPath}-wal`)).toBe(true);
    expect(fs.existsSync(`${dbPath}-shm`)).toBe(true);
    expect({
      folder: modeOf(path.dirname(dbPath)),
      db: modeOf(dbPath),
      wal: modeOf(`${dbPath}-wal`),
      shm: modeOf(`${dbPath}-shm`),
    }).toEqual({ folder: '0700', db: '0600', wal: '0600', shm: '0600' });
  });

  it('tightens an existing database file and its -wal/-shm to 0600', () => {
    const dbPath = path.join(folder, 'ccr.db');
    const other = new Database(dbPath);
    opened.push(other);
    other.pragma('journal_mode = WAL');
    other.exec('CREATE TABLE IF NOT EXISTS t (x)');
    for (const file of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) fs.chmodSync(file, 0o644);
    const store = RecoveryStore.open(dbPath);
    opened.push(store);
    expect([modeOf(dbPath), modeOf(`${dbPath}-wal`), modeOf(`${dbPath}-shm`)]).toEqual(['0600', '0600', '0600']);
  });

  it('never adds permissions: a read-only database (0440) loses group access but stays read-only (0400)', () => {
    const dbPath = path.join(folder, 'ccr.db');
    RecoveryStore.open(dbPath).close();
    fs.chmodSync(dbPath, 0o440);
    const store = RecoveryStore.open(dbPath, { readonly: true });
    opened.push(store);
    expect(modeOf(dbPath)).toBe('0400');
  });

  it('leaves the mode of an existing folder alone', () => {
    fs.chmodSync(folder, 0o755);
    const store = RecoveryStore.open(path.join(folder, 'ccr.db'));
    opened.push(store);
    expect(modeOf(folder)).toBe('0755');
  });

  it.skipIf(!canMakeReadOnly())('a read-only (0400) store leaves no -wal/-shm behind: not after a refused shrink, not after overlapping reads', async () => {
    const dbPath = path.join(folder, 'ccr.db');
    const seed = RecoveryStore.open(dbPath);
    const { handle } = seed.put(new TextEncoder().encode('{"tools":[]}'), { tokensBefore: 3, tokensAfter: 3 });
    seed.close();
    fs.chmodSync(dbPath, 0o400);
    const undo = process.getuid?.() === 0 ? makeReadOnly(dbPath) : () => undefined; // root ignores modes
    try {
      const catalog = new TextEncoder().encode(
        '{"tools":[{"name":"a","description":"A tool.","inputSchema":{"type":"object","title":"dropped",' +
          '"properties":{"q":{"type":"string","examples":["x"]}}}}]}',
      );
      const { error } = await shrink(catalog, { store: dbPath });
      expect(error?.code).toBe('cave_store_readonly');
      expect(fs.readdirSync(folder)).toEqual(['ccr.db']);

      const first = RecoveryStore.open(dbPath, { readonly: true });
      const second = RecoveryStore.open(dbPath);
      expect(second.readOnly).toBe(true);
      expect(new TextDecoder().decode(second.get(handle))).toBe('{"tools":[]}');
      first.close();
      expect(new TextDecoder().decode(second.get(handle))).toBe('{"tools":[]}'); // still reads once the first is gone
      second.close();
      expect(fs.readdirSync(folder)).toEqual(['ccr.db']);
      expect(modeOf(dbPath)).toBe('0400');
    } finally {
      undo();
    }
  });
});
