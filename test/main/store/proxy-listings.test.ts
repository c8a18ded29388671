// What the store keeps for the proxy: the MCP client each shrink was made
// for (a nullable column of our shrinks table, added in place to a store
// made before it), and the proxy's shrunk listings, bounded, the least
// recently used let go first.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RecoveryStore } from '../../../src/main/store/index';
import { writeCachedListing, readCachedListing } from '../../../src/main/store/listing-cache';
import { HISTORY_TABLE, RECOVERIES_DDL, SHRINKS_TABLE, historyDdl } from '../../../src/main/store/schema';
import { folderPerTest } from '../../helpers/temp-folder';

const tmp = folderPerTest('ccr-proxy-listings-');
const bytes = (text: string) => new TextEncoder().encode(text);
const META = { tokensBefore: 120, tokensAfter: 40, tokenizer: 'o200k_base', toolCount: 2, sourceName: 'mcp:server' };

describe('the client a shrink was made for', () => {
  it('is recorded with the shrink and shown in its details; a shrink without one has none', () => {
    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    const { handle } = store.put(bytes('catalog'), { ...META, clientInfo: { name: 'claude-code', version: '2.1.3' } });
    store.put(bytes('catalog'), { ...META, tokensAfter: 30 });
    const [latest, first] = store.details(handle)!.shrinks!;
    expect(first!.client).toEqual({ name: 'claude-code', version: '2.1.3' });
    expect(latest).not.toHaveProperty('client');
  });

  it('gets its column in a store made before it, in place, its shrinks kept', () => {
    const db = tmp.track(new Database(tmp.dbPath));
    db.exec(RECOVERIES_DDL);
    db.exec(historyDdl('main'));
    db.exec(`CREATE TABLE ${SHRINKS_TABLE} (id INTEGER PRIMARY KEY, handle TEXT NOT NULL, created_at TEXT NOT NULL, compressor TEXT NOT NULL,
      tokenizer TEXT NULL, tokens_before INTEGER NOT NULL, tokens_after INTEGER NOT NULL, source_name TEXT NULL)`);
    db.close();
    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    const { handle } = store.put(bytes('catalog'), { ...META, clientInfo: { name: 'codex', version: '0.1' } });
    expect(store.details(handle)!.shrinks![0]!.client).toEqual({ name: 'codex', version: '0.1' });
    const recoveriesColumns = (tmp.track(new Database(tmp.dbPath)).prepare(`SELECT name FROM pragma_table_info('recoveries')`).all() as { name: string }[]).map(
      (row) => row.name,
    );
    expect(recoveriesColumns).toEqual(['handle', 'created_at', 'content_type', 'compressor', 'tokens_before', 'tokens_after', 'original', 'metadata']);
    expect(HISTORY_TABLE).toBe('caveman_app_history');
  });
});

describe("the proxy's kept listings", () => {
  it('are found by key, marked used, and bounded: the least recently used go first', () => {
    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    store.cacheListing('a', { tools: bytes('[1]'), meta: '{}' });
    expect(store.cachedListing('a')).toEqual({ tools: bytes('[1]'), meta: '{}' });
    expect(store.cachedListing('b')).toBeUndefined();

    const db = tmp.track(new Database(tmp.dbPath));
    const kilobyte = { tools: new Uint8Array(1000), meta: '{}' };
    writeCachedListing(db, 'one', kilobyte, 1, 2100);
    writeCachedListing(db, 'two', kilobyte, 2, 2100);
    writeCachedListing(db, 'three', kilobyte, 3, 2100);
    expect(readCachedListing(db, 'one')).toBeUndefined();
    expect(readCachedListing(db, 'two')).toBeDefined();
    expect(readCachedListing(db, 'three')).toBeDefined();

    // Marked used now, 'three' is kept over 'four' and 'two' is the one to go.
    store.markListingUsed('three');
    writeCachedListing(db, 'four', kilobyte, 4, 2100);
    writeCachedListing(db, 'five', kilobyte, 5, 2100);
    expect(['two', 'three', 'four', 'five'].filter((key) => readCachedListing(db, key) !== undefined)).toEqual(['three', 'five']);
  });
});
