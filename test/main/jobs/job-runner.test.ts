// The job runner's events: a job's progress paced (a new stage at once, within
// a stage at most one update an interval, nothing after the result), and its
// finishing event, with a small per-tool report (the page draws the table with
// the summary); a large one is asked for.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisSummary, JobFinishedEvent, LintReport } from '../../../src/shared/contracts';
import type { EventName, EventTypes } from '../../../src/shared/ipc/channels';
import { AnalysisRegistry } from '../../../src/main/jobs/analysis-registry';
import { INLINE_LINT_BYTES, JobRunner, type JobCaller, type JobWorker } from '../../../src/main/jobs/job-runner';
import { PROGRESS_INTERVAL_MS } from '../../../src/main/jobs/progress-pacer';
import type { AnalysisProduct } from '../../../src/main/analysis/analyze-catalog';
import { lint as lintOf } from '../../../src/main/library/lint';

/** The per-tool report of a real catalog of `tools` tools. */
const lintReport = (tools = 2): Promise<LintReport> =>
  lintOf(
    JSON.stringify({
      tools: Array.from({ length: tools }, (_, i) => ({
        name: `fetch_page_${i}`,
        description: `Fetches page ${i} of the index.  Returns its entries.`,
        inputSchema: { type: 'object', properties: { cursor: { type: 'string', title: 'Cursor' } } },
      })),
    }),
  );

const summary = (analysisId: string, lint: LintReport): AnalysisSummary => ({
  ok: true,
  analysisId,
  name: `${analysisId}.json`,
  tokenizer: 'o200k_base',
  level: 'facts',
  report: {
    tokens_before: lint.tokens_before,
    tokens_after: lint.tokens_after,
    ratio: lint.ratio,
    basis: 'inferred',
    content_type: 'toolschema',
    tokenizer: 'o200k_base',
  },
  toolCount: lint.tools.length,
  guarantees: null,
  bytesBefore: 1000,
  bytesAfter: 600,
  catalogKind: 'tool-list',
});

/** A caller that keeps every event it is sent. */
function recordingCaller(): JobCaller & { events: { event: EventName; payload: unknown }[] } {
  const events: { event: EventName; payload: unknown }[] = [];
  return { events, emit: <E extends EventName>(event: E, payload: EventTypes[E]) => void events.push({ event, payload }) };
}

/** Runs one job whose worker answers `product`; resolves its jobFinished event and the registry. */
async function finishedEvent(product: AnalysisProduct): Promise<{ event: JobFinishedEvent; registry: AnalysisRegistry }> {
  const registry = new AnalysisRegistry();
  const worker: JobWorker = { call: async () => product };
  const runner = new JobRunner(worker, registry);
  const caller = recordingCaller();
  runner.start('analyze', { name: 'a.json', bytes: new Uint8Array(), tokenizer: 'o200k_base' }, 'a.json', caller);
  await runner.idle();
  const finished = caller.events.find((e) => e.event === 'jobFinished');
  return { event: finished!.payload as JobFinishedEvent, registry };
}

const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const bytes = new Uint8Array([1, 2, 3]);

describe('job runner', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a small per-tool report with the finishing event, and keeps it for catalog:lint too', async () => {
    const lint = await lintReport();
    const outcome = summary('an-1', lint);
    const { event, registry } = await finishedEvent({ outcome, lint: bytesOf(lint), original: bytes, output: bytes });
    expect(event.outcome).toEqual(outcome);
    expect(event.lint).toEqual(lint);
    expect(registry.get('an-1').lint).toEqual(bytesOf(lint));
  });

  it('leaves a report over INLINE_LINT_BYTES to be asked for', async () => {
    const one = JSON.stringify((await lintReport(1)).tools[0]).length;
    const lint = await lintReport(Math.ceil(INLINE_LINT_BYTES / one) + 1);
    const encoded = bytesOf(lint);
    expect(encoded.byteLength).toBeGreaterThan(INLINE_LINT_BYTES);
    const { event, registry } = await finishedEvent({ outcome: summary('an-2', lint), lint: encoded, original: bytes, output: bytes });
    expect(event).not.toHaveProperty('lint');
    expect(registry.get('an-2').lint).toBe(encoded);
  });

  it('sends no report with a failure', async () => {
    const outcome = { ok: false as const, name: 'a.json', error: { code: 'cave_invalid_json' as const, message: 'bad' } };
    const { event } = await finishedEvent({ outcome, original: bytes, output: bytes });
    expect(event).toEqual({ jobId: event.jobId, outcome });
  });

  it('passes on a job’s progress paced: each new stage at once, nothing held back after the result', async () => {
    const lint = await lintReport();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    const worker: JobWorker = {
      call: async (_op, _args, { onProgress }) => {
        // As the jobs worker does: a message per whole percent, most of them within one stage.
        for (let percent = 0; percent <= 60; percent++) onProgress?.('transforming', percent / 100);
        onProgress?.('storing', 0.7);
        await resumed;
        onProgress?.('diffing', 0.8);
        onProgress?.('diffing', 0.9);
        return { outcome: summary('an-3', lint), lint: bytesOf(lint), original: bytes, output: bytes };
      },
    };
    const caller = recordingCaller();
    const runner = new JobRunner(worker, new AnalysisRegistry());
    const { jobId } = runner.start('analyze', { name: 'a.json', bytes, tokenizer: 'o200k_base' }, 'a.json', caller);
    // The transforming percents held back are superseded by the next stage: nothing of them comes an interval later.
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS * 2);
    resume();
    await runner.idle();
    // Diffing's 0.9, held back for an interval, is dropped with the result.
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS * 2);
    expect(
      caller.events.map((e) => (e.event === 'jobProgress' ? [(e.payload as { stage: string }).stage, (e.payload as { fraction: number }).fraction] : e.event)),
    ).toEqual([['queued', 0], ['transforming', 0], ['storing', 0.7], ['diffing', 0.8], 'jobFinished']);
    expect((caller.events.at(-1)!.payload as JobFinishedEvent).jobId).toBe(jobId);
  });

  it('sends a stage’s latest percent once the interval is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    const worker: JobWorker = {
      call: async (_op, _args, { onProgress }) => {
        for (let percent = 0; percent <= 40; percent++) onProgress?.('transforming', percent / 100);
        await resumed;
        return { outcome: { ok: false, name: 'a.json', error: { code: 'cave_invalid_json' as const, message: 'bad' } }, original: bytes, output: bytes };
      },
    };
    const caller = recordingCaller();
    const runner = new JobRunner(worker, new AnalysisRegistry());
    runner.start('analyze', { name: 'a.json', bytes, tokenizer: 'o200k_base' }, 'a.json', caller);
    await vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS - 1);
    const fractions = () => caller.events.filter((e) => e.event === 'jobProgress').map((e) => (e.payload as { fraction: number }).fraction);
    expect(fractions()).toEqual([0, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fractions()).toEqual([0, 0, 0.4]);
    resume();
    await runner.idle();
  });
});
