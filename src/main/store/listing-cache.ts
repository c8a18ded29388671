// Listings the proxy made, kept so a listing seen before is answered without
// shrinking it again: by a key that hashes the server's listing and every
// option that shapes the answer (the caller makes it), bounded in bytes, the
// least recently used let go first. An app table of its own; nothing here
// touches `recoveries` or history.
import type { SqliteDatabase } from './open-connection';
import { LISTINGS_TABLE } from './schema';

/** What is kept of a listing: the tools' bytes and the caller's description of them (JSON text). */
export interface CachedListing {
  tools: Uint8Array;
  meta: string;
}

/** Kept listings in all (their tools and meta), before the least recently used go. */
export const MAX_CACHED_LISTING_BYTES = 64 * 1024 * 1024;

export function readCachedListing(db: SqliteDatabase, key: string): CachedListing | undefined {
  const row = db.prepare(`SELECT tools, meta FROM ${LISTINGS_TABLE} WHERE key = ?`).get(key) as { tools: Buffer; meta: string } | undefined;
  return row && { tools: new Uint8Array(row.tools.buffer, row.tools.byteOffset, row.tools.byteLength), meta: row.meta };
}

/** Marks a listing used now (it goes last when room is needed). */
export function touchCachedListing(db: SqliteDatabase, key: string, now: number): void {
  db.prepare(`UPDATE ${LISTINGS_TABLE} SET used_at = ? WHERE key = ?`).run(now, key);
}

/** Keeps `listing` under `key`, then lets the least recently used go until the rest fits the bound. */
export function writeCachedListing(db: SqliteDatabase, key: string, listing: CachedListing, now: number, maxBytes = MAX_CACHED_LISTING_BYTES): void {
  const bytes = listing.tools.byteLength + Buffer.byteLength(listing.meta);
  db.transaction(() => {
    db.prepare(`INSERT OR REPLACE INTO ${LISTINGS_TABLE} (key, used_at, bytes, tools, meta) VALUES (?, ?, ?, ?, ?)`).run(
      key,
      now,
      bytes,
      Buffer.from(listing.tools.buffer, listing.tools.byteOffset, listing.tools.byteLength),
      listing.meta,
    );
    const rows = db.prepare(`SELECT key, bytes FROM ${LISTINGS_TABLE} ORDER BY used_at DESC, rowid DESC`).all() as { key: string; bytes: number }[];
    let kept = 0;
    const drop = db.prepare(`DELETE FROM ${LISTINGS_TABLE} WHERE key = ?`);
    for (const row of rows) {
      kept += row.bytes;
      if (kept > maxBytes) drop.run(row.key);
    }
  }).immediate();
}
