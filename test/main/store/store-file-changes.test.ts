// The file at an open store's path changes under it: it is
// deleted, replaced (with garbage, or with another store), replaced while an
// original is being stored, or made immutable. A handle may only be handed
// out when its row is in the file at the path; a frozen -shm must fail the
// call, never SIGBUS the process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RecoveryStore } from '../../../src/main/store/index';
import { caughtCavemanError } from '../../helpers/caught-error';
import { canMakeReadOnly } from '../../helpers/read-only';
import { folderPerTest } from '../../helpers/temp-folder';

const META = { tokensBefore: 10, tokensAfter: 4 };
const SIDECARS = ['', '-wal', '-shm'];
const tmp = folderPerTest('ccr-moved-');

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();
const removeStoreFiles = (dbPath: string) => SIDECARS.forEach((suffix) => fs.rmSync(dbPath + suffix, { force: true }));

/** What a fresh store at the path (another process, later) finds under `handle`. */
function freshGet(dbPath: string, handle: string): string {
  const fresh = RecoveryStore.open(dbPath, { readonly: true });
  try {
    return text(fresh.get(handle));
  } finally {
    fresh.close();
  }
}

describe("the file at an open store's path changes", () => {
  it('deleted: the next put goes into a new file at the path, and a fresh store recovers it', () => {
    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    const old = store.put(Buffer.from('before'), META).handle;
    removeStoreFiles(tmp.dbPath);
    const { handle } = store.put(Buffer.from('after the delete'), META);
    expect(freshGet(tmp.dbPath, handle)).toBe('after the delete');
    expect(store.history().entries.map((entry) => entry.handle)).toEqual([handle]);
    expect(caughtCavemanError(() => store.get(old)).code).toBe('cave_not_found');
  });

  it('replaced by another store: reads and writes follow the file now at the path', () => {
    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    store.put(Buffer.from('in the first file'), META);
    const other = path.join(tmp.path, 'other.db');
    const writer = RecoveryStore.open(other);
    const theirs = writer.put(Buffer.from('in the other store'), { ...META, sourceName: 'theirs.json' }).handle;
    writer.close();
    removeStoreFiles(tmp.dbPath);
    fs.renameSync(other, tmp.dbPath);
    expect(text(store.get(theirs))).toBe('in the other store');
    const { handle } = store.put(Buffer.from('written after the swap'), META);
    expect(freshGet(tmp.dbPath, handle)).toBe('written after the swap');
  });

  it('replaced with garbage: the put fails as the garbage file would, and leaves it untouched', () => {
    const store = tmp.track(RecoveryStore.open(tmp.dbPath));
    store.put(Buffer.from('before'), META);
    removeStoreFiles(tmp.dbPath);
    const garbage = Buffer.from('garbage, not a database\n'.repeat(400));
    fs.writeFileSync(tmp.dbPath, garbage);
    const error = caughtCavemanError(() => store.put(Buffer.from('after'), META));
    expect(error.code).toBe('cave_store_corrupt');
    expect(error.message).toMatch(/nothing was stored$/);
    expect(fs.readFileSync(tmp.dbPath).equals(garbage)).toBe(true);
    expect(SIDECARS.slice(1).filter((suffix) => fs.existsSync(tmp.dbPath + suffix))).toEqual([]);
  });

  it('deleted while the original is being stored: no handle is handed out, and the next put stores it at the path', () => {
    let deleteDuringPut = false;
    const clock = () => {
      // Called inside the put's transaction, after the store checked its files.
      if (deleteDuringPut) removeStoreFiles(tmp.dbPath);
      deleteDuringPut = false;
      return new Date();
    };
    const store = tmp.track(RecoveryStore.open(tmp.dbPath, { clock }));
    store.put(Buffer.from('before'), META);
    deleteDuringPut = true;
    const error = caughtCavemanError(() => store.put(Buffer.from('caught by the delete'), META));
    expect(error.code).toBe('cave_store_unavailable');
    expect(error.message).toMatch(/database file at .+ was deleted or replaced while the original was being stored/);
    const { handle, created } = store.put(Buffer.from('caught by the delete'), META);
    expect(created).toBe(true);
    expect(freshGet(tmp.dbPath, handle)).toBe('caught by the delete');
  });

  it.skipIf(process.getuid?.() !== 0 || !canMakeReadOnly())(
    'a -shm made immutable: every call fails with the reason, close keeps the process alive, and the store works once it is writable (child process; root)',
    () => {
      const child = fileURLToPath(new URL('./children/frozen-store.ts', import.meta.url));
      const run = spawnSync(process.execPath, ['--import', 'tsx', child, tmp.dbPath], { encoding: 'utf8' });
      // A child that died frozen leaves the -shm immutable: thaw it, or the folder cannot be removed.
      spawnSync('chattr', ['-i', `${tmp.dbPath}-shm`]);
      expect({ signal: run.signal, status: run.status, stderr: run.stderr }).toEqual({ signal: null, status: 0, stderr: '' });
      const { frozen, thawed } = JSON.parse(run.stdout) as Record<string, Record<string, { ok: boolean; code?: string; message?: string; value?: unknown }>>;
      const refusal = { ok: false, code: 'cave_store_readonly', message: expect.stringMatching(/-shm file cannot be written/) };
      expect(frozen).toEqual({
        put: {
          ...refusal,
          message: expect.stringMatching(/-shm file cannot be written \(it was made immutable while it was open, EPERM\) — nothing was stored/),
        },
        history: refusal,
        get: refusal,
        // A second store in the same process would share the frozen mapping: it is not opened.
        second: refusal,
        close: { ok: true },
      });
      expect(thawed).toEqual({ get: { ok: true, value: 'stored before the freeze' }, put: { ok: true, value: true } });
    },
  );
});
