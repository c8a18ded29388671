import { decodeDiffEnvelope, rebuildCompressed } from '../../../src/shared/ipc/diff-envelope';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisFailure, AnalysisSummary, HistoryTools, JobFinishedEvent, LevelComparison } from '../../../src/shared/contracts';
import { errorSentence } from '../../../src/shared/errors';
import { recoverTools } from '../../../src/main/lib';
import { createAppServices, type AppServices } from '../../../src/main/services/app-services';
import type { CallContext } from '../../../src/main/services/dispatch';
import { serviceClient } from '../../helpers/services';
import { realFixture, referenceInputs } from '../../helpers/fixtures';
import { describeErrors, validatorFor } from '../../../src/main/contracts/contract-validator';
import { CONTRACT_IDS } from '../../../src/shared/contracts';
import { LEVELS } from '../../../src/shared/levels';

let dir: string;
let services: AppServices;
const { call, dispatch, events, finished, progressOf } = serviceClient(() => services);
const finishedEvent = (jobId: string) =>
  events.find((e) => e.event === 'jobFinished' && (e.payload as JobFinishedEvent).jobId === jobId)!.payload as JobFinishedEvent;
const HISTORY_TOOLS = 'https://schemas.caveman-shrink.dev/v1/ipc.schema.json#/$defs/HistoryTools';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-services-'));
  services = await createAppServices({ storePath: join(dir, 'ccr.db'), platform: 'browser' });
});
afterAll(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One tool whose three recipients are the same sub-schema, analysed with shared sub-schemas. */
async function analyzeShared(): Promise<AnalysisSummary> {
  const recipient = {
    type: 'object',
    description: 'A recipient of the message, by address.',
    properties: { address: { type: 'string', format: 'email' }, name: { type: 'string' } },
  };
  const catalog = JSON.stringify({
    tools: [{ name: 'send', inputSchema: { type: 'object', properties: { to: recipient, cc: recipient, bcc: recipient } } }],
  });
  const started = await call<{ jobId: string }>('analyzeCatalog', {
    name: 'shared.json',
    tokenizer: 'o200k_base',
    bytes: new TextEncoder().encode(catalog),
    shareSchemas: true,
  });
  return (await finished(started.jobId)) as AnalysisSummary;
}

describe('app services (real workers, real store)', () => {
  it('shrinks with shared sub-schemas when asked, and the summary and history say so', async () => {
    const outcome = await analyzeShared();
    expect(outcome).toMatchObject({ ok: true, shareSchemas: true, guarantees: { selection: { ok: true }, construction: { ok: true }, facts: { ok: true } } });
    expect(outcome.tokensMinified).toBeGreaterThan(outcome.report.tokens_after);
    const entry = await call<{ entry: { compressor: string } }>('getHistoryEntry', { handle: outcome.report.recovery_handle });
    expect(entry.entry.compressor).toBe('toolschema+share-schemas');
    await call('deleteHistoryEntry', { handle: outcome.report.recovery_handle });
  });

  it('shrinks at the level asked: the summary names it, fewer tokens than at facts, and history records it', async () => {
    const fixture = realFixture('github-mcp-server.json');
    const at = async (level?: string) => {
      const started = await call<{ jobId: string }>('analyzeCatalog', {
        name: fixture.name,
        tokenizer: 'o200k_base',
        bytes: new Uint8Array(fixture.bytes),
        ...(level ? { level } : {}),
      });
      return (await finished(started.jobId)) as AnalysisSummary;
    };
    const facts = await at();
    const leads = await at('leads');
    expect([facts.level, leads.level]).toEqual(['facts', 'leads']);
    expect(leads.report.recovery_handle).toBe(facts.report.recovery_handle);
    expect(leads.report.tokens_after).toBeLessThan(facts.report.tokens_after);
    expect(leads.visible!.anthropic.tokens_after).toBeLessThan(facts.visible!.anthropic.tokens_after);
    // The checks know the level: what a marked tool lost is deferred, not dropped (they failed at leads before).
    expect(leads.guarantees).toMatchObject({ selection: { ok: true }, construction: { ok: true }, constraints: { ok: true }, facts: { ok: true, dropped: 0 } });
    expect(leads.guarantees!.facts.deferred).toBeGreaterThan(0);
    expect(leads.guarantees!.facts.kept + leads.guarantees!.facts.redundant + leads.guarantees!.facts.deferred!).toBe(leads.guarantees!.facts.sentences);
    // Every level at a glance, on demand: each as the analysis at that level counts it.
    const comparison = await call<LevelComparison>('compareLevels', { analysisId: facts.analysisId });
    expect(comparison.levels.map((figures) => figures.level)).toEqual([...LEVELS]);
    expect(comparison.before).toEqual({
      tokens: facts.report.tokens_before,
      anthropic: facts.visible!.anthropic.tokens_before,
      openai: facts.visible!.openai.tokens_before,
    });
    for (const summary of [facts, leads]) {
      expect(comparison.levels.find((figures) => figures.level === summary.level)).toEqual({
        level: summary.level,
        tokens: summary.report.tokens_after,
        anthropic: summary.visible!.anthropic.tokens_after,
        openai: summary.visible!.openai.tokens_after,
      });
    }
    const seen = comparison.levels.map((figures) => figures.anthropic);
    expect(seen[0]).toBeGreaterThan(seen[1]!);
    expect(seen[2]).toBeGreaterThan(seen[3]!);
    const entry = await call<{ entry: { compressor: string; shrinks: { id: number; compressor: string }[] } }>('getHistoryEntry', {
      handle: leads.report.recovery_handle,
    });
    expect(entry.entry.shrinks.map((shrink) => shrink.compressor)).toEqual(['toolschema+level-leads', 'toolschema']);

    // From history, each shrink at its own level: Save compressed and open in diff, the app at facts.
    const handle = leads.report.recovery_handle!;
    const handedOut = async (summary: AnalysisSummary) =>
      Buffer.from((await call<{ bytes: Uint8Array }>('getCatalogText', { analysisId: summary.analysisId, which: 'compressed' })).bytes);
    const saved = async (shrink?: number) =>
      Buffer.from((await call<{ bytes: Uint8Array }>('downloadCatalog', { source: { handle, ...(shrink ? { shrink } : {}) }, which: 'compressed' })).bytes);
    expect((await saved()).equals(await handedOut(leads))).toBe(true);
    expect((await saved(entry.entry.shrinks[1]!.id)).equals(await handedOut(facts))).toBe(true);
    const reopened = await call<{ jobId: string }>('openHistoryEntry', { handle, tokenizer: 'o200k_base' });
    const again = (await finished(reopened.jobId)) as AnalysisSummary;
    expect(again).toMatchObject({ ok: true, level: 'leads', report: { tokens_after: leads.report.tokens_after } });
    await call('deleteHistoryEntry', { handle });
  });

  it("shrinks to a budget: the plan on the summary, each tool's level in the report, the same bytes from history; below the floor, a failure", async () => {
    const fixture = realFixture('github-mcp-server.json');
    const analyze = async (budget: number) => {
      const request = { name: fixture.name, tokenizer: 'o200k_base', bytes: new Uint8Array(fixture.bytes), level: 'skeletons', budget };
      return finished((await call<{ jobId: string }>('analyzeCatalog', request)).jobId);
    };
    const outcome = (await analyze(6000)) as AnalysisSummary;
    expect(outcome.report.budget).toMatchObject({ tokens: 6000, tools: { skeletons: expect.any(Number), names: expect.any(Number) } });
    expect(outcome.report.budget!.listing_tokens).toBeLessThanOrEqual(6000);
    const lint = JSON.parse(Buffer.from((await call<{ bytes: Uint8Array }>('getLintReport', { analysisId: outcome.analysisId })).bytes).toString('utf8'));
    expect(new Set(lint.tools.map((tool: { level: string }) => tool.level))).toEqual(new Set(['skeletons', 'names']));
    expect(outcome.guarantees).toMatchObject({ selection: { ok: true, scope: 'names' }, construction: { applies: false }, relaxation: { ok: true } });
    const handle = outcome.report.recovery_handle!;
    const handedOut = Buffer.from((await call<{ bytes: Uint8Array }>('getCatalogText', { analysisId: outcome.analysisId, which: 'compressed' })).bytes);
    const saved = await call<{ bytes: Uint8Array }>('downloadCatalog', { source: { handle }, which: 'compressed' });
    expect(Buffer.from(saved.bytes).equals(handedOut)).toBe(true);
    await call('deleteHistoryEntry', { handle });
    const below = (await analyze(500)) as AnalysisFailure;
    expect(below).toMatchObject({ ok: false, error: { code: 'cave_bad_request', message: expect.stringContaining("below this catalog's floor") as string } });
  });

  it('gives a share-schemas shrink back from history as that shrink made it: Save compressed and open in diff', async () => {
    const outcome = await analyzeShared();
    const handle = outcome.report.recovery_handle!;
    const handedOut = Buffer.from((await call<{ bytes: Uint8Array }>('getCatalogText', { analysisId: outcome.analysisId, which: 'compressed' })).bytes);
    expect(handedOut.toString('utf8')).toContain('$defs');

    // History → Save compressed: the bytes the shrink handed out, not a re-transform without shared sub-schemas.
    const saved = await call<{ fileName: string; bytes: Uint8Array }>('downloadCatalog', { source: { handle }, which: 'compressed' });
    expect(saved.bytes.byteLength).toBe(handedOut.byteLength);
    expect(Buffer.from(saved.bytes).equals(handedOut)).toBe(true);

    // History → open in diff, with the app's switch off: the shrink's options, so its output, and no new shrink recorded.
    const reopened = await call<{ jobId: string }>('openHistoryEntry', { handle, tokenizer: 'o200k_base' });
    const again = (await finished(reopened.jobId)) as AnalysisSummary;
    expect(again).toMatchObject({ ok: true, shareSchemas: true, bytesAfter: handedOut.byteLength });
    const shown = await call<{ bytes: Uint8Array }>('getCatalogText', { analysisId: again.analysisId, which: 'compressed' });
    expect(Buffer.from(shown.bytes).equals(handedOut)).toBe(true);
    const { entry } = await call<{ entry: { shrinks: { compressor: string }[] } }>('getHistoryEntry', { handle });
    expect(entry.shrinks.map((shrink) => shrink.compressor)).toEqual(['toolschema+share-schemas']);
    await call('deleteHistoryEntry', { handle });
  });

  it('analyses a dropped catalog: progress, summary, diff, exports, history', async () => {
    const fixture = realFixture('github-mcp-server.json');
    const started = await call<{ jobId: string; name: string }>('analyzeCatalog', {
      name: fixture.name,
      tokenizer: 'o200k_base',
      bytes: new Uint8Array(fixture.bytes),
    });
    const outcome = (await finished(started.jobId)) as AnalysisSummary;
    expect(outcome.ok).toBe(true);
    expect(outcome.toolCount).toBe(117);
    const lint = JSON.parse(Buffer.from((await call<{ bytes: Uint8Array }>('getLintReport', { analysisId: outcome.analysisId })).bytes).toString('utf8'));
    const validLint = validatorFor(CONTRACT_IDS.lintReport);
    expect(validLint(lint), describeErrors(validLint.errors)).toBe(true);
    expect(lint.tools).toHaveLength(117);
    // The same report came with the job's finishing event (it is small), for the page to draw with the summary.
    expect(finishedEvent(started.jobId).lint).toEqual(lint);
    expect(outcome.report.recovery_handle).toMatch(/^ccr_/);
    expect(outcome.guarantees).toMatchObject({ selection: { ok: true }, construction: { ok: true }, constraints: { ok: true }, facts: { ok: true } });
    expect(outcome.tokensMinified).toBe(lint.tokens_minified);
    const progress = progressOf(started.jobId);
    expect(progress[0]!.stage).toBe('queued');
    expect(progress.map((p) => p.stage)).toContain('diffing');

    const diff = decodeDiffEnvelope((await call<{ bytes: Uint8Array }>('getDiff', { analysisId: outcome.analysisId })).bytes);
    const layout = JSON.parse(Buffer.from(diff!.layout).toString('utf8')) as { tools: unknown[]; compressedBytes: number };
    const validLayout = validatorFor(`${CONTRACT_IDS.ipc}#/$defs/DiffEnvelopeLayout`);
    expect(validLayout(layout), describeErrors(validLayout.errors)).toBe(true);
    expect(layout.tools).toHaveLength(117);
    const prettyText = Buffer.from(diff!.original).toString('utf8');
    expect(JSON.parse(prettyText)).toEqual(JSON.parse(fixture.text));
    // The compressed side travels as its changes' text only; rebuilt, it is the pretty form of what shrink handed out.
    const compressedBytes = rebuildCompressed(diff!.original, diff!.changes, diff!.inserts)!;
    expect(compressedBytes.byteLength).toBe(layout.compressedBytes);
    const handedOut = await call<{ bytes: Uint8Array }>('getCatalogText', { analysisId: outcome.analysisId, which: 'compressed' });
    expect(JSON.parse(Buffer.from(compressedBytes).toString('utf8'))).toEqual(JSON.parse(Buffer.from(handedOut.bytes).toString('utf8')));

    const original = await call<{ fileName: string; bytes: Uint8Array }>('downloadCatalog', { source: { analysisId: outcome.analysisId }, which: 'original' });
    expect(original.fileName).toBe('github-mcp-server.json');
    expect(Buffer.from(original.bytes).equals(fixture.bytes)).toBe(true);
    const compressed = await call<{ fileName: string; bytes: Uint8Array }>('downloadCatalog', {
      source: { analysisId: outcome.analysisId },
      which: 'compressed',
    });
    expect(compressed.fileName).toBe('github-mcp-server.min.json');
    expect(compressed.bytes.byteLength).toBe(outcome.bytesAfter);

    const page = await call<{ total: number; entries: { handle: string; source_name: string; tool_count: number }[] }>('listHistory', { limit: 10, offset: 0 });
    expect(page.total).toBe(1);
    expect(page.entries[0]).toMatchObject({ handle: outcome.report.recovery_handle, source_name: 'github-mcp-server.json', tool_count: 117 });

    const fromHandle = await call<{ fileName: string; bytes: Uint8Array }>('downloadCatalog', {
      source: { handle: outcome.report.recovery_handle },
      which: 'compressed',
    });
    expect(Buffer.from(fromHandle.bytes).equals(Buffer.from(compressed.bytes))).toBe(true);
  });

  it('re-opens a handle from history with the tokenizer its shrink recorded, re-measures with another, and history records that shrink', async () => {
    const page = await call<{ entries: { handle: string }[] }>('listHistory', { limit: 1, offset: 0 });
    const handle = page.entries[0]!.handle;
    // The app's tokenizer (the request's) counts only where the shrink recorded none.
    const reopened = await call<{ jobId: string }>('openHistoryEntry', { handle, tokenizer: 'cl100k_base' });
    const outcome = (await finished(reopened.jobId)) as AnalysisSummary;
    expect(outcome).toMatchObject({ ok: true, tokenizer: 'o200k_base', name: 'github-mcp-server.json' });
    const again = await call<{ jobId: string }>('reanalyzeCatalog', { analysisId: outcome.analysisId, tokenizer: 'cl100k_base' });
    expect(((await finished(again.jobId)) as AnalysisSummary).tokenizer).toBe('cl100k_base');
    expect((await call<{ total: number }>('listHistory', { limit: 1, offset: 0 })).total).toBe(1);
    const { entry } = await call<{ entry: { tokenizer: string; shrinks: { id: number; tokenizer: string }[] } }>('getHistoryEntry', { handle });
    expect(entry.tokenizer).toBe('cl100k_base');
    expect(entry.shrinks.map((shrink) => shrink.tokenizer)).toEqual(['cl100k_base', 'o200k_base']);
    // Opening the first shrink again uses its tokenizer; a shrink that is not there is refused.
    const first = await call<{ jobId: string }>('openHistoryEntry', { handle, tokenizer: 'cl100k_base', shrink: entry.shrinks[1]!.id });
    expect(((await finished(first.jobId)) as AnalysisSummary).tokenizer).toBe('o200k_base');
    const missing = await call<{ jobId: string }>('openHistoryEntry', { handle, tokenizer: 'cl100k_base', shrink: 999 });
    expect(await finished(missing.jobId)).toMatchObject({
      ok: false,
      error: { code: 'cave_not_found', message: expect.stringContaining('has no shrink numbered 999') },
    });
  });

  it('passes a history sort through to the store, and refuses an unknown one', async () => {
    const bytes = new TextEncoder().encode(referenceInputs().SAMPLE!);
    const started = await call<{ jobId: string }>('analyzeCatalog', { name: 'sample.json', tokenizer: 'o200k_base', bytes });
    await finished(started.jobId);
    const names = async (sort: string, direction: string) =>
      (await call<{ entries: { source_name: string }[] }>('listHistory', { limit: 10, offset: 0, sort, direction })).entries.map((entry) => entry.source_name);
    const bySource = await names('source', 'ascending');
    expect(bySource).toEqual([...bySource].sort());
    expect(await names('source', 'descending')).toEqual([...bySource].reverse());
    expect(await dispatch('listHistory', { limit: 10, offset: 0, sort: 'handle' })).toMatchObject({ ok: false, code: 'cave_bad_request' });
    expect(await dispatch('listHistory', { limit: 10, offset: 0, sort: 'saved', direction: 'up' })).toMatchObject({ ok: false, code: 'cave_bad_request' });
  });

  it('reports a malformed catalog as a failure with line and column, and stores nothing', async () => {
    const before = (await call<{ total: number }>('listHistory', { limit: 1, offset: 0 })).total;
    const started = await call<{ jobId: string }>('analyzeCatalog', {
      name: 'broken.json',
      tokenizer: 'o200k_base',
      bytes: new TextEncoder().encode('{\n  "tools": [\n    {"name": x}\n  ]\n}'),
      origin: 'file',
    });
    const outcome = (await finished(started.jobId)) as AnalysisFailure;
    expect(outcome).toMatchObject({ ok: false, name: 'broken.json', error: { code: 'cave_invalid_json' }, passThrough: { line: 3, column: 14 } });
    expect(errorSentence(outcome.error)).toMatch(/line 3, column 14.*nothing was stored/);
    // What the renderer shows travels as data: the outcome, the position, the excerpt main drew, the origin the renderer gave.
    expect(outcome.error).toMatchObject({ outcome: { left: 'nothing_stored' }, position: { line: 3, column: 14, offset: 28 } });
    expect(outcome).toMatchObject({ origin: 'file', excerpt: { line: 3, column: 14, text: '    {"name": x}', caret: 13 } });
    expect(outcome).not.toHaveProperty('empty');
    expect((await call<{ total: number }>('listHistory', { limit: 1, offset: 0 })).total).toBe(before);
  });

  it('cancels a queued job', async () => {
    const bytes = new TextEncoder().encode(referenceInputs().SAMPLE!);
    const first = await call<{ jobId: string }>('analyzeCatalog', { name: 'a.json', tokenizer: 'o200k_base', bytes });
    const second = await call<{ jobId: string }>('analyzeCatalog', { name: 'b.json', tokenizer: 'o200k_base', bytes });
    expect((await call<{ cancelled: boolean }>('cancelJob', { jobId: second.jobId })).cancelled).toBe(true);
    expect((await finished(first.jobId)).ok).toBe(true);
    expect(await finished(second.jobId)).toMatchObject({ ok: false, error: { code: 'cave_cancelled' } });
    expect((await call<{ cancelled: boolean }>('cancelJob', { jobId: second.jobId })).cancelled).toBe(false);
  });

  it('deletes a handle', async () => {
    const page = await call<{ entries: { handle: string }[]; total: number }>('listHistory', { limit: 10, offset: 0 });
    const handle = page.entries[0]!.handle;
    expect((await call<{ deleted: boolean }>('deleteHistoryEntry', { handle })).deleted).toBe(true);
    expect((await call<{ entry: unknown }>('getHistoryEntry', { handle })).entry).toBeNull();
    expect((await call<{ total: number }>('listHistory', { limit: 10, offset: 0 })).total).toBe(page.total - 1);
  });

  it("history:tools lists a handle's tools and gives one tool's original text exactly", async () => {
    const fixture = realFixture('server-filesystem.json');
    // At leads: at facts every tool of this catalog keeps all of its text (its tools' own descriptions stay whole).
    const started = await call<{ jobId: string }>('analyzeCatalog', {
      name: fixture.name,
      tokenizer: 'o200k_base',
      level: 'leads',
      bytes: new Uint8Array(fixture.bytes),
    });
    const outcome = (await finished(started.jobId)) as AnalysisSummary;
    const handle = outcome.report.recovery_handle!;
    const expected = recoverTools(handle, { store: join(dir, 'ccr.db') });

    const listed = await call<HistoryTools>('getHistoryTools', { handle });
    const validate = validatorFor(HISTORY_TOOLS);
    expect(validate(listed), describeErrors(validate.errors)).toBe(true);
    expect(listed).toEqual({ tools: expected.map(({ name, shortened }) => ({ name, shortened })) });
    expect(listed.tools.filter((tool) => tool.shortened).length).toBeGreaterThan(0);

    const one = expected.find((tool) => tool.shortened)!;
    const answer = await call<HistoryTools>('getHistoryTools', { handle, name: one.name });
    expect(answer.original).toEqual({ name: one.name, shortened: true, text: one.text });
    expect(fixture.bytes.toString('utf8')).toContain(answer.original!.text);

    expect(await dispatch('getHistoryTools', { handle, name: 'nope' })).toMatchObject({ ok: false, code: 'cave_not_found' });
  });

  it('describes the app and its store', async () => {
    const info = await call<{ platform: string; storePath: string; storeReadOnly: boolean; version: string }>('getAppInfo', {});
    // No start policy given: only servers of the config files start, and the page is told so.
    expect(info).toMatchObject({ platform: 'browser', serverStarts: 'config', storePath: join(dir, 'ccr.db'), storeReadOnly: false });
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('jobs that fail before they start', () => {
  it('a file named at launch that cannot be read: a job of its own, named in jobsStarted, that ends with a jobFinished saying why', async () => {
    const heard: { event: string; payload: unknown }[] = [];
    let finished: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (finished = resolve));
    const window: CallContext = {
      clientId: 'launch',
      emit: (event, payload) => {
        heard.push({ event, payload });
        if (event === 'jobFinished') finished();
      },
    };
    const missing = join(dir, 'missing.json');
    services.inbox.add([missing]);
    services.inbox.attach(window);
    await services.inbox.settled();
    await ended;
    services.inbox.detach('launch');
    const started = heard.find((e) => e.event === 'jobsStarted')?.payload as { jobs: { jobId: string; name: string }[] };
    expect(started.jobs).toEqual([{ jobId: expect.any(String), name: 'missing.json' }]);
    expect(heard.map((e) => e.event).sort()).toEqual(['jobFinished', 'jobsStarted']);
    expect(heard.find((e) => e.event === 'jobFinished')!.payload).toEqual({
      jobId: started.jobs[0]!.jobId,
      outcome: {
        ok: false,
        name: 'missing.json',
        error: { code: 'cave_not_found', message: `cannot read missing.json (${missing}): there is no such file`, outcome: { left: 'nothing_stored' } },
      },
    });
  });
});

describe('a refused CAVEMAN_CCR_MAX_BYTES', () => {
  it('is the store error the app shows, and a drop passes through saying so', async () => {
    const badDir = mkdtempSync(join(tmpdir(), 'caveman-services-budget-'));
    const saved = process.env.CAVEMAN_CCR_MAX_BYTES;
    process.env.CAVEMAN_CCR_MAX_BYTES = '1e3';
    let strict: AppServices | undefined;
    try {
      strict = await createAppServices({ storePath: join(badDir, 'ccr.db'), platform: 'browser' });
      const client = serviceClient(() => strict!);
      const message =
        'CAVEMAN_CCR_MAX_BYTES must be a positive whole number of bytes, such as 536870912 for 512 MiB, not "1e3"; unset it for the 512 MiB default';
      expect(await client.call('getAppInfo', {})).toMatchObject({ storeMaxBytes: 0, storeError: { code: 'cave_bad_request', message } });
      const started = await client.call<{ jobId: string }>('analyzeCatalog', {
        name: 'a.json',
        tokenizer: 'o200k_base',
        bytes: new TextEncoder().encode(referenceInputs().SAMPLE!),
      });
      const outcome = (await client.finished(started.jobId)) as AnalysisSummary;
      expect(outcome.report).toMatchObject({ error: { code: 'cave_bad_request', message }, pass_through: { reason: 'store_error' } });
      expect(outcome.report).not.toHaveProperty('recovery_handle');
    } finally {
      await strict?.close();
      if (saved === undefined) delete process.env.CAVEMAN_CCR_MAX_BYTES;
      else process.env.CAVEMAN_CCR_MAX_BYTES = saved;
      rmSync(badDir, { recursive: true, force: true });
    }
  });
});
