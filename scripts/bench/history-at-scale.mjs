// History at scale: a store with 100,000 handles (inserted the way the Go
// tools write them, then picked up by the app's history table), timing the
// first history page (newest first, far down, sorted by other columns), a
// search, a put and a recover against a plain indexed SQLite point query on
// the same file in the same run. (test/main/store/history-performance.test.ts
// checks the answers and the query plans at this size, untimed.)
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { RecoveryStore } from '../../out/main/lib.js';
import { median } from './measure.mjs';

const GO_DDL = `CREATE TABLE IF NOT EXISTS recoveries (
  handle TEXT PRIMARY KEY, created_at TEXT NOT NULL, content_type TEXT NOT NULL, compressor TEXT NOT NULL,
  tokens_before INTEGER NOT NULL, tokens_after INTEGER NOT NULL, original BLOB NOT NULL, metadata BLOB)`;

export async function historyAtScale(count = 100_000) {
  const dir = mkdtempSync(join(tmpdir(), 'caveman-bench-history-'));
  const path = join(dir, 'ccr.db');
  try {
    const raw = new Database(path);
    raw.pragma('journal_mode = WAL');
    raw.exec(GO_DDL);
    const insert = raw.prepare('INSERT INTO recoveries VALUES (?,?,?,?,?,?,?,?)');
    const handles = [];
    const started = Date.UTC(2026, 0, 1);
    raw.transaction(() => {
      for (let i = 0; i < count; i++) {
        const original = Buffer.from(
          JSON.stringify({ tools: [{ name: `tool_${i}`, description: `Catalog number ${i}. `.repeat(8), inputSchema: { type: 'object' } }] }),
        );
        const handle = 'ccr_' + createHash('sha256').update(original).digest('hex').slice(0, 32);
        handles.push(handle);
        insert.run(handle, new Date(started + i * 1000).toISOString(), 'toolschema', 'toolschema', 200, 120, original, null);
      }
    })();
    raw.close();

    let syncMs = performance.now();
    const store = RecoveryStore.open(path);
    syncMs = performance.now() - syncMs;
    // Give every row a source name, as app-written rows have, so a name search has something to scan.
    const names = new Database(path);
    names.exec("UPDATE caveman_app_history SET source_name = 'tools-' || seq || '.json', source_key = 'tools-' || seq || '.json'");
    const point = names.prepare('SELECT handle, created_at FROM recoveries WHERE handle = ?');
    const probe = handles[Math.floor(count / 2)];

    const pointMs = await median(2001, () => point.get(probe));
    const firstPageMs = await median(201, () => store.history({ limit: 50 }));
    const searchMs = await median(21, () => store.history({ limit: 50, query: `tools-${Math.floor(count / 3)}.json` }));
    const handleSearchMs = await median(21, () => store.history({ limit: 50, query: probe.slice(4, 16) }));
    const recoverMs = await median(501, () => store.get(probe));
    const farPageMs = await median(21, () => store.history({ limit: 50, offset: Math.floor(count / 2) }));
    const sortedPageMs = {};
    for (const sort of ['source', 'tools', 'tokensBefore', 'tokensAfter', 'saved'])
      sortedPageMs[sort] = await median(21, () => store.history({ limit: 50, sort, direction: 'ascending' }));
    const total = store.history({ limit: 1 }).total;
    let fresh = 0;
    const putMs = await median(21, () => store.put(Buffer.from(`fresh payload ${fresh++}`), { tokensBefore: 1, tokensAfter: 1 }));
    names.close();
    store.close();
    return { handles: total, openAndSyncMs: syncMs, pointQueryMs: pointMs, firstPageMs, farPageMs, sortedPageMs, searchMs, handleSearchMs, putMs, recoverMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
