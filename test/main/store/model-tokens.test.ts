// What the model saw of each shrink, kept in History: recorded on the shrink
// once counted, shown on the history row while it shows that shrink, null
// ("JSON only") for shrinks recorded without it; a store made before gets
// the nullable column in place, on our tables only, and a read-only one is
// read as it is.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { VisibleTokens } from '../../../src/shared/contracts';
import { RecoveryStore, recoveryHandleFor } from '../../../src/main/store/index';
import { decodeModelTokens } from '../../../src/main/store/model-tokens';
import { HISTORY_TABLE, RECOVERIES_DDL, SHRINKS_DDL, SHRINKS_TABLE, historyDdl } from '../../../src/main/store/schema';
import { folderPerTest } from '../../helpers/temp-folder';

const tmp = folderPerTest('ccr-model-tokens-');

function ticking(): () => Date {
  let tick = 0;
  return () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++));
}

const open = (options: Parameters<typeof RecoveryStore.open>[1] = {}) => tmp.track(RecoveryStore.open(tmp.dbPath, { clock: ticking(), ...options }));
const raw = () => tmp.track(new Database(tmp.dbPath));
const bytes = (text: string) => new TextEncoder().encode(text);
const columns = (db: Database.Database, table: string) =>
  (db.prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[]).map((c) => c.name);

const FIRST = { tokensBefore: 120, tokensAfter: 40, tokenizer: 'o200k_base', toolCount: 2, sourceName: 'tools.json' };
const SHARED = { ...FIRST, tokensAfter: 30, compressor: 'toolschema+share-schemas', shareSchemas: true };
const seen = (before: number, after: number): VisibleTokens => ({
  anthropic: { tokens_before: before, tokens_after: after },
  openai: { tokens_before: before - 10, tokens_after: after - 5 },
});
const shrinkOf = (figures: typeof FIRST) => ({ tokenizer: figures.tokenizer, tokensBefore: figures.tokensBefore, tokensAfter: figures.tokensAfter });

describe('what the model saw of each shrink', () => {
  it('is recorded on the shrink it was counted for, and shown on the history row while it shows that shrink', () => {
    const store = open();
    const { handle } = store.put(bytes('catalog'), FIRST);
    expect(store.history().entries[0]?.visible).toBeNull();
    expect(store.recordModelTokens(handle, shrinkOf(FIRST), seen(60, 50))).toBe(true);
    expect(store.history().entries[0]?.visible).toEqual(seen(60, 50));

    // Another shrink: the history row shows it, JSON only until its own figures come.
    store.put(bytes('catalog'), SHARED);
    expect(store.history().entries[0]).toMatchObject({ tokens_after: 30, visible: null });
    store.recordModelTokens(handle, shrinkOf(SHARED), seen(60, 45));
    expect(store.details(handle)?.shrinks?.map((shrink) => [shrink.tokens_after, shrink.visible])).toEqual([
      [30, seen(60, 45)],
      [40, seen(60, 50)],
    ]);
    expect(store.history().entries[0]?.visible).toEqual(seen(60, 45));

    // Figures for the earlier shrink again (it was opened again) land on it, not on the row showing the latest.
    store.recordModelTokens(handle, shrinkOf(FIRST), seen(61, 51));
    expect(store.history().entries[0]?.visible).toEqual(seen(60, 45));
    expect(store.details(handle)?.shrinks?.[1]?.visible).toEqual(seen(61, 51));

    store.delete(handle);
    expect(store.recordModelTokens(handle, shrinkOf(FIRST), seen(60, 50))).toBe(false);
  });

  it('orders History by what Claude sees, shrinks recorded without it last (descending) or first (ascending)', () => {
    const store = open();
    const a = store.put(bytes('a'), FIRST).handle;
    const b = store.put(bytes('b'), FIRST).handle;
    const jsonOnly = store.put(bytes('c'), FIRST).handle;
    store.recordModelTokens(a, shrinkOf(FIRST), seen(100, 90)); // 10%
    store.recordModelTokens(b, shrinkOf(FIRST), seen(100, 50)); // 50%
    const order = (sort: 'modelSaved' | 'modelBefore' | 'modelAfter', direction: 'ascending' | 'descending') =>
      store.history({ sort, direction }).entries.map((entry) => entry.handle);
    expect(order('modelSaved', 'descending')).toEqual([b, a, jsonOnly]);
    expect(order('modelSaved', 'ascending')).toEqual([jsonOnly, a, b]);
    expect(order('modelAfter', 'descending')).toEqual([a, b, jsonOnly]);
  });

  it('is added in place to a store made before: a nullable column on our tables, never on recoveries; its rows say JSON only', () => {
    const db = raw();
    db.exec(RECOVERIES_DDL);
    db.exec(historyDdl('main'));
    db.exec(SHRINKS_DDL);
    const original = Buffer.from('old');
    const handle = recoveryHandleFor(original);
    db.prepare('INSERT INTO recoveries VALUES (?, ?, ?, ?, ?, ?, ?, NULL)').run(
      handle,
      '2025-06-01T10:00:00.000Z',
      'toolschema',
      'toolschema',
      90,
      60,
      original,
    );
    const recoveriesBefore = columns(db, 'recoveries');
    const historyBefore = columns(db, HISTORY_TABLE);
    db.close();

    // Read-only first: nothing in the file is written, and the rows read as JSON only.
    const file = fs.readFileSync(tmp.dbPath);
    const reader = open({ readonly: true });
    expect(reader.history().entries).toMatchObject([{ handle, visible: null }]);
    expect(reader.details(handle)?.shrinks).toMatchObject([{ visible: null }]);
    reader.close();
    expect(fs.readFileSync(tmp.dbPath).equals(file)).toBe(true);

    const store = open();
    expect(store.history().entries).toMatchObject([{ handle, visible: null }]);
    store.close();
    open().close(); // opened again, nothing more to add
    const after = raw();
    expect(columns(after, 'recoveries')).toEqual(recoveriesBefore);
    expect(columns(after, HISTORY_TABLE)).toEqual([...historyBefore, 'model_tokens']);
    expect(columns(after, SHRINKS_TABLE)).toContain('model_tokens');
    expect(after.prepare(`SELECT type, "notnull" FROM pragma_table_info(?) WHERE name = 'model_tokens'`).get(HISTORY_TABLE)).toEqual({
      type: 'TEXT',
      notnull: 0,
    });
  });

  it('is read from a read-only store that recorded it', () => {
    const writer = open();
    const { handle } = writer.put(bytes('catalog'), FIRST);
    writer.recordModelTokens(handle, shrinkOf(FIRST), seen(70, 55));
    writer.close();
    const reader = open({ readonly: true });
    expect(reader.history().entries[0]?.visible).toEqual(seen(70, 55));
    expect(reader.details(handle)?.shrinks?.[0]?.visible).toEqual(seen(70, 55));
    expect(() => reader.recordModelTokens(handle, shrinkOf(FIRST), seen(1, 1))).toThrow(/read-only/);
  });

  it('reads text that does not hold the four counts as none', () => {
    expect(decodeModelTokens(JSON.stringify(seen(50, 40)))).toEqual(seen(50, 40));
    for (const text of [
      'not json',
      '{"anthropic":{"tokens_before":5,"tokens_after":4}}',
      '{"anthropic":{"tokens_before":-1,"tokens_after":4},"openai":{}}',
      'null',
    ])
      expect(decodeModelTokens(text)).toBeNull();
  });
});
