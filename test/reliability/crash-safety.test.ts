// docs/transform.md, docs/store.md when a writer dies: a process shrinking (or storing) a stream
// of catalogs is killed with SIGKILL in the middle of its work, several times
// over on one store. A handle is printed only after its commit, so every
// handle a killed process printed must still recover byte for byte; the item
// it was working on is either wholly there or wholly absent; the file passes
// PRAGMA integrity_check; and the next process opens and writes normally.

import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecoveryStore } from '../../src/main/store';
import { reportLine, runCommand } from '../helpers/cli';
import { folderPerFile } from '../helpers/temp-folder';
import { bulkPayload, distinctCatalog, expectedHandle } from './helpers/catalogs';
import { openHostSession } from './helpers/host-client';
import { parseWriterLines, startBrowserHost, startWriter, type LineProcess } from './helpers/processes';
import { auditStore, walState } from './helpers/store-audit';

const PUT_BYTES = 4 * 1024 * 1024;

const store = join(folderPerFile('caveman-rel-crash-'), 'store', 'ccr.db');

/** Every handle a process printed, with the bytes it must give back. */
const promised = new Map<string, { who: string; bytes: Buffer }>();
/** Items a process had started but not reported when it was killed: in the store whole, or not at all. */
const unfinished = new Map<string, { who: string; bytes: Buffer }>();
const kills: string[] = [];
const walNotes: string[] = [];

async function kill(process: LineProcess, label: string): Promise<void> {
  process.child.kill('SIGKILL');
  const { signal } = await process.exited;
  expect(signal, `${label} should have died from SIGKILL`).toBe('SIGKILL');
  kills.push(label);
}

/** After a kill: what any later process finds, then a normal writable open and a write. */
function expectStoreSound(after: string): void {
  const audit = auditStore(store);
  expect(audit.integrity, after).toBe('ok');
  expect(audit.damaged, after).toEqual([]);
  expect(audit.orphanShrinks, after).toEqual([]);
  const present = new Set(audit.handles);
  expect(
    [...promised.keys()].filter((h) => !present.has(h)).map((h) => promised.get(h)!.who),
    `handles lost ${after}`,
  ).toEqual([]);

  const next = RecoveryStore.open(store);
  try {
    expect(next.readOnly).toBe(false);
    for (const [handle, { who, bytes }] of promised) expect(Buffer.from(next.get(handle)).equals(bytes), `${who} ${after}`).toBe(true);
    for (const [handle, { who, bytes }] of unfinished) {
      if (present.has(handle)) expect(Buffer.from(next.get(handle)).equals(bytes), `${who} (unfinished) ${after}`).toBe(true);
    }
    expect(next.history({ limit: 1 }).total).toBe(audit.handles.length);
    const probe = Buffer.from(`written by the next process ${after}`);
    expect(next.put(probe, { tokensBefore: 2, tokensAfter: 1 }).handle).toBe(expectedHandle(probe));
    promised.set(expectedHandle(probe), { who: `probe ${after}`, bytes: probe });
  } finally {
    next.close();
  }
}

describe('a library writer killed with SIGKILL in the middle of a stream of shrinks', () => {
  // Kill after this many finished shrinks; each round is a new process on the same store.
  const rounds = [1, 7, 19, 33];
  let from = 0;
  it.each(rounds.map((after, round) => [round, after] as const))('round %i: killed after %i handles', async (round, after) => {
    const prefix = `crash${round}`;
    const writer = startWriter({ store, prefix, count: 1000, from, mode: round % 2 === 0 ? 'own-store' : 'shrink' });
    await writer.waitForLines(after);
    await kill(writer, `library writer (round ${round}, after ${after} handles)`);
    const lines = parseWriterLines(writer.lines);
    expect(lines.length).toBeGreaterThanOrEqual(after);
    for (const line of lines) {
      expect(line.error, `${prefix}#${line.i}`).toBeUndefined();
      const bytes = distinctCatalog(prefix, line.i);
      expect(line.handle).toBe(expectedHandle(bytes));
      promised.set(line.handle!, { who: `${prefix}#${line.i}`, bytes });
    }
    const next = from + lines.length;
    const bytes = distinctCatalog(prefix, next);
    unfinished.set(expectedHandle(bytes), { who: `${prefix}#${next}`, bytes });
    from = next + 1;
    expectStoreSound(`after round ${round}`);
  });
});

describe('a writer killed with SIGKILL inside its write transaction (frozen there on purpose)', () => {
  it('a library shrink killed between its INSERT and its COMMIT', async () => {
    const prefix = 'frozen-shrink';
    const writer = startWriter({ store, prefix, count: 10, mode: 'own-store', freezeAt: 4 });
    await writer.waitForLine((line) => line === JSON.stringify({ frozen: 4 }));
    const wal = walState(store);
    await kill(writer, 'library writer (inside the commit of shrink #4)');
    const lines = parseWriterLines(writer.lines);
    expect(lines.map((line) => line.i)).toEqual([0, 1, 2, 3]);
    for (const line of lines) {
      const bytes = distinctCatalog(prefix, line.i);
      expect(line.handle).toBe(expectedHandle(bytes));
      promised.set(line.handle!, { who: `${prefix}#${line.i}`, bytes });
    }
    const frozen = expectedHandle(distinctCatalog(prefix, 4));
    expectStoreSound('after killing a shrink inside its transaction');
    expect(auditStore(store).handles).not.toContain(frozen);
    walNotes.push(`shrink #4: ${wal.uncommitted} uncommitted WAL frames at the kill`);
  });

  // 4 MiB fits SQLite's page cache (16 MB here): nothing of the dying transaction reached the WAL.
  // 20 MiB does not: part of it was already in the WAL file when the process died, and must be ignored.
  it.each([
    [1, PUT_BYTES, false],
    [1, 5 * PUT_BYTES, true],
  ] as const)('a raw store write #%i of %i bytes killed between its INSERT and its COMMIT (WAL already written: %s)', async (target, size, spills) => {
    const prefix = `frozen-bulk${target}-${size}`;
    const writer = startWriter({ store, prefix, count: target + 2, mode: 'put', bytes: size, freezeAt: target });
    await writer.waitForLine((line) => line === JSON.stringify({ frozen: target }));
    const wal = walState(store);
    await kill(writer, `raw store writer (inside write #${target} of ${size} bytes)`);
    const lines = parseWriterLines(writer.lines);
    expect(lines).toHaveLength(target);
    for (const line of lines) {
      const bytes = bulkPayload(prefix, line.i, size);
      expect(line.handle).toBe(expectedHandle(bytes));
      promised.set(line.handle!, { who: `${prefix}#${line.i}`, bytes });
    }
    if (spills) expect(wal.uncommitted).toBeGreaterThan(0);
    walNotes.push(`write #${target} of ${size} bytes: ${wal.uncommitted} uncommitted WAL frames at the kill`);
    expectStoreSound(`after killing write #${target} inside its transaction`);
    expect(auditStore(store).handles).not.toContain(expectedHandle(bulkPayload(prefix, target, size)));
  });

  it('a raw 4 MiB store writer killed the moment it begins write #2 (wherever that lands)', async () => {
    const prefix = 'bulk-begin';
    const writer = startWriter({ store, prefix, count: 5, mode: 'put', bytes: PUT_BYTES });
    await writer.waitForLine((line) => line === JSON.stringify({ begin: 2 }));
    await kill(writer, `raw store writer (as it began write #2 of ${PUT_BYTES} bytes)`);
    for (const line of parseWriterLines(writer.lines)) {
      const bytes = bulkPayload(prefix, line.i, PUT_BYTES);
      expect(line.handle).toBe(expectedHandle(bytes));
      promised.set(line.handle!, { who: `${prefix}#${line.i}`, bytes });
    }
    const bytes = bulkPayload(prefix, 2, PUT_BYTES);
    unfinished.set(expectedHandle(bytes), { who: `${prefix}#2`, bytes });
    expectStoreSound('after killing write #2 as it began');
  });
});

describe('the browser host killed with SIGKILL while analyses are in flight', () => {
  it('every handle it reported recovers; the store stays sound', async () => {
    const host = await startBrowserHost(store);
    const session = await openHostSession({ port: host.port, token: host.token });
    const reported: { name: string; bytes: Buffer; handle?: string }[] = [];
    let stop = false;
    let twelveReported!: () => void;
    const twelve = new Promise<void>((resolve) => (twelveReported = resolve));
    const pump = async (lane: number) => {
      for (let i = lane; !stop; i += 2) {
        const bytes = distinctCatalog('hostcrash', i);
        const name = `hostcrash-${i}.json`;
        unfinished.set(expectedHandle(bytes), { who: name, bytes });
        const finished = await session.analyze(name, bytes).catch(() => undefined);
        if (!finished || stop) return;
        reported.push({ name, bytes, ...(finished.outcome.report?.recovery_handle ? { handle: finished.outcome.report.recovery_handle } : {}) });
        if (reported.length === 12) twelveReported();
      }
    };
    const lanes = Promise.all([pump(0), pump(1)]);
    // Killed once 12 analyses were reported, 2 more in flight; lanes that end first mean the host stopped answering.
    const lanesEnded = lanes.then(() => {
      throw new Error(`the browser host stopped answering after ${reported.length} analyses`);
    });
    await Promise.race([twelve, lanesEnded]);
    lanesEnded.catch(() => undefined);
    await kill(host, `browser host (after ${reported.length} analyses, 2 in flight)`);
    stop = true;
    session.close();
    await lanes;
    expect(reported.filter((r) => r.handle !== expectedHandle(r.bytes)).map((r) => r.name)).toEqual([]);
    for (const r of reported) promised.set(r.handle!, { who: r.name, bytes: r.bytes });
    expectStoreSound('after killing the browser host');
  });
});

describe('after every kill', () => {
  it('the CLI, on a connection of its own, lists, recovers and shrinks normally', async () => {
    expect(kills.length).toBe(9);
    const history = await runCommand(['history', '--json', '--limit', '1', '--store', store]);
    expect(history.status, history.stderr).toBe(0);
    expect(JSON.parse(history.stdout.toString('utf8')).total).toBe(auditStore(store).handles.length);
    const [handle, { bytes }] = [...promised].find(([, value]) => value.who.startsWith('crash3#'))!;
    const recovered = await runCommand(['recover', handle, '--store', store]);
    expect(recovered.stdout.equals(bytes)).toBe(true);
    const fresh = distinctCatalog('after-crashes', 0);
    const shrunk = await runCommand(['shrink', '--store', store], { input: fresh });
    expect(reportLine(shrunk).recovery_handle).toBe(expectedHandle(fresh));
    expect(existsSync(`${store}-wal`) ? statSync(`${store}-wal`).mode & 0o777 : 0o600).toBe(0o600);
    console.info(`crash safety: ${kills.length} SIGKILLs, ${promised.size} promised handles, 0 lost\n  ${kills.join('\n  ')}\n  ${walNotes.join('\n  ')}`);
  });
});
