// Looks inside a store file with a fresh, read-only SQLite connection of its
// own (not through RecoveryStore), so what it reports is what any later
// process would find: the integrity check, every row and whether its bytes
// still hash to its handle, and the app's history rows.

import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

export interface StoreAudit {
  /** `PRAGMA integrity_check`, joined: "ok" for a sound file. */
  integrity: string;
  /** Every handle in `recoveries`, sorted. */
  handles: string[];
  /** Handles whose stored bytes do not hash to the handle (must be empty). */
  damaged: string[];
  /** Rows in the app's history table (it may not exist yet: 0). */
  historyRows: number;
  /** Rows in the app's shrinks table (it may not exist yet: 0). */
  shrinkRows: number;
  /** Handles of shrink rows without a history row (must be empty). */
  orphanShrinks: string[];
  /** handle → SHA-256 of the stored original, hex. */
  digests: Map<string, string>;
}

const handleOf = (bytes: Uint8Array) => `ccr_${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}`;

/** Audits the store at `path`; a missing file is an empty, sound store. */
export function auditStore(path: string): StoreAudit {
  if (!existsSync(path)) return { integrity: 'ok', handles: [], damaged: [], historyRows: 0, shrinkRows: 0, orphanShrinks: [], digests: new Map() };
  const db = new Database(path, { readonly: true, fileMustExist: true, timeout: 10_000 });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
    const hasTable = (name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    const handles: string[] = [];
    const damaged: string[] = [];
    const digests = new Map<string, string>();
    if (hasTable('recoveries')) {
      for (const row of db.prepare('SELECT handle, original FROM recoveries ORDER BY handle').iterate() as Iterable<{ handle: string; original: Buffer }>) {
        handles.push(row.handle);
        if (handleOf(row.original) !== row.handle) damaged.push(row.handle);
        digests.set(row.handle, createHash('sha256').update(row.original).digest('hex'));
      }
    }
    const historyRows = hasTable('caveman_app_history') ? (db.prepare('SELECT count(*) FROM caveman_app_history').pluck().get() as number) : 0;
    const shrinks = hasTable('caveman_app_shrinks');
    const shrinkRows = shrinks ? (db.prepare('SELECT count(*) FROM caveman_app_shrinks').pluck().get() as number) : 0;
    const orphanShrinks = shrinks
      ? (db
          .prepare(
            'SELECT DISTINCT handle FROM caveman_app_shrinks AS s WHERE NOT EXISTS (SELECT 1 FROM caveman_app_history AS h ' +
              'WHERE h.handle = s.handle) ORDER BY handle',
          )
          .pluck()
          .all() as string[])
      : [];
    return { integrity, handles, damaged, historyRows, shrinkRows, orphanShrinks, digests };
  } finally {
    db.close();
  }
}

export interface WalState {
  /** Size of the -wal file (0 when there is none). */
  bytes: number;
  /** Frames of the current WAL generation (their salts match the header). */
  frames: number;
  /** Frames after the last commit frame: a transaction that never committed. */
  uncommitted: number;
}

/**
 * Reads the -wal file's frame headers (format: sqlite.org/fileformat.html#the_write_ahead_log)
 * without opening the database, so it shows the file exactly as a killed writer left it.
 */
export function walState(path: string): WalState {
  const wal = `${path}-wal`;
  if (!existsSync(wal)) return { bytes: 0, frames: 0, uncommitted: 0 };
  const bytes = readFileSync(wal);
  if (bytes.length < 32) return { bytes: bytes.length, frames: 0, uncommitted: 0 };
  const pageSize = bytes.readUInt32BE(8);
  const salt = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  let frames = 0;
  let lastCommit = 0;
  for (let offset = 32; offset + 24 + pageSize <= bytes.length; offset += 24 + pageSize) {
    if (bytes.readUInt32BE(offset + 8) !== salt[0] || bytes.readUInt32BE(offset + 12) !== salt[1]) break;
    frames++;
    if (bytes.readUInt32BE(offset + 4) !== 0) lastCommit = frames;
  }
  return { bytes: bytes.length, frames, uncommitted: frames - lastCommit };
}
