// History at 100,000 handles: the answers are right and SQLite plans the
// queries through the history index. How long they take is measured by
// `npm run bench` (scripts/bench/history-at-scale.mjs, as ratios to a plain
// indexed query in the same run), never asserted here: wall-clock limits
// make flaky tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_TABLE, RecoveryStore, SHRINKS_TABLE, recoveryHandleFor } from '../../../src/main/store/index';

const ROWS = 100_000;
const EVERY_NTH_IS_FOREIGN = 10; // rows written "by the Go tools": no history row until the store syncs
/** How many puts the put case makes of each kind (the bench times them). */
const REPEATS = 15;

let folder: string;
let dbPath: string;
let store: RecoveryStore;

function payload(i: number): Buffer {
  return Buffer.from(JSON.stringify({ tools: [{ name: `tool_${i}`, description: 'd'.repeat(200 + (i % 300)) }] }));
}

function createdAt(i: number): string {
  return new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
}

/** Bulk-loads rows the way many past puts (and some Go tool writes) would have left them, in a store made before shrinks were recorded. */
function seed(): void {
  RecoveryStore.open(dbPath).close();
  const db = new Database(dbPath);
  db.exec(`DROP TRIGGER ${SHRINKS_TABLE}_follow_history; DROP TABLE ${SHRINKS_TABLE}`);
  const recovery = db.prepare('INSERT INTO recoveries VALUES (?, ?, ?, ?, ?, ?, ?, NULL)');
  const history = db.prepare(
    `INSERT INTO ${HISTORY_TABLE} (handle, created_at, bytes, tokens_before, tokens_after, content_type, compressor,
       source_name, tool_count, tokenizer, source_key) VALUES (?, ?, ?, 100, 40, 'toolschema', 'toolschema', ?, 1, 'o200k_base', ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      const bytes = payload(i);
      const handle = recoveryHandleFor(bytes);
      recovery.run(handle, createdAt(i), 'toolschema', 'toolschema', 100, 40, bytes);
      const name = `Catalog-${i}.json`;
      if (i % EVERY_NTH_IS_FOREIGN !== 0) history.run(handle, createdAt(i), bytes.length, name, name.toLowerCase());
    }
  })();
  db.close();
}

beforeAll(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ccr-perf-'));
  dbPath = path.join(folder, 'ccr.db');
  seed();
  // Opening records the first shrinks of the older store's rows and syncs the foreign rows into history.
  store = RecoveryStore.open(dbPath);
}, 120_000);

afterAll(() => {
  store.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe(`history with ${ROWS} handles`, () => {
  it('pages newest first', () => {
    const page = store.history();
    expect(page.total).toBe(ROWS);
    expect(page.entries[0]?.handle).toBe(recoveryHandleFor(payload(ROWS - 1)));
    expect(page.entries).toHaveLength(50);
    const far = store.history({ offset: 50_000, limit: 2 });
    expect(far.entries.map((entry) => entry.handle)).toEqual(
      store
        .history({ offset: 49_999, limit: 3 })
        .entries.slice(1)
        .map((entry) => entry.handle),
    );
    expect(far.entries).toHaveLength(2);
  });

  it('sorts by any column: one pass over the table keeps the top rows', () => {
    for (const sort of ['source', 'tools', 'tokensBefore', 'tokensAfter', 'saved', 'created'] as const) {
      const sorted = store.history({ sort, direction: 'ascending' });
      expect([sorted.total, sorted.entries.length], sort).toEqual([ROWS, 50]);
    }
    expect(store.history({ sort: 'saved', direction: 'ascending', offset: 50_000 }).entries).toHaveLength(50);
    const searched = store.history({ query: 'CATALOG-1', sort: 'source', direction: 'descending' }).entries.map((entry) => entry.source_name);
    expect(searched).toEqual([...searched].sort().reverse());
    const bySource = store.history({ sort: 'source', direction: 'ascending', limit: 3 });
    expect(bySource.total).toBe(ROWS);
    // The 10,000 rows the Go tools wrote have no source name: they come first, oldest first; then the names in character order (catalog-10 is a Go
    // row, so catalog-1 is followed by catalog-10001).
    expect(bySource.entries.map((entry) => entry.source_name)).toEqual([null, null, null]);
    expect(
      store.history({ sort: 'source', direction: 'ascending', limit: 2, offset: ROWS / EVERY_NTH_IS_FOREIGN }).entries.map((entry) => entry.source_name),
    ).toEqual(['Catalog-1.json', 'Catalog-10001.json']);
    expect(store.history({ sort: 'created', direction: 'ascending', limit: 1 }).entries[0]?.handle).toBe(recoveryHandleFor(payload(0)));
  });

  it('searches by name and by handle', () => {
    expect(store.history({ query: 'no-such-thing' })).toMatchObject({ total: 0, entries: [] });
    const handle = recoveryHandleFor(payload(4321));
    expect(store.history({ query: handle.slice(0, 12) }).entries.map((e) => e.handle)).toContain(handle);
    expect(store.history({ query: 'catalog-99999.json' }).entries.map((e) => e.handle)).toEqual([recoveryHandleFor(payload(99_999))]);
    expect(store.history({ query: handle.slice(4, 30) }).entries.map((e) => e.handle)).toEqual([handle]);
    expect(store.history({ query: 'CATALOG-1' }).total).toBeGreaterThan(1000);
  });

  it('re-syncs after another process writes', () => {
    const other = new Database(dbPath);
    const extra = Buffer.from('written by another process');
    other
      .prepare('INSERT INTO recoveries VALUES (?, ?, ?, ?, ?, ?, ?, NULL)')
      .run(recoveryHandleFor(extra), '2030-01-01T00:00:00.000000001Z', 'toolschema', 'toolschema', 1, 1, extra);
    other.close();
    // The first page right after a foreign write includes the sync.
    const first = store.history();
    expect(first?.entries[0]?.handle).toBe(recoveryHandleFor(extra));
    expect(first?.total).toBe(ROWS + 1);
  });

  it('plans paging and search through the history index', () => {
    const db = new Database(dbPath, { readonly: true });
    const plan = (sql: string): string => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
    const columns = 'handle, created_at, bytes, tokens_before, tokens_after, content_type, compressor, source_name, tool_count, tokenizer';
    const order = 'ORDER BY created_at DESC, seq DESC LIMIT 50';
    const matches = "(instr(handle, 'x') > 0 OR instr(source_key, 'x') > 0)";
    expect(plan(`SELECT ${columns} FROM ${HISTORY_TABLE} ${order}`)).not.toMatch(/TEMP B-TREE/);
    const searchPlan = plan(`SELECT ${columns} FROM ${HISTORY_TABLE} WHERE ${matches} ${order}`);
    expect(searchPlan).toMatch(/SCAN caveman_app_history USING INDEX caveman_app_history_newest/);
    expect(searchPlan).not.toMatch(/TEMP B-TREE/);
    expect(plan(`SELECT count(*) FROM ${HISTORY_TABLE} WHERE ${matches}`)).toMatch(/COVERING INDEX caveman_app_history_newest/);
    // Oldest first walks the same index backwards.
    expect(plan(`SELECT ${columns} FROM ${HISTORY_TABLE} ORDER BY created_at ASC, seq ASC LIMIT 50`)).not.toMatch(/TEMP B-TREE/);
    db.close();
  });

  it('puts at this size: a new payload is stored, a stored one shrunk otherwise records a shrink, like its latest records nothing', () => {
    // As many as the timed version made: one warm-up and REPEATS timed runs of each.
    const runs = (work: () => unknown) => Array.from({ length: REPEATS + 1 }, work);
    let n = 0;
    runs(() => store.put(Buffer.from(`fresh ${n++}`), { tokensBefore: 1, tokensAfter: 1 }));
    expect(store.history().total).toBe(ROWS + 1 + REPEATS + 1);
    // A stored payload shrunk again, alternately with and without shared sub-schemas: each put records a shrink.
    const again = payload(77);
    let shared = false;
    runs(() => {
      shared = !shared;
      return store.put(again, {
        tokensBefore: 100,
        tokensAfter: shared ? 30 : 40,
        ...(shared ? { compressor: 'toolschema+share-schemas', shareSchemas: true } : {}),
      });
    });
    runs(() => store.put(again, { tokensBefore: 100, tokensAfter: 40 }));
    expect(store.details(recoveryHandleFor(again))?.shrinks).toHaveLength(REPEATS + 2);
  });

  it('made every history row of the older store its first shrink', () => {
    const db = new Database(dbPath, { readonly: true });
    const counted = db
      .prepare(`SELECT count(*) AS n, count(DISTINCT handle) AS handles FROM ${SHRINKS_TABLE} WHERE id <= ?`)
      .get(ROWS - ROWS / EVERY_NTH_IS_FOREIGN);
    db.close();
    expect(counted).toEqual({ n: ROWS - ROWS / EVERY_NTH_IS_FOREIGN, handles: ROWS - ROWS / EVERY_NTH_IS_FOREIGN });
    expect(store.details(recoveryHandleFor(payload(1)))?.shrinks).toEqual([
      {
        id: 1,
        created_at: createdAt(1),
        compressor: 'toolschema',
        tokenizer: 'o200k_base',
        tokens_before: 100,
        tokens_after: 40,
        source_name: 'Catalog-1.json',
        visible: null,
      },
    ]);
  });
});
