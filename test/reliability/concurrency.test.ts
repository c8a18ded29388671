// docs/store.md under load: several OS processes — library writers (one opening
// the store per shrink like the CLI, one holding it open like the app's
// worker), a stream of CLI instances and the browser host — shrink distinct
// catalogs into one brand-new store at the same time. Every shrink must mint
// its handle, no handle may be lost or mixed up, and every original must
// come back byte for byte from a process that did not write it.

import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecoveryStore } from '../../src/main/store';
import { reportLine, runCli } from '../helpers/cli';
import { folderPerFile } from '../helpers/temp-folder';
import { distinctCatalog, expectedHandle } from './helpers/catalogs';
import { openHostSession } from './helpers/host-client';
import { parseWriterLines, startBrowserHost, startWriter } from './helpers/processes';
import { auditStore } from './helpers/store-audit';

/** The load: 170 + 170 library shrinks, 60 CLI processes (3 at a time), 100 browser-host analyses (2 in flight). */
const LOAD = { writerA: 170, writerB: 170, cli: 60, cliParallel: 3, host: 100, hostParallel: 2 } as const;
const TOTAL = LOAD.writerA + LOAD.writerB + LOAD.cli + LOAD.host;

interface Shrunk {
  who: string;
  bytes: Buffer;
  handle: string | null;
  sourceName: string | null;
  problem?: string;
}

const store = join(folderPerFile('caveman-rel-load-'), 'store', 'ccr.db');

/** Runs `work` over 0…count-1 with at most `parallel` at a time. */
async function pool<T>(count: number, parallel: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await work(index);
      }
    }),
  );
  return results;
}

async function cliShrinks(): Promise<Shrunk[]> {
  return pool(LOAD.cli, LOAD.cliParallel, async (i) => {
    const bytes = distinctCatalog('cli', i);
    const run = await runCli(['shrink', '--store', store], { input: bytes });
    const line = run.status === 0 ? reportLine(run) : {};
    const problem =
      run.status !== 0
        ? `exit ${run.status}: ${run.stderr}`
        : line.error
          ? JSON.stringify(line.error)
          : line.pass_through
            ? JSON.stringify(line.pass_through)
            : undefined;
    return { who: `cli#${i}`, bytes, handle: (line.recovery_handle as string | undefined) ?? null, sourceName: 'stdin', ...(problem ? { problem } : {}) };
  });
}

async function hostShrinks(port: number, token: string): Promise<Shrunk[]> {
  const session = await openHostSession({ port, token });
  try {
    return await pool(LOAD.host, LOAD.hostParallel, async (i) => {
      const bytes = distinctCatalog('host', i);
      const name = `host-${i}.json`;
      const { outcome } = await session.analyze(name, bytes);
      const report = outcome.report;
      const problem = !outcome.ok
        ? JSON.stringify(outcome.error)
        : report?.error
          ? JSON.stringify(report.error)
          : report?.pass_through
            ? JSON.stringify(report.pass_through)
            : undefined;
      return { who: `host#${i}`, bytes, handle: report?.recovery_handle ?? null, sourceName: name, ...(problem ? { problem } : {}) };
    });
  } finally {
    session.close();
  }
}

async function writerShrinks(prefix: 'libA' | 'libB', count: number, mode: 'shrink' | 'own-store'): Promise<Shrunk[]> {
  const writer = startWriter({ store, prefix, count, mode });
  const { code, stderr } = await writer.exited;
  if (code !== 0) throw new Error(`writer ${prefix} exited ${code}: ${stderr}\n${writer.lines.join('\n')}`);
  return parseWriterLines(writer.lines).map((line) => ({
    who: `${prefix}#${line.i}`,
    bytes: distinctCatalog(prefix, line.i),
    handle: line.handle,
    sourceName: `${prefix}-${line.i}.json`,
    ...(line.error || line.passThrough ? { problem: JSON.stringify(line.error ?? line.passThrough) } : {}),
  }));
}

describe(`${TOTAL} shrinks from 2 library writers, ${LOAD.cli} CLI processes and the browser host into one new store at once`, () => {
  let shrunk: Shrunk[] = [];

  beforeAll(async () => {
    // Everything starts together on a store that does not exist yet: creating it races too.
    const host = await startBrowserHost(store);
    try {
      const parts = await Promise.all([
        writerShrinks('libA', LOAD.writerA, 'shrink'),
        writerShrinks('libB', LOAD.writerB, 'own-store'),
        cliShrinks(),
        hostShrinks(host.port, host.token),
      ]);
      shrunk = parts.flat();
    } finally {
      host.child.kill('SIGTERM');
      await host.exited;
    }
  }, 600_000);

  it('every shrink minted the handle of its own bytes: 0 errors, 0 pass-throughs', () => {
    expect(shrunk).toHaveLength(TOTAL);
    expect(shrunk.filter((s) => s.problem !== undefined || s.handle === null).map((s) => `${s.who}: ${s.problem ?? 'no handle'}`)).toEqual([]);
    expect(shrunk.filter((s) => s.handle !== expectedHandle(s.bytes)).map((s) => s.who)).toEqual([]);
    expect(new Set(shrunk.map((s) => s.handle)).size).toBe(TOTAL);
  });

  it('the store holds exactly those handles, each row intact, and passes PRAGMA integrity_check', () => {
    const audit = auditStore(store);
    expect(audit.integrity).toBe('ok');
    expect(audit.damaged).toEqual([]);
    expect(audit.handles).toEqual(shrunk.map((s) => s.handle).sort());
    expect(audit.historyRows).toBe(TOTAL);
    // Each distinct catalog was shrunk once: its first shrink, recorded with its history row.
    expect(audit.shrinkRows).toBe(TOTAL);
    expect(audit.orphanShrinks).toEqual([]);
  });

  it('the writers really overlapped: in commit order the writing process keeps changing', () => {
    const reader = RecoveryStore.open(store, { readonly: true });
    try {
      const bySource = new Map(shrunk.map((s) => [s.handle!, s.who.slice(0, s.who.indexOf('#'))]));
      const order = reader
        .history({ limit: 1000 })
        .entries.reverse()
        .map((entry) => bySource.get(entry.handle));
      const switches = order.filter((who, i) => i > 0 && who !== order[i - 1]).length;
      console.info(`load: ${TOTAL} shrinks from ${2 + LOAD.cli + 1} processes; the writer changed ${switches} times along the commit order`);
      expect(switches).toBeGreaterThanOrEqual(10);
    } finally {
      reader.close();
    }
  });

  it('every handle recovers byte-exact in a process that did not write it, with its own history entry', () => {
    const reader = RecoveryStore.open(store, { readonly: true });
    try {
      const lost = shrunk.filter((s) => !Buffer.from(reader.get(s.handle!)).equals(s.bytes)).map((s) => s.who);
      expect(lost).toEqual([]);
      const misnamed = shrunk.filter((s) => reader.details(s.handle!)?.source_name !== s.sourceName).map((s) => s.who);
      expect(misnamed).toEqual([]);
      expect(reader.history({ limit: 1 }).total).toBe(TOTAL);
    } finally {
      reader.close();
    }
  });

  it('the CLI recovers a sample of them from a fresh process', async () => {
    for (const s of [shrunk[0]!, shrunk[LOAD.writerA]!, shrunk[TOTAL - LOAD.host - 1]!, shrunk[TOTAL - 1]!]) {
      const run = await runCli(['recover', s.handle!, '--store', store]);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout.equals(s.bytes), s.who).toBe(true);
    }
  });
});
