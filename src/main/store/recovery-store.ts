// The recovery store (SPEC §3): exact original bytes, addressed by content
// handle, in a SQLite file shared with the Go caveman tools. A handle is
// returned only after the original is durably committed; recovery never
// guesses and never returns bytes that do not hash to the handle.
import path from 'node:path';
import type { Statement } from 'better-sqlite3';
import { CavemanError } from '../../shared/errors.js';
import { isRecoveryHandle, recoveryHandleFor } from './handle.js';
import { HistoryMirror } from './history-mirror.js';
import { HistoryQueries, sourceKeyFor } from './history-query.js';
import { MEMORY_PATH, openConnection, type SqliteDatabase } from './open-connection.js';
import { putColumnsFor, type PutColumns } from './put-meta.js';
import { HISTORY_TABLE } from './schema.js';
import { DEFAULT_MAX_BYTES } from './store-path.js';
import { invalidBudgetError, mapStoreErrors, toStoreError, type StoreAction } from './store-errors.js';
import type { HistoryEntry, HistoryPage, HistoryQuery, OpenOptions, PutMeta, PutResult } from './types.js';

interface NewRow extends PutColumns {
  handle: string;
  createdAt: string;
  original: Buffer;
  bytes: number;
  sourceKey: string | null;
}

const INSERT_RECOVERY = `
INSERT INTO recoveries (handle, created_at, content_type, compressor, tokens_before, tokens_after, original, metadata)
VALUES (:handle, :createdAt, :contentType, :compressor, :tokensBefore, :tokensAfter, :original, :metadata)`;

const INSERT_HISTORY = `
INSERT INTO ${HISTORY_TABLE} (handle, created_at, bytes, tokens_before, tokens_after, content_type, compressor,
  source_name, tool_count, tokenizer, source_key)
VALUES (:handle, :createdAt, :bytes, :tokensBefore, :tokensAfter, :contentType, :compressor,
  :sourceName, :toolCount, :tokenizer, :sourceKey)`;

// Our normalised time when the history row exists (it does after a sync).
const EXISTING_CREATED_AT = `
SELECT coalesce(h.created_at, caveman_created_at(r.created_at))
FROM recoveries AS r LEFT JOIN ${HISTORY_TABLE} AS h ON h.handle = r.handle
WHERE r.handle = ?`;

function validMaxBytes(value: number | undefined): number {
  if (value === undefined) return DEFAULT_MAX_BYTES;
  if (Number.isSafeInteger(value) && value > 0) return value;
  throw invalidBudgetError('maxBytes', String(value));
}

/** A Buffer over the same memory (no copy), which is what better-sqlite3 binds as a BLOB. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function describeHandle(handle: unknown): string {
  const text = String(handle);
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

export class RecoveryStore {
  private readonly mirror: HistoryMirror;
  private readonly queries: HistoryQueries;
  private readonly insertRecovery: Statement<[NewRow]>;
  private readonly insertHistory: Statement<[NewRow]>;
  private readonly selectOriginal: Statement<[string], unknown>;
  private readonly selectHandle: Statement<[string], unknown>;
  private readonly existingCreatedAt: Statement<[string], string>;
  private readonly deleteRecovery: Statement<[string], number>;
  private readonly deleteHistory: Statement<[string]>;
  private closed = false;

  private constructor(
    private readonly db: SqliteDatabase,
    private readonly writable: boolean,
    /** Absolute path of the database file, or ':memory:'. */
    readonly path: string,
    /** Retained original bytes allowed in total. */
    readonly maxBytes: number,
    private readonly clock: () => Date,
    /** Run after the connection is closed (see openConnection). */
    private readonly afterClose: () => void,
  ) {
    this.mirror = new HistoryMirror(db, writable);
    this.queries = new HistoryQueries(db);
    this.insertRecovery = db.prepare(INSERT_RECOVERY);
    this.insertHistory = db.prepare(INSERT_HISTORY);
    this.selectOriginal = db.prepare<[string], unknown>('SELECT original FROM recoveries WHERE handle = ?').pluck();
    this.selectHandle = db.prepare<[string], unknown>('SELECT 1 FROM recoveries WHERE handle = ?').pluck();
    this.existingCreatedAt = db.prepare<[string], string>(EXISTING_CREATED_AT).pluck();
    this.deleteRecovery = db.prepare<[string], number>('DELETE FROM recoveries WHERE handle = ? RETURNING octet_length(original)').pluck();
    this.deleteHistory = db.prepare(`DELETE FROM ${HISTORY_TABLE} WHERE handle = ?`);
    this.mirror.refresh();
  }

  /**
   * Opens (creating when missing, folder 0700 and file 0600) the store at
   * `storePath`, or an in-memory one for ':memory:'. A file that can be read
   * but not written opens read-only: get and history work, writes throw
   * cave_store_readonly. Throws cave_store_unavailable / _corrupt / _busy.
   */
  static open(storePath: string, options: OpenOptions = {}): RecoveryStore {
    const maxBytes = validMaxBytes(options.maxBytes);
    const dbPath = storePath === MEMORY_PATH ? storePath : path.resolve(storePath);
    const { db, writable, afterClose } = openConnection(dbPath, options.readonly === true);
    try {
      return new RecoveryStore(db, writable, dbPath, maxBytes, options.clock ?? (() => new Date()), afterClose);
    } catch (error) {
      db.close();
      afterClose();
      throw toStoreError(error, dbPath, 'open');
    }
  }

  /** True when this store can only be read (a read-only file, folder or open option). */
  get readOnly(): boolean {
    return !this.writable;
  }

  /**
   * Stores `original` and returns its handle, only after COMMIT. Storing bytes
   * already present returns the existing handle (created=false) and rewrites
   * nothing. Refuses with cave_store_full, writing nothing, when the new bytes
   * would take the retained total over maxBytes. `knownHandle`, when the caller
   * already took it (the shrink does, on a worker), must be
   * recoveryHandleFor(original): it is not checked again here.
   */
  put(original: Uint8Array, meta: PutMeta, knownHandle?: string): PutResult {
    if (!(original instanceof Uint8Array)) {
      throw new CavemanError('cave_bad_request', 'the original must be bytes (a Uint8Array) — nothing was stored');
    }
    const columns = putColumnsFor(meta);
    const handle = knownHandle ?? recoveryHandleFor(original);
    const result = this.write('store', () => this.putInTransaction(handle, original, columns));
    if (result.created) this.mirror.recordOwnWrite(original.byteLength);
    return result;
  }

  /** The exact stored bytes; cave_not_found for unknown or malformed handles, cave_hash_mismatch for damaged rows. */
  get(handle: string): Uint8Array {
    this.assertOpen();
    if (!isRecoveryHandle(handle)) {
      const message = `${describeHandle(handle)} is malformed: a recovery handle is ccr_ followed by 32 lowercase hex digits`;
      throw new CavemanError('cave_not_found', message);
    }
    const stored = mapStoreErrors(this.path, 'read', () => this.selectOriginal.get(handle));
    if (stored === undefined) {
      throw new CavemanError('cave_not_found', `no original is stored under ${handle} in the recovery store at ${this.path}`);
    }
    return this.verified(handle, stored);
  }

  has(handle: string): boolean {
    this.assertOpen();
    if (!isRecoveryHandle(handle)) return false;
    return mapStoreErrors(this.path, 'read', () => this.selectHandle.get(handle) !== undefined);
  }

  /** The history entry for `handle`, or undefined when nothing is stored under it. */
  details(handle: string): HistoryEntry | undefined {
    this.assertOpen();
    if (!isRecoveryHandle(handle)) return undefined;
    return this.read(() => this.queries.entry(handle));
  }

  /** Removes the original and its history entry together; false when nothing was stored under `handle`. */
  delete(handle: string): boolean {
    if (!isRecoveryHandle(handle)) {
      this.assertOpen();
      return false;
    }
    const freed = this.write('delete', () => {
      const bytes = this.deleteRecovery.get(handle);
      this.deleteHistory.run(handle);
      return bytes;
    });
    if (freed === undefined) return false;
    this.mirror.recordOwnWrite(-freed);
    return true;
  }

  /** Sum of the lengths of every stored original (rows from other tools included). */
  retainedBytes(): number {
    this.assertOpen();
    return this.read(() => this.mirror.retainedBytes);
  }

  /** A page of history, newest first; `total` counts every entry matching `query`. */
  history(request: HistoryQuery = {}): HistoryPage {
    this.assertOpen();
    return this.read(() => this.queries.list(request));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
    this.afterClose();
  }

  private putInTransaction(handle: string, original: Uint8Array, columns: PutColumns): PutResult {
    const existing = this.existingCreatedAt.get(handle);
    if (existing !== undefined) return { handle, created: false, createdAt: existing };
    this.assertWithinBudget(original.byteLength);
    const createdAt = this.clock().toISOString();
    const row: NewRow = {
      ...columns,
      handle,
      createdAt,
      original: asBuffer(original),
      bytes: original.byteLength,
      sourceKey: sourceKeyFor(columns.sourceName ?? undefined),
    };
    this.insertRecovery.run(row);
    this.insertHistory.run(row);
    return { handle, created: true, createdAt };
  }

  private assertWithinBudget(incoming: number): void {
    const retained = this.mirror.retainedBytes;
    if (retained + incoming <= this.maxBytes) return;
    const message =
      `the recovery store at ${this.path} is full: ${incoming} more bytes would exceed its budget of ` +
      `${this.maxBytes} bytes (${retained} already retained) — nothing was stored; ` +
      'raise CAVEMAN_CCR_MAX_BYTES or delete old entries';
    throw new CavemanError('cave_store_full', message);
  }

  private verified(handle: string, stored: unknown): Uint8Array {
    let bytes: Uint8Array | undefined;
    if (stored instanceof Uint8Array) bytes = new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength);
    else if (typeof stored === 'string') bytes = new TextEncoder().encode(stored);
    if (bytes === undefined || recoveryHandleFor(bytes) !== handle) {
      const message =
        `the bytes stored under ${handle} in the recovery store at ${this.path} do not match the handle's hash; ` +
        'the row is damaged and was not returned';
      throw new CavemanError('cave_hash_mismatch', message);
    }
    return bytes;
  }

  /** Runs a read after bringing history up to date with other writers. */
  private read<T>(work: () => T): T {
    return mapStoreErrors(this.path, 'read', () => {
      this.mirror.refresh();
      return work();
    });
  }

  /** Runs `work` in one BEGIN IMMEDIATE transaction, after syncing history inside it. */
  private write<T>(action: StoreAction, work: () => T): T {
    this.assertOpen();
    if (!this.writable) {
      const outcome = action === 'delete' ? 'nothing was deleted' : 'nothing was stored';
      throw new CavemanError('cave_store_readonly', `the recovery store at ${this.path} is read-only — ${outcome}`);
    }
    const state = { synced: false };
    try {
      return this.db
        .transaction(() => {
          state.synced = this.mirror.refresh();
          return work();
        })
        .immediate();
    } catch (error) {
      // A sync inside a rolled-back transaction was undone too: sync again next time.
      if (state.synced) this.mirror.invalidate();
      throw toStoreError(error, this.path, action);
    }
  }

  private assertOpen(): void {
    if (this.closed) {
      throw new CavemanError('cave_store_unavailable', `the recovery store at ${this.path} has been closed`);
    }
  }
}
