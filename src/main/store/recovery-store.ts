// The recovery store (docs/store.md): exact original bytes, addressed by content
// handle, in a SQLite file shared with the Go caveman tools. A handle is
// returned only after the original is durably committed; recovery never
// guesses and never returns bytes that do not hash to the handle.
import path from 'node:path';
import { CavemanError, NOTHING_STORED } from '../../shared/errors';
import { isRecoveryHandle, recoveryHandleFor } from './handle';
import { encodeModelTokens } from './model-tokens';
import type { VisibleTokens } from '../../shared/contracts';
import { sourceKeyFor } from './history-query';
import { MEMORY_PATH } from './open-connection';
import { putColumnsFor, type PutColumns } from './put-meta';
import { DEFAULT_MAX_BYTES } from './store-path';
import { failedAction, invalidBudgetError, mapStoreErrors, outcomeClause, outcomeOf, toStoreError, type StoreAction } from './store-errors';
import type { StoreFilesChange } from './store-file-marks';
import { StoreSession, type NewRow, type ShrinkFigures } from './store-session';
import type { HistoryEntry, HistoryPage, HistoryQuery, HistoryShrink, OpenOptions, PutMeta, PutResult } from './types';
import { readCachedListing, touchCachedListing, writeCachedListing, type CachedListing } from './listing-cache';
import { LISTINGS_TABLE, TOOL_CALLS_TABLE } from './schema';
import { addToolCalls, dayOf, listToolCalls, readToolCalls } from './tool-calls';
import type { ToolCallCount } from '../../shared/contracts';

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

const FILE_NAMES = { database: 'database file', wal: '-wal file', shm: '-shm file' } as const;

/** The refusal when the store's files were made unwritable under an open connection. */
function frozenError(dbPath: string, change: Extract<StoreFilesChange, { kind: 'frozen' }>, action: StoreAction): CavemanError {
  const why = change.code === 'EROFS' ? 'its file system became read-only' : 'it was made immutable';
  return new CavemanError(
    'cave_store_readonly',
    `the recovery store at ${dbPath} cannot be used while its ${FILE_NAMES[change.role]} cannot be written (${why} ` +
      `while it was open, ${change.code})${outcomeClause(action)}; ` +
      'it can be used again once it is writable',
  );
}

/** The refusal of a handle whose row went into a file that is no longer at the store's path. */
function movedDuringPutError(dbPath: string, role: keyof typeof FILE_NAMES): CavemanError {
  return new CavemanError(
    'cave_store_unavailable',
    `the recovery store's ${FILE_NAMES[role]} at ${dbPath} was deleted or replaced while the original was being stored, ` +
      'so the original is not in the file at that path — nothing was stored there; shrink again to store it in the file now at that path',
  );
}

/** The same options, tokenizer, counts and source: the same shrink again (a proxy lists the same tools over and over). */
function sameShrink(latest: ShrinkFigures, columns: PutColumns): boolean {
  return (
    latest.compressor === columns.compressor &&
    latest.tokenizer === columns.tokenizer &&
    latest.tokens_before === columns.tokensBefore &&
    latest.tokens_after === columns.tokensAfter &&
    latest.calls === columns.calls &&
    (columns.sourceName === null || latest.source_name === columns.sourceName)
  );
}

export type { CachedListing };

export class RecoveryStore {
  /** The open connection; undefined once it was let go (see live), until the next use opens the file at the path again. */
  private session: StoreSession | undefined;
  private closed = false;

  private constructor(
    session: StoreSession,
    /** Absolute path of the database file, or ':memory:'. */
    readonly path: string,
    /** Retained original bytes allowed in total. */
    readonly maxBytes: number,
    private readonly clock: () => Date,
    private readonly readonlyOption: boolean,
  ) {
    this.session = session;
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
    const readonly = options.readonly === true;
    const session = mapStoreErrors(dbPath, 'open', () => StoreSession.open(dbPath, readonly));
    return new RecoveryStore(session, dbPath, maxBytes, options.clock ?? (() => new Date()), readonly);
  }

  /** True when this store can only be read (a read-only file, folder or open option). */
  get readOnly(): boolean {
    return this.session ? !this.session.writable : this.readonlyOption;
  }

  /**
   * Stores `original` and returns its handle, only after COMMIT, and only
   * when the row is in the file at the store's path. Storing bytes
   * already present returns the existing handle (created=false) and leaves
   * the original as it is; the shrink is recorded (and history shows it)
   * unless it is like the latest shrink of that original. Refuses with cave_store_full, writing nothing, when the new bytes
   * would take the retained total over maxBytes. `knownHandle`, when the caller
   * already took it (the shrink does, on a worker), must be
   * recoveryHandleFor(original): it is not checked again here.
   */
  put(original: Uint8Array, meta: PutMeta, knownHandle?: string): PutResult {
    if (!(original instanceof Uint8Array)) {
      throw new CavemanError('cave_bad_request', 'the original must be bytes (a Uint8Array)', { outcome: NOTHING_STORED });
    }
    const columns = putColumnsFor(meta);
    const handle = knownHandle ?? recoveryHandleFor(original);
    const session = this.live('store');
    const result = this.write(session, 'store', () => this.putInTransaction(session, handle, original, columns));
    if (result.created) session.mirror.recordOwnWrite(original.byteLength);
    // Committed, but into the files this connection holds: the handle goes out only if they are still the ones at the path.
    const change = session.changeAt(this.path);
    if (change) {
      this.letGo(session);
      if (change.kind === 'moved' && change.role !== 'shm') throw movedDuringPutError(this.path, change.role);
    }
    return result;
  }

  /** The exact stored bytes; cave_not_found for unknown or malformed handles, cave_hash_mismatch for damaged rows. */
  get(handle: string): Uint8Array {
    this.assertOpen();
    if (!isRecoveryHandle(handle)) {
      const message = `${describeHandle(handle)} is malformed: a recovery handle is ccr_ followed by 32 lowercase hex digits`;
      throw new CavemanError('cave_not_found', message);
    }
    const session = this.live('read');
    const stored = mapStoreErrors(this.path, 'read', () => session.selectOriginal.get(handle));
    if (stored === undefined) {
      throw new CavemanError('cave_not_found', `no original is stored under ${handle} in the recovery store at ${this.path}`);
    }
    return this.verified(handle, stored);
  }

  has(handle: string): boolean {
    this.assertOpen();
    if (!isRecoveryHandle(handle)) return false;
    const session = this.live('read');
    return mapStoreErrors(this.path, 'read', () => session.selectHandle.get(handle) !== undefined);
  }

  /** The history entry for `handle` with every shrink of it (`shrinks`, newest first), or undefined when nothing is stored under it. */
  details(handle: string): HistoryEntry | undefined {
    this.assertOpen();
    if (!isRecoveryHandle(handle)) return undefined;
    return this.read((session) => session.queries.entry(handle));
  }

  /** One shrink of `handle` (by its id; the latest without one), or undefined when there is no such shrink. */
  shrink(handle: string, id?: number): HistoryShrink | undefined {
    const shrinks = this.details(handle)?.shrinks ?? [];
    return id === undefined ? shrinks[0] : shrinks.find((shrink) => shrink.id === id);
  }

  /**
   * Records what the model saw of a shrink of `handle`, known once its
   * renderings are counted (after the original was committed): on the newest
   * shrink with `shrink`'s tokenizer and counts, and on the history row while
   * it shows that shrink. False when no such shrink is stored (deleted
   * meanwhile). Throws cave_store_readonly on a read-only store.
   */
  recordModelTokens(handle: string, shrink: { tokenizer: string | null; tokensBefore: number; tokensAfter: number }, visible: VisibleTokens): boolean {
    const session = this.live('store');
    const row = { handle, ...shrink, modelTokens: encodeModelTokens(visible) };
    return this.write(session, 'store', () => {
      const recorded = session.recordModelTokens!.shrink.run(row).changes > 0;
      session.recordModelTokens!.history.run(row);
      return recorded;
    });
  }

  /** Removes the original and its history entry together; false when nothing was stored under `handle`. */
  delete(handle: string): boolean {
    if (!isRecoveryHandle(handle)) {
      this.assertOpen();
      return false;
    }
    const session = this.live('delete');
    const freed = this.write(session, 'delete', () => {
      const bytes = session.deleteRecovery.get(handle);
      session.deleteHistory.run(handle);
      return bytes;
    });
    if (freed === undefined) return false;
    session.mirror.recordOwnWrite(-freed);
    return true;
  }

  /** A listing the proxy kept under `key` (listing-cache.ts); undefined when none is, or the store has no such table. */
  cachedListing(key: string): CachedListing | undefined {
    const session = this.live('read');
    return mapStoreErrors(this.path, 'read', () => (session.hasTable(LISTINGS_TABLE) ? readCachedListing(session.db, key) : undefined));
  }

  /** Marks the listing kept under `key` used now, so it goes last when room is needed; a read-only store leaves it. */
  markListingUsed(key: string): void {
    const session = this.live('read');
    if (!session.writable) return;
    mapStoreErrors(this.path, 'store', () => session.hasTable(LISTINGS_TABLE) && touchCachedListing(session.db, key, this.clock().getTime()));
  }

  /** Keeps a listing the proxy made under `key`, within the kept listings' bound. */
  cacheListing(key: string, listing: CachedListing): void {
    const session = this.live('store');
    if (!session.writable) throw new CavemanError('cave_store_readonly', `the recovery store at ${this.path} is read-only`);
    mapStoreErrors(this.path, 'store', () => writeCachedListing(session.db, key, listing, this.clock().getTime()));
  }

  /** Adds calls the proxy relayed (per tool name) to `server`'s count for today; a read-only store leaves them. */
  recordToolCalls(server: string, counts: ReadonlyMap<string, number>): void {
    const session = this.live('store');
    if (!session.writable) return;
    mapStoreErrors(this.path, 'store', () => addToolCalls(session.db, server, counts, dayOf(this.clock().getTime())));
  }

  /** Calls per tool of `server` in the last `days` days, today included (none when the store has no count yet). */
  toolCalls(server: string, days: number): Record<string, number> {
    const session = this.live('read');
    const since = dayOf(this.clock().getTime()) - days + 1;
    return mapStoreErrors(this.path, 'read', () => (session.hasTable(TOOL_CALLS_TABLE) ? readToolCalls(session.db, server, since) : {}));
  }

  /** Every server's tools called in the last `days` days, most called first. */
  listToolCalls(days: number): ToolCallCount[] {
    const session = this.live('read');
    const since = dayOf(this.clock().getTime()) - days + 1;
    return mapStoreErrors(this.path, 'read', () => (session.hasTable(TOOL_CALLS_TABLE) ? listToolCalls(session.db, since) : []));
  }

  /** Sum of the lengths of every stored original (rows from other tools included). */
  retainedBytes(): number {
    this.assertOpen();
    return this.read((session) => session.mirror.retainedBytes);
  }

  /** A page of history, newest first; `total` counts every entry matching `query`. With `shrinks`, each entry lists its shrinks. */
  history(request: HistoryQuery = {}): HistoryPage {
    this.assertOpen();
    return this.read((session) => session.queries.list(request));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    const session = this.session;
    this.session = undefined;
    session?.close(this.path);
    StoreSession.closeRetiredWhenSafe();
  }

  /**
   * The session to use now. When the files at the path are no longer its own,
   * it is let go: frozen files fail the call (touching the connection again
   * could be a SIGBUS); files deleted or replaced mean the file now at the
   * path is opened (and fails the call with its own error when it cannot be).
   */
  private live(action: StoreAction): StoreSession {
    this.assertOpen();
    let session = this.session;
    const change = session?.changeAt(this.path);
    if (session && change) {
      this.letGo(session);
      if (change.kind === 'frozen') throw frozenError(this.path, change, action);
      session = undefined;
    }
    if (!session) {
      StoreSession.closeRetiredWhenSafe();
      try {
        session = mapStoreErrors(this.path, 'open', () => StoreSession.open(this.path, this.readonlyOption));
      } catch (error) {
        throw failedAction(error as CavemanError, action);
      }
      this.session = session;
    }
    return session;
  }

  private letGo(session: StoreSession): void {
    if (this.session === session) this.session = undefined;
    session.close(this.path);
  }

  private putInTransaction(session: StoreSession, handle: string, original: Uint8Array, columns: PutColumns): PutResult {
    const existing = session.existingCreatedAt.get(handle);
    const row = (): NewRow => ({
      ...columns,
      handle,
      createdAt: this.clock().toISOString(),
      original: asBuffer(original),
      bytes: original.byteLength,
      sourceKey: sourceKeyFor(columns.sourceName ?? undefined),
    });
    if (existing !== undefined) {
      this.recordShrink(session, handle, columns, row);
      return { handle, created: false, createdAt: existing };
    }
    this.assertWithinBudget(session, original.byteLength);
    const first = row();
    session.insertRecovery.run(first);
    session.insertHistory.run(first);
    session.insertShrink.run(first);
    return { handle, created: true, createdAt: first.createdAt };
  }

  /** A shrink of an original already stored: recorded, and shown in history, unless it is like the latest one. */
  private recordShrink(session: StoreSession, handle: string, columns: PutColumns, row: () => NewRow): void {
    const latest = session.latestShrink.get({ handle });
    // No history row (cannot happen after the sync this transaction began with): nothing to record it against.
    if (latest === undefined || sameShrink(latest, columns)) return;
    session.keepFirstShrink.run({ handle });
    const shrink = row();
    session.insertShrink.run(shrink);
    session.showLatestShrink.run(shrink);
  }

  private assertWithinBudget(session: StoreSession, incoming: number): void {
    const retained = session.mirror.retainedBytes;
    if (retained + incoming <= this.maxBytes) return;
    const message =
      `the recovery store at ${this.path} is full: ${incoming} more bytes would exceed its budget of ` +
      `${this.maxBytes} bytes (${retained} already retained)${outcomeClause('store')}; ` +
      'raise CAVEMAN_CCR_MAX_BYTES or delete old entries';
    throw new CavemanError('cave_store_full', message);
  }

  private verified(handle: string, stored: unknown): Uint8Array {
    let bytes: Uint8Array | undefined;
    if (stored instanceof Uint8Array) bytes = new Uint8Array(stored.buffer, stored.byteOffset, stored.byteLength);
    else if (typeof stored === 'string') bytes = new TextEncoder().encode(stored);
    if (bytes === undefined || recoveryHandleFor(bytes) !== handle) {
      const message =
        `the bytes stored under ${handle} in the recovery store at ${this.path} do not match the handle's hash; ` + 'the row is damaged and was not returned';
      throw new CavemanError('cave_hash_mismatch', message);
    }
    return bytes;
  }

  /** Runs a read after bringing history up to date with other writers. */
  private read<T>(work: (session: StoreSession) => T): T {
    const session = this.live('read');
    return mapStoreErrors(this.path, 'read', () => {
      session.mirror.refresh();
      return work(session);
    });
  }

  /** Runs `work` in one BEGIN IMMEDIATE transaction, after syncing history inside it. */
  private write<T>(session: StoreSession, action: StoreAction, work: () => T): T {
    if (!session.writable) {
      const outcome = outcomeOf(action);
      throw new CavemanError('cave_store_readonly', `the recovery store at ${this.path} is read-only`, outcome ? { outcome } : {});
    }
    const state = { synced: false };
    try {
      return session.db
        .transaction(() => {
          state.synced = session.mirror.refresh();
          return work();
        })
        .immediate();
    } catch (error) {
      // A sync inside a rolled-back transaction was undone too: sync again next time.
      if (state.synced) session.mirror.invalidate();
      throw toStoreError(error, this.path, action);
    }
  }

  private assertOpen(): void {
    if (this.closed) {
      throw new CavemanError('cave_store_unavailable', `the recovery store at ${this.path} has been closed`);
    }
  }
}
