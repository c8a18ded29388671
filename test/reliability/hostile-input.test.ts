// Every input of the hostile corpus (hostile/corpus.ts) through the three
// ways in — the library, the CLI (run in this process) and the app's services on their
// worker threads: no crash, the documented outcome, the same bytes out of
// each, no row stored for a pass-through, and, when a handle is minted, the
// docs/spec.md guarantees and a byte-exact recovery from a fresh connection.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeErrors, validatorFor } from '../../src/main/contracts/contract-validator';
import { decodeInput } from '../../src/main/engine/text/decode-input';
import { lint, shrink } from '../../src/main/lib';
import { createAppServices, type AppServices } from '../../src/main/services/app-services';
import type { CallContext } from '../../src/main/services/dispatch';
import { RecoveryStore } from '../../src/main/store';
import { CONTRACT_IDS, type AnalysisFailure, type AnalysisSummary, type JobFinishedEvent } from '../../src/shared/contracts';
import { CavemanError, errorSentence } from '../../src/shared/errors';
import type { ApiResult, EventName, EventTypes } from '../../src/shared/ipc/channels';
import { reportLine, runCommand } from '../helpers/cli';
import { folderPerFile } from '../helpers/temp-folder';
import { expectedHandle } from './helpers/catalogs';
import { expectGuaranteesAndIdempotence } from './helpers/engine-checks';
import { auditStore } from './helpers/store-audit';
import { CORPUS, type HostileInput } from './hostile/corpus';

const validLine = validatorFor(CONTRACT_IDS.cliShrinkLine);
const rows = (entries: readonly HostileInput[]) => entries.map((entry) => [entry.name, entry] as const);
const SHRINKS = CORPUS.filter((entry) => entry.expected.kind === 'shrinks');

const dir = folderPerFile('caveman-rel-hostile-');

/** What the library handed out for each input, to compare with the other ways in. */
const libraryOutputs = new Map<string, Buffer>();

it('the corpus has at least 40 inputs of every required kind', () => {
  expect(CORPUS.length).toBeGreaterThanOrEqual(40);
  expect(new Set(CORPUS.map((entry) => entry.name)).size).toBe(CORPUS.length);
  expect(new Set(CORPUS.map((entry) => entry.family))).toEqual(
    new Set([
      'malformed',
      'nesting',
      'encoding',
      'strings',
      'special-tokens',
      'prototype',
      'duplicates',
      'numbers',
      'size',
      'not-a-catalog',
      'refs',
      'dialect',
      'relaxation',
    ]),
  );
  console.info(`hostile corpus: ${CORPUS.length} inputs (${SHRINKS.length} shrink, ${CORPUS.length - SHRINKS.length} pass through or are refused)`);
});

describe('the library', () => {
  let store: RecoveryStore;
  let storePath: string;
  beforeAll(() => {
    storePath = join(dir, 'library', 'ccr.db');
    store = RecoveryStore.open(storePath);
  });
  afterAll(() => store.close());

  it.each(rows(CORPUS))('%s', async (_name, entry) => {
    const bytes = entry.bytes();
    const before = store.history({ limit: 1 }).total;
    const { expected } = entry;

    if (expected.kind === 'refused') {
      await expect(shrink(bytes, { store })).rejects.toMatchObject({ name: 'CavemanError', code: expected.code });
      await expect(lint(bytes)).rejects.toMatchObject({ name: 'CavemanError', code: expected.code });
      expect(store.history({ limit: 1 }).total).toBe(before);
      return;
    }

    const { result, error } = await shrink(bytes, { store, sourceName: entry.name });
    expect(error).toBeUndefined();
    const output = Buffer.from(result.output);
    libraryOutputs.set(entry.name, output);

    if (expected.kind === 'pass') {
      expect(result.pass_through?.reason).toBe(expected.reason);
      expect(output.equals(Buffer.from(bytes))).toBe(true);
      expect(result).not.toHaveProperty('recovery_handle');
      expect([result.ratio, result.tokens_after]).toEqual([0, result.tokens_before]);
      if (expected.reason === 'invalid_json' || expected.reason === 'too_deep')
        expect(result.pass_through).toMatchObject({ line: expect.any(Number), column: expect.any(Number) });
      expect(store.history({ limit: 1 }).total).toBe(before);
      // lint measures the same input: a report for a catalog, else one typed error.
      if (expected.reason === 'no_saving') expect((await lint(bytes)).total.tokens_before).toBe(result.tokens_before);
      else await expect(lint(bytes)).rejects.toBeInstanceOf(CavemanError);
      return;
    }

    // Shrinks: a handle for exactly these bytes, stored once, and an output that keeps every promise.
    expect(result.pass_through).toBeUndefined();
    expect(result.recovery_handle).toBe(expectedHandle(bytes));
    expect(result.tokens_after).toBeLessThan(result.tokens_before);
    expect(store.history({ limit: 1 }).total).toBe(before + 1);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(output);
    expect(() => JSON.parse(text)).not.toThrow();
    expected.check?.(text);
    const decoded = decodeInput(bytes);
    if (!decoded.ok) throw new Error('expected UTF-8');
    expectGuaranteesAndIdempotence(decoded.text, text);
    expect((await lint(bytes)).total.tokens_after).toBe(result.tokens_after);
  });

  it('every minted handle recovers byte-exact from a fresh connection; nothing else was stored; no prototype was touched', () => {
    const audit = auditStore(storePath);
    expect(audit.integrity).toBe('ok');
    expect(audit.handles).toEqual(SHRINKS.map((entry) => expectedHandle(entry.bytes())).sort());
    const fresh = RecoveryStore.open(storePath, { readonly: true });
    try {
      for (const entry of SHRINKS) expect(Buffer.from(fresh.get(expectedHandle(entry.bytes()))).equals(Buffer.from(entry.bytes())), entry.name).toBe(true);
    } finally {
      fresh.close();
    }
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the CLI (one run per input, in this process)', () => {
  let storePath: string;
  beforeAll(() => {
    storePath = join(dir, 'cli', 'ccr.db');
  });

  it.each(rows(CORPUS))('%s', async (_name, entry) => {
    const bytes = entry.bytes();
    const run = await runCommand(['shrink', '--store', storePath], { input: bytes });
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const { expected } = entry;
    if (expected.kind === 'refused') {
      // As the reference: exit 1, nothing on stdout, the reason on stderr.
      expect([run.status, run.stdout.length]).toEqual([1, 0]);
      expect(run.stderr).toBe(`read stdin: ${expected.code}: stdin exceeds 33554432 bytes\n`);
      return;
    }
    expect(run.status).toBe(0);
    const line = reportLine(run);
    expect(validLine(line), describeErrors(validLine.errors)).toBe(true);
    if (expected.kind === 'pass') {
      expect(line).toMatchObject({ pass_through: { reason: expected.reason }, ratio: 0 });
      expect(line).not.toHaveProperty('recovery_handle');
      expect(line.note).toMatch(/nothing was stored/);
      expect(run.stdout.equals(Buffer.from(bytes))).toBe(true);
      return;
    }
    expect(line.recovery_handle).toBe(expectedHandle(bytes));
    const library = libraryOutputs.get(entry.name);
    if (library) expect(run.stdout.equals(library), 'the CLI and the library hand out the same bytes').toBe(true);
  });

  it('stored exactly the catalogs that shrink, intact; the CLI recovers a sample byte-exact from the store it wrote', async () => {
    const audit = auditStore(storePath);
    expect([audit.integrity, audit.damaged]).toEqual(['ok', []]);
    expect(audit.handles).toEqual(SHRINKS.map((entry) => expectedHandle(entry.bytes())).sort());
    const onePerFamily = new Map(SHRINKS.filter((e) => !e.large).map((e) => [e.family, e]));
    for (const entry of onePerFamily.values()) {
      const run = await runCommand(['recover', expectedHandle(entry.bytes()), '--store', storePath]);
      expect(run.stdout.equals(Buffer.from(entry.bytes())), entry.name).toBe(true);
    }
  });
});

describe('the app services (the analysis the window shows, on worker threads)', () => {
  let services: AppServices;
  let storePath: string;
  const finished = new Map<string, JobFinishedEvent['outcome']>();
  const context: CallContext = {
    clientId: 'hostile',
    emit: <E extends EventName>(event: E, payload: EventTypes[E]) => {
      if (event === 'jobFinished') finished.set((payload as JobFinishedEvent).jobId, (payload as JobFinishedEvent).outcome);
    },
  };
  beforeAll(async () => {
    storePath = join(dir, 'app', 'ccr.db');
    services = await createAppServices({ storePath, platform: 'browser' });
  });
  afterAll(() => services.close());

  it.each(rows(CORPUS))('%s', async (name, entry) => {
    const bytes = entry.bytes();
    const answer = (await services.dispatcher.dispatch('analyzeCatalog', { name: name.slice(0, 200), tokenizer: 'o200k_base', bytes }, context)) as ApiResult<{
      jobId: string;
    }>;
    if (!answer.ok) throw new Error(`${answer.code}: ${answer.message}`);
    await services.idle();
    const outcome = finished.get(answer.value.jobId);
    const { expected } = entry;
    if (expected.kind === 'refused') {
      expect(outcome).toMatchObject({ ok: false, error: { code: expected.code } });
      expect(errorSentence((outcome as AnalysisFailure).error)).toMatch(/nothing was stored/);
    } else if (expected.kind === 'pass' && expected.reason !== 'no_saving') {
      expect(outcome).toMatchObject({ ok: false, passThrough: { reason: expected.reason } });
      expect(errorSentence((outcome as AnalysisFailure).error)).toMatch(/nothing was stored/);
    } else if (expected.kind === 'pass') {
      expect(outcome).toMatchObject({ ok: true, report: { pass_through: { reason: 'no_saving' } } });
      expect((outcome as AnalysisSummary).report).not.toHaveProperty('recovery_handle');
    } else {
      const summary = outcome as AnalysisSummary;
      expect(summary.ok).toBe(true);
      expect(summary.report.recovery_handle).toBe(expectedHandle(bytes));
      expect(summary.guarantees).toMatchObject({ selection: { ok: true }, construction: { ok: true }, constraints: { ok: true }, facts: { ok: true } });
      const text = (await services.dispatcher.dispatch('getCatalogText', { analysisId: summary.analysisId, which: 'compressed' }, context)) as ApiResult<{
        bytes: Uint8Array;
      }>;
      const library = libraryOutputs.get(entry.name);
      if (text.ok && library) expect(Buffer.from(text.value.bytes).equals(library), 'the app and the library hand out the same bytes').toBe(true);
    }
  });

  it('stored exactly the catalogs that shrink', () => {
    expect(auditStore(storePath).handles).toEqual(SHRINKS.map((entry) => expectedHandle(entry.bytes())).sort());
  });
});
