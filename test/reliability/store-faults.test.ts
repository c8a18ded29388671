// docs/transform.md, docs/store.md when the store cannot do its job: for each fault injected into
// a store that already holds a catalog, the library answers the pass-through
// result with one typed error, the CLI passes the bytes through with a note
// (exit 0), recovery says what is wrong or still works, and nothing is half
// written: once the fault is undone the store holds exactly what it held
// before and takes new catalogs again. (test/main/store/store-failures.test.ts
// covers the RecoveryStore class itself; this is the whole path.)

import Database from 'better-sqlite3';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeErrors, validatorFor } from '../../src/main/contracts/contract-validator';
import { recover, shrink } from '../../src/main/lib';
import { RecoveryStore } from '../../src/main/store';
import { CONTRACT_IDS } from '../../src/shared/contracts';
import { CavemanError, type ErrorCode } from '../../src/shared/errors';
import { reportLine, runCommand } from '../helpers/cli';
import { canMakeReadOnly, makeReadOnly } from '../helpers/read-only';
import { distinctCatalog, expectedHandle } from './helpers/catalogs';
import { canMountTmpfs, checkpoint, fillDisk, fingerprint, holdWriteLock, mountTmpfs, scrambleBTreePages } from './helpers/faults';
import { auditStore } from './helpers/store-audit';

const SEED = distinctCatalog('seed', 0);
const SEED_HANDLE = expectedHandle(SEED);
const INPUT = distinctCatalog('fault', 1);
const validLine = validatorFor(CONTRACT_IDS.cliShrinkLine);

let dir: string;
let cleanups: (() => void)[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-rel-fault-'));
});
afterEach(() => {
  for (const undo of cleanups.reverse()) undo();
  cleanups = [];
  rmSync(dir, { recursive: true, force: true });
});

/** A closed store at `path` holding SEED. */
function seedStore(path: string): void {
  const store = RecoveryStore.open(path);
  store.put(SEED, { tokensBefore: 10, tokensAfter: 5, sourceName: 'seed.json' });
  store.close();
}

interface Injected {
  /** Where the library and the CLI are pointed. */
  store: string;
  /** The real store file behind `store`, checked after the fault is undone (none when there is no store). */
  real?: string;
  /** Environment for the call (e.g. a budget). */
  env?: Record<string, string>;
  /** Files whose bytes and mode must not change at all while the fault is in place. */
  untouched?: string[];
  /** Removes the fault (the store should then work again). */
  undo?: () => void | Promise<void>;
}

interface Fault {
  name: string;
  code: ErrorCode;
  /** The sentence must say what is wrong in words, not only an errno. */
  message?: RegExp;
  /** Whether SEED can still be recovered through `store` while the fault is in place. */
  seedReadable: boolean;
  inject(): Injected | Promise<Injected>;
  skip?: string | false;
}

const storeIn = (...parts: string[]) => join(dir, ...parts, 'ccr.db');
const READ_ONLY_SKIP = !canMakeReadOnly() && 'chattr is not available to root here (it needs an ext-family file system)';
const MOUNT_SKIP = !canMountTmpfs() && 'needs root with CAP_SYS_ADMIN to mount a small tmpfs';

function readOnly(targets: (store: string) => string[]): () => Injected {
  return () => {
    const store = storeIn('store');
    seedStore(store);
    const undo = targets(store).map((target) => makeReadOnly(target));
    return { store, real: store, untouched: [store], undo: () => undo.reverse().forEach((u) => u()) };
  };
}

/** A seeded store, checkpointed into its main file, whose bytes `damage` then spoils. */
function damaged(damage: (store: string) => void): () => Injected {
  return () => {
    const store = storeIn('store');
    seedStore(store);
    checkpoint(store);
    damage(store);
    return { store, untouched: [store] };
  };
}

const FAULTS: Fault[] = [
  { name: 'a read-only database file', code: 'cave_store_readonly', seedReadable: true, skip: READ_ONLY_SKIP, inject: readOnly((s) => [s]) },
  { name: 'a read-only store folder', code: 'cave_store_readonly', seedReadable: true, skip: READ_ONLY_SKIP, inject: readOnly((s) => [dirname(s)]) },
  {
    name: 'a read-only file in a read-only folder',
    code: 'cave_store_readonly',
    seedReadable: true,
    skip: READ_ONLY_SKIP,
    inject: readOnly((s) => [s, dirname(s)]),
  },
  {
    name: 'a full budget (CAVEMAN_CCR_MAX_BYTES)',
    code: 'cave_store_full',
    seedReadable: true,
    inject() {
      const store = storeIn('store');
      seedStore(store);
      return { store, real: store, env: { CAVEMAN_CCR_MAX_BYTES: String(SEED.length + 100) } };
    },
  },
  {
    name: 'a full disk (a 2 MiB tmpfs, filled up)',
    code: 'cave_store_full',
    seedReadable: true, // read from a private in-memory copy when SQLite cannot make its -shm file
    skip: MOUNT_SKIP,
    inject() {
      const disk = join(dir, 'disk');
      // 2 MiB: a seeded store of 64 KiB pages (schema, a row, the WAL's frames) outgrows 512 KiB before the disk is filled.
      cleanups.push(mountTmpfs(disk, '2m'));
      const store = join(disk, 'store', 'ccr.db');
      seedStore(store);
      const unfill = fillDisk(join(disk, 'filler'));
      return { store, real: store, untouched: [store], undo: unfill };
    },
  },
  {
    name: 'another process holding the write lock past the 5 s busy timeout',
    code: 'cave_store_busy',
    seedReadable: true,
    async inject() {
      const store = storeIn('store');
      seedStore(store);
      const lock = await holdWriteLock(store);
      return { store, real: store, untouched: [store], undo: () => lock.release() };
    },
  },
  {
    name: 'a file of garbage where the database should be',
    code: 'cave_store_corrupt',
    seedReadable: false,
    inject() {
      const store = storeIn('store');
      mkdirSync(dirname(store), { recursive: true });
      writeFileSync(store, Buffer.from('not a database, just text that happens to sit here\n'.repeat(200)));
      chmodSync(store, 0o644);
      return { store, untouched: [store] };
    },
  },
  {
    name: 'a database whose pages (after the header) were overwritten',
    code: 'cave_store_corrupt',
    seedReadable: false,
    inject: damaged(scrambleBTreePages),
  },
  {
    name: 'a database file cut off in the middle',
    code: 'cave_store_corrupt',
    seedReadable: false,
    inject: damaged((store) => {
      const bytes = readFileSync(store);
      writeFileSync(store, bytes.subarray(0, Math.floor(bytes.length / 2)));
    }),
  },
  {
    name: 'a symbolic link to a file that is not a store',
    code: 'cave_store_corrupt',
    seedReadable: false,
    inject() {
      const notes = join(dir, 'notes.txt');
      writeFileSync(notes, 'my own notes, not a database\n'.repeat(100));
      chmodSync(notes, 0o644);
      const store = storeIn('store');
      mkdirSync(dirname(store), { recursive: true });
      symlinkSync(notes, store);
      return { store, untouched: [notes, store] };
    },
  },
  {
    name: 'a symbolic link that leads nowhere',
    code: 'cave_store_unavailable',
    message: /is a symbolic link to .+gone\/ccr\.db, which does not exist/,
    seedReadable: false,
    inject() {
      const store = storeIn('store');
      mkdirSync(dirname(store), { recursive: true });
      symlinkSync(join(dir, 'gone', 'ccr.db'), store);
      return { store, untouched: [store, join(dir, 'gone')] };
    },
  },
  {
    name: 'a symbolic link loop',
    code: 'cave_store_unavailable',
    message: /cannot be opened: its path loops through symbolic links \(ELOOP\)/,
    seedReadable: false,
    inject() {
      const store = storeIn('store');
      mkdirSync(dirname(store), { recursive: true });
      symlinkSync(`${store}.other`, store);
      symlinkSync(store, `${store}.other`);
      return { store, untouched: [store, `${store}.other`] };
    },
  },
  {
    name: 'a parent folder that cannot be created (a file is in the way)',
    code: 'cave_store_unavailable',
    message: /cannot be used: part of its path is a file, not a folder \(ENOTDIR\)/,
    seedReadable: false,
    inject() {
      writeFileSync(join(dir, 'blocker'), 'a file, not a folder');
      return { store: join(dir, 'blocker', 'sub', 'ccr.db'), untouched: [join(dir, 'blocker')] };
    },
  },
  {
    name: 'a missing parent folder inside a read-only folder',
    code: 'cave_store_unavailable',
    message: /cannot be created: the folder .+ cannot be made \(permission denied, EPERM\)/,
    seedReadable: false,
    skip: READ_ONLY_SKIP,
    inject() {
      const parent = join(dir, 'locked');
      mkdirSync(parent);
      const undo = makeReadOnly(parent);
      return { store: join(parent, 'new', 'ccr.db'), untouched: [join(parent, 'new')], undo };
    },
  },
  {
    name: 'a folder where the database file should be',
    code: 'cave_store_unavailable',
    seedReadable: false,
    inject() {
      const store = storeIn('store');
      mkdirSync(store, { recursive: true });
      return { store, untouched: [store] };
    },
  },
];

/** Runs `work` with `env` applied to this process (the library reads CAVEMAN_CCR_MAX_BYTES from it). */
async function withEnv<T>(env: Record<string, string> | undefined, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env ?? {}).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    return await work();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

function caught(work: () => unknown): CavemanError | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(CavemanError);
    return error as CavemanError;
  }
}

describe('each store fault: a typed error in the library, pass-through in the CLI, nothing half-written', () => {
  it.each(FAULTS.map((fault) => [fault.name, fault] as const))(
    '%s',
    async (_name, fault) => {
      if (fault.skip) return void console.info(`skipped "${fault.name}": ${fault.skip}`);
      const injected = await fault.inject();
      let undone = false;
      const undo = async () => {
        if (!undone) await injected.undo?.();
        undone = true;
      };
      cleanups.push(() => void undo());
      const before = fingerprint(injected.untouched ?? []);
      try {
        // The library, then the CLI (in this process: the busy case waits out its timeout in each).
        const library = await withEnv(injected.env, () => shrink(INPUT, { store: injected.store }));
        const cli = await runCommand(['shrink', '--store', injected.store], { input: INPUT, ...(injected.env ? { env: injected.env } : {}) });

        // Library: the pass-through result and exactly one typed error naming the store.
        expect(library.error?.code).toBe(fault.code);
        expect(library.error?.message).toContain(injected.store);
        if (fault.message) expect(library.error?.message).toMatch(fault.message);
        expect(Buffer.from(library.result.output).equals(INPUT)).toBe(true);
        expect(library.result).not.toHaveProperty('recovery_handle');
        expect(library.result.pass_through?.reason).toBe('store_error');
        expect(library.result.tokens_after).toBe(library.result.tokens_before);

        // CLI: the original bytes on stdout, exit 0, one contract line with the error and a note.
        expect(cli.status).toBe(0);
        expect(cli.stdout.equals(INPUT)).toBe(true);
        const line = reportLine(cli);
        expect(validLine(line), describeErrors(validLine.errors)).toBe(true);
        expect(line).toMatchObject({ error: { code: fault.code }, pass_through: { reason: 'store_error' } });
        expect(line).not.toHaveProperty('recovery_handle');
        expect(line.note).toMatch(/nothing was stored/);

        // Recovery through the same path: still works, or one typed error (never wrong bytes).
        const failed = caught(() => expect(Buffer.from(recover(SEED_HANDLE, { store: injected.store })).equals(SEED)).toBe(true));
        if (fault.seedReadable) expect(failed).toBeUndefined();
        else expect(failed?.code).toMatch(/^cave_store_(corrupt|unavailable)$/);
        const recovered = await runCommand(['recover', SEED_HANDLE, '--store', injected.store]);
        if (fault.seedReadable) expect(recovered.stdout.equals(SEED)).toBe(true);
        else
          expect([recovered.status, recovered.stdout.length, recovered.stderr]).toEqual([
            1,
            0,
            expect.stringMatching(/^caveman-shrink recover: the recovery store at .+\n$/),
          ]);
        for (const run of [cli, recovered]) expect(run.stderr).not.toMatch(/\n\s+at /);

        // Nothing half-written: the files the fault involves are byte-for-byte and mode-for-mode as they were.
        expect(fingerprint(injected.untouched ?? [])).toEqual(before);
      } finally {
        await undo();
      }
      if (!injected.real) return;
      // Undone, the store holds exactly what it held (the seed) and takes new catalogs again.
      const after = auditStore(injected.real);
      expect([after.integrity, after.handles, after.damaged, after.historyRows]).toEqual(['ok', [SEED_HANDLE], [], 1]);
      const healed = await shrink(INPUT, { store: injected.real });
      expect(healed.error).toBeUndefined();
      expect(healed.result.recovery_handle).toBe(expectedHandle(INPUT));
    },
    60_000,
  );
});

describe('paths and contention the store takes in its stride', () => {
  it('missing parent folders: shrink creates them (0700, file 0600); read-only commands refuse with a typed error and create nothing', async () => {
    const store = join(dir, 'a', 'b', 'c', 'ccr.db');
    expect(() => recover(SEED_HANDLE, { store })).toThrow(expect.objectContaining({ code: 'cave_store_unavailable' }));
    const listed = await runCommand(['history', '--store', store]);
    expect([listed.status, listed.stderr]).toEqual([1, expect.stringMatching(/^caveman-shrink history: the recovery store at .+ does not exist/)]);
    expect(existsSync(join(dir, 'a'))).toBe(false);

    const { result, error } = await shrink(INPUT, { store });
    expect(error).toBeUndefined();
    expect(statSync(join(dir, 'a', 'b', 'c')).mode & 0o777).toBe(0o700);
    expect(statSync(store).mode & 0o777).toBe(0o600);
    const recovered = await runCommand(['recover', result.recovery_handle!, '--store', store]);
    expect(recovered.stdout.equals(INPUT)).toBe(true);
  });

  it('a store folder reached through a symbolic link works, and the rows live in the real folder', async () => {
    const real = storeIn('real');
    seedStore(real);
    symlinkSync(dirname(real), join(dir, 'link'));
    const viaLink = join(dir, 'link', 'ccr.db');
    const { result, error } = await shrink(INPUT, { store: viaLink });
    expect(error).toBeUndefined();
    expect(lstatSync(join(dir, 'link')).isSymbolicLink()).toBe(true);
    expect(auditStore(real).handles).toEqual([SEED_HANDLE, result.recovery_handle].sort());
    expect((await runCommand(['recover', SEED_HANDLE, '--store', viaLink])).stdout.equals(SEED)).toBe(true);
  });

  it('a database file that is a symbolic link to a store works; the link stays a link and the -wal sits beside the real file', async () => {
    const real = storeIn('real');
    seedStore(real);
    const alias = join(dir, 'alias.db');
    symlinkSync(real, alias);
    const { result, error } = await shrink(INPUT, { store: alias });
    expect(error).toBeUndefined();
    expect(lstatSync(alias).isSymbolicLink()).toBe(true);
    expect(existsSync(`${alias}-wal`)).toBe(false);
    expect(auditStore(real).handles).toContain(result.recovery_handle);
  });

  it('a write lock another process holds briefly: the shrink waits for it and succeeds', async () => {
    const store = storeIn('store');
    seedStore(store);
    // The holder lets go after 1 s by its own clock: well inside the 5 s busy timeout.
    const lock = await holdWriteLock(store, { releaseAfterMs: 1000 });
    const { result, error } = await shrink(INPUT, { store });
    await lock.release();
    expect(error).toBeUndefined();
    expect(result.recovery_handle).toBe(expectedHandle(INPUT));
  });

  it('a reader holding a read transaction open does not block a writer (WAL)', async () => {
    const store = storeIn('store');
    seedStore(store);
    const reader = new Database(store, { readonly: true });
    try {
      reader.exec('BEGIN');
      expect(reader.prepare('SELECT count(*) FROM recoveries').pluck().get()).toBe(1);
      const { error } = await shrink(INPUT, { store });
      expect(error).toBeUndefined();
      expect(reader.prepare('SELECT count(*) FROM recoveries').pluck().get()).toBe(1); // its snapshot
      reader.exec('COMMIT');
      expect(reader.prepare('SELECT count(*) FROM recoveries').pluck().get()).toBe(2);
    } finally {
      reader.close();
    }
  });
});
