// docs/transform.md, docs/store.md for a long-running host: the browser host
// keeps its store open, and the file at the store's path can change under it —
// deleted, replaced with garbage, or made unwritable (chattr +i) — while it
// runs. Whatever happens, a handle the host reports must recover from a fresh
// process, a shrink it cannot store passes the catalog through with the
// reason, and the host itself stays up (a frozen -shm used to be a SIGBUS).

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { errorSentence } from '../../src/shared/errors';
import { runCommand } from '../helpers/cli';
import { canMakeReadOnly } from '../helpers/read-only';
import { folderPerFile } from '../helpers/temp-folder';
import { distinctCatalog, expectedHandle } from './helpers/catalogs';
import { openHostSession, type FinishedJob, type HostSession } from './helpers/host-client';
import { startBrowserHost, type BrowserHostProcess } from './helpers/processes';

const root = folderPerFile('caveman-rel-host-store-');
const SIDECARS = ['', '-wal', '-shm'];
const CHATTR_SKIP =
  process.getuid?.() !== 0 ? 'needs root for chattr +i' : !canMakeReadOnly() && 'chattr is not available here (it needs an ext-family file system)';

let running: { host: BrowserHostProcess; session: HostSession } | undefined;
const undo: (() => void)[] = [];
afterEach(async () => {
  for (const step of undo.splice(0).reverse()) step();
  if (!running) return;
  running.session.close();
  running.host.child.kill('SIGINT');
  await running.host.exited;
  running = undefined;
});

/** A host on a fresh store that has already shrunk (and stored) one catalog. */
async function hostWithOneShrink(name: string): Promise<{ store: string; host: BrowserHostProcess; session: HostSession }> {
  const store = join(root, name, 'ccr.db');
  const host = await startBrowserHost(store);
  const session = await openHostSession({ port: host.port, token: host.token });
  running = { host, session };
  const first = distinctCatalog(name, 0);
  expect((await session.analyze(`${name}-0.json`, first)).outcome.report?.recovery_handle).toBe(expectedHandle(first));
  return { store, host, session };
}

/** The job's outcome, or the way the host died before it finished. */
async function analyzeOrDeath(host: BrowserHostProcess, session: HostSession, name: string, bytes: Uint8Array): Promise<FinishedJob | string> {
  const died = host.exited.then(({ code, signal }) => `the host died (${signal ?? `exit ${code}`}) before the job finished`);
  // The session fails when the event stream closes, which is the host going away.
  return Promise.race([session.analyze(name, bytes).catch(() => died), died]);
}

/** A handle handed out must come back byte for byte through the CLI, on a connection of its own (not the host's). */
async function expectRecoverable(store: string, handle: string, bytes: Uint8Array): Promise<void> {
  const recovered = await runCommand(['recover', handle, '--store', store]);
  expect(recovered.stderr).toBe('');
  expect(recovered.stdout.equals(Buffer.from(bytes))).toBe(true);
}

describe('the store file changes under a running browser host', () => {
  it('deleted: the next shrink stores into a new file at the path, and its handle recovers through the CLI', async () => {
    const { store, host, session } = await hostWithOneShrink('deleted');
    for (const suffix of SIDECARS) rmSync(store + suffix, { force: true });
    const bytes = distinctCatalog('deleted', 1);
    const second = await analyzeOrDeath(host, session, 'deleted-1.json', bytes);
    if (typeof second === 'string') throw new Error(second);
    const handle = second.outcome.report?.recovery_handle;
    expect(handle).toBe(expectedHandle(bytes));
    await expectRecoverable(store, handle!, bytes);
  }, 60_000);

  it('replaced with garbage: the shrink passes through and says why; the garbage is left as it is', async () => {
    const { store, host, session } = await hostWithOneShrink('garbage');
    for (const suffix of SIDECARS) rmSync(store + suffix, { force: true });
    const garbage = Buffer.from('not a database at all\n'.repeat(500));
    writeFileSync(store, garbage);
    const second = await analyzeOrDeath(host, session, 'garbage-1.json', distinctCatalog('garbage', 1));
    if (typeof second === 'string') throw new Error(second);
    // A handle here would name a row in a file no process can open.
    expect(second.outcome.report).not.toHaveProperty('recovery_handle');
    expect(second.outcome.report?.pass_through?.reason).toBe('store_error');
    expect(second.outcome.report?.error).toMatchObject({ code: 'cave_store_corrupt', outcome: { left: 'nothing_stored' } });
    expect(errorSentence(second.outcome.report!.error!)).toMatch(/is damaged or is not a SQLite database .*nothing was stored$/);
    expect(readFileSync(store).equals(garbage)).toBe(true);
    for (const suffix of ['-wal', '-shm']) expect(existsSync(store + suffix), suffix).toBe(false);
  }, 60_000);

  it.skipIf(CHATTR_SKIP)(
    'made immutable (chattr +i on the database, -wal and -shm): the shrink passes through with the reason, the host ' +
      'stays up, and works again once the files are writable',
    async () => {
      const { store, host, session } = await hostWithOneShrink('frozen');
      for (const suffix of SIDECARS) {
        if (!existsSync(store + suffix)) continue;
        execFileSync('chattr', ['+i', store + suffix]);
        undo.push(() => execFileSync('chattr', ['-i', store + suffix]));
      }
      const second = await analyzeOrDeath(host, session, 'frozen-1.json', distinctCatalog('frozen', 1));
      if (typeof second === 'string') throw new Error(second);
      expect(second.outcome.report).not.toHaveProperty('recovery_handle');
      expect(second.outcome.report?.error).toMatchObject({
        code: 'cave_store_readonly',
        message: expect.stringMatching(/cannot be written \(it was made immutable while it was open, EPERM\) — nothing was stored/),
      });

      // The host still answers, and once the files can be written the same host stores again.
      for (const step of undo.splice(0).reverse()) step();
      const bytes = distinctCatalog('frozen', 2);
      const third = await analyzeOrDeath(host, session, 'frozen-2.json', bytes);
      if (typeof third === 'string') throw new Error(third);
      expect(third.outcome.report?.recovery_handle).toBe(expectedHandle(bytes));
      await expectRecoverable(store, expectedHandle(bytes), bytes);
    },
    60_000,
  );
});
