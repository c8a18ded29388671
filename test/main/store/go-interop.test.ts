// The Go caveman tools and this app share one file: each must read what the
// other wrote, through the reference `recoveries` table alone.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RecoveryStore } from '../../../src/main/store/index';
import { FIXTURES_DIR } from '../../helpers/fixtures';
import { folderPerTest } from '../../helpers/temp-folder';

// Copied from the reference fixture (key GO_DDL) so this test does not depend
// on the store's own constant; checked against the fixture when it is present.
const GO_DDL = `
CREATE TABLE IF NOT EXISTS recoveries (
  handle TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  content_type TEXT NOT NULL,
  compressor TEXT NOT NULL,
  tokens_before INTEGER NOT NULL,
  tokens_after INTEGER NOT NULL,
  original BLOB NOT NULL,
  metadata BLOB
);`;
const REFERENCE_INPUTS = path.join(FIXTURES_DIR, 'reference/inputs.json');

const tmp = folderPerTest('ccr-go-');

/** How the Go reference derives a handle: sha256, hex, first 32 digits. */
function goHandle(bytes: Buffer): string {
  return `ccr_${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}`;
}

/** The schema text SQLite records for GO_DDL in a fresh database. */
function referenceTableSql(): string {
  const scratch = new Database(':memory:');
  scratch.exec(GO_DDL);
  const row = scratch.prepare("SELECT sql FROM sqlite_master WHERE name = 'recoveries'").get() as { sql: string };
  scratch.close();
  return row.sql;
}

describe('Go interop', () => {
  it('uses the DDL of the reference fixture', () => {
    const inputs = JSON.parse(fs.readFileSync(REFERENCE_INPUTS, 'utf8')) as { GO_DDL: string };
    expect(inputs.GO_DDL).toBe(GO_DDL);
  });

  it('reads a row the Go tools wrote, and lists it in history', () => {
    const go = tmp.track(new Database(tmp.dbPath));
    go.pragma('journal_mode = WAL');
    go.exec(GO_DDL);
    const original = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"tools":[{"name":"go"}]}\n'), Buffer.from([0xff, 0])]);
    const handle = goHandle(original);
    go.prepare(
      `INSERT INTO recoveries (handle, created_at, content_type, compressor, tokens_before, tokens_after, original, metadata)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL)`,
    ).run(handle, '2026-08-08T14:00:00.123456789Z', 'toolschema', 'toolschema', 57, 21, original);
    go.close();

    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    expect(Buffer.from(store.get(handle)).equals(original)).toBe(true);
    expect(store.history()).toEqual({
      total: 1,
      entries: [
        {
          handle,
          created_at: '2026-08-08T14:00:00.123Z',
          bytes: original.length,
          tokens_before: 57,
          tokens_after: 21,
          content_type: 'toolschema',
          compressor: 'toolschema',
          source_name: null,
          tool_count: null,
          tokenizer: null,
          visible: null,
        },
      ],
    });
    expect(store.retainedBytes()).toBe(original.length);
  });

  it('orders Go rows by time among ours, whatever their timestamp format', () => {
    const store = tmp.track(RecoveryStore.open(tmp.dbPath, { clock: () => new Date('2026-08-08T14:00:00.500Z') }));
    const ours = store.put(Buffer.from('ours'), { tokensBefore: 1, tokensAfter: 1 });
    const go = tmp.track(new Database(tmp.dbPath));
    const insert = go.prepare('INSERT INTO recoveries VALUES (?, ?, ?, ?, ?, ?, ?, NULL)');
    const earlier = Buffer.from('earlier');
    const later = Buffer.from('later');
    insert.run(goHandle(later), '2026-08-08T16:00:00.9+02:00', 'toolschema', 'toolschema', 1, 1, later); // 14:00:00.900Z
    insert.run(goHandle(earlier), '2026-08-08T14:00:00.1Z', 'toolschema', 'toolschema', 1, 1, earlier);
    expect(store.history().entries.map((e) => [e.handle, e.created_at])).toEqual([
      [goHandle(later), '2026-08-08T14:00:00.900Z'],
      [ours.handle, '2026-08-08T14:00:00.500Z'],
      [goHandle(earlier), '2026-08-08T14:00:00.100Z'],
    ]);
  });

  it('writes rows the Go tools can read with plain SQL, in the reference table unchanged', () => {
    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    const original = Buffer.from([0x00, 0xff, 0x7b, 0x7d, 0x0a]);
    const { handle } = store.put(original, { tokensBefore: 3, tokensAfter: 2, sourceName: 'x.json' });
    store.close();

    const go = tmp.track(new Database(tmp.dbPath, { readonly: true }));
    const row = go.prepare('SELECT original FROM recoveries WHERE handle=?').get(handle) as { original: Buffer };
    expect(Buffer.compare(row.original, original)).toBe(0);
    expect(handle).toBe(goHandle(original));
    const created = go.prepare('SELECT created_at FROM recoveries WHERE handle=?').pluck().get(handle) as string;
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/); // valid RFC 3339 for Go's time.Parse

    const table = go.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'recoveries'").pluck().get();
    expect(table).toBe(referenceTableSql());
    expect(table).toBe(GO_DDL.trim().replace('CREATE TABLE IF NOT EXISTS', 'CREATE TABLE').replace(/;$/, ''));
    const extras = go.prepare("SELECT type, name FROM sqlite_master WHERE tbl_name = 'recoveries' AND type IN ('index', 'trigger') AND sql IS NOT NULL").all();
    expect(extras).toEqual([]);
  });

  it('never alters a Go table, even one with rows', () => {
    const go = tmp.track(new Database(tmp.dbPath));
    go.exec(GO_DDL);
    const before = go.prepare("SELECT sql FROM sqlite_master WHERE name = 'recoveries'").pluck().get();
    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    store.put(Buffer.from('x'), { tokensBefore: 1, tokensAfter: 1 });
    expect(go.prepare("SELECT sql FROM sqlite_master WHERE name = 'recoveries'").pluck().get()).toBe(before);
  });
});
