// Long work (analyses) as jobs with ids: one at a time on the jobs worker,
// the rest queued; progress and the result go to the window or page that
// started the job; any job can be cancelled by id.

import { randomUUID } from 'node:crypto';
import type { JobProgressEvent, JobStarted, LintReport } from '../../shared/contracts';
import { asCavemanError, cancelledError, throwIfAborted } from '../../shared/errors';
import type { EventTypes } from '../../shared/ipc/channels';
import type { TokenizerName } from '../../shared/tokenizers';
import type { LevelName } from '../../shared/levels';
import type { CallOptions } from '../workers/worker-client';
import type { AnalysisProduct } from '../analysis/analyze-catalog';
import type { Operations } from '../analysis/operation-types';
import type { AnalysisRegistry } from './analysis-registry';
import { pacedProgress, type ProgressPacer } from './progress-pacer';

type AnalysisOp = 'analyze' | 'analyzeHandle';

/** The window or page a job reports to: its progress and its result go there only (a service's call context is one). */
export interface JobCaller {
  emit<E extends 'jobProgress' | 'jobFinished'>(event: E, payload: EventTypes[E]): void;
}

/** The thread a job's analysis runs on (a workers/worker-client.ts WorkerClient is one). */
export interface JobWorker {
  call<K extends AnalysisOp>(op: K, args: Operations[K]['args'], options: CallOptions): Promise<AnalysisProduct>;
}

/**
 * A per-tool report this small (a catalog under about 1 MiB) goes with its job's jobFinished event, parsed here in about a
 * millisecond: the page draws the table with the summary instead of asking for it once the summary is drawn. A larger one is
 * asked for (catalog:lint) and decoded off the page's thread, and stays out of the browser host's replay of recent events.
 */
export const INLINE_LINT_BYTES = 128 * 1024;

const decoder = new TextDecoder();

/** The report to send with the event, if it is small enough. */
function inlineLint(lint: Uint8Array | undefined): LintReport | undefined {
  return lint && lint.byteLength <= INLINE_LINT_BYTES ? (JSON.parse(decoder.decode(lint)) as LintReport) : undefined;
}
/** The stages of fetching a catalog from an MCP server: starting or reaching it until it answers initialize, then listing. */
export type FetchStage = Extract<JobProgressEvent['stage'], 'connecting' | 'listing'>;
type AnalysisArgs<K extends AnalysisOp> = Omit<Operations[K]['args'], 'analysisId'>;
type JobProgress = ProgressPacer<JobProgressEvent['stage']>;

interface QueuedJob {
  jobId: string;
  name: string;
  controller: AbortController;
  run: () => Promise<AnalysisProduct>;
  caller: JobCaller;
  progress: JobProgress;
}

/** The job's progress events, paced (progress-pacer.ts). */
function jobProgress(jobId: string, caller: JobCaller): JobProgress {
  return pacedProgress((stage, fraction) => caller.emit('jobProgress', { jobId, stage, fraction }));
}

export class JobRunner {
  private readonly queue: QueuedJob[] = [];
  private readonly controllers = new Map<string, AbortController>();
  private readonly fetching = new Set<Promise<void>>();
  private active: Promise<void> | undefined;

  constructor(
    private readonly worker: JobWorker,
    private readonly registry: AnalysisRegistry,
  ) {}

  /** Queues an analysis and returns its id at once; events report the rest. */
  start<K extends AnalysisOp>(op: K, args: AnalysisArgs<K>, name: string, caller: JobCaller, transfer: ArrayBuffer[] = []): JobStarted {
    const jobId = randomUUID();
    const controller = new AbortController();
    this.controllers.set(jobId, controller);
    this.enqueue(jobId, controller, op, args, name, caller, transfer, jobProgress(jobId, caller));
    return { jobId, name };
  }

  /**
   * A job whose catalog has to be fetched first (listed from an MCP server):
   * one id from the fetch through the analysis, cancellable throughout. The
   * fetch runs at once, beside the queue (it mostly waits on the server);
   * its failure finishes the job like any other.
   */
  startFetched(
    analysis: { name: string; tokenizer: TokenizerName; shareSchemas?: boolean; level?: LevelName; budget?: number },
    caller: JobCaller,
    fetch: (signal: AbortSignal, onProgress: (stage: FetchStage, fraction: number) => void) => Promise<Uint8Array>,
  ): JobStarted {
    const { name } = analysis;
    const jobId = randomUUID();
    const controller = new AbortController();
    this.controllers.set(jobId, controller);
    const progress = jobProgress(jobId, caller);
    progress.report('connecting', 0);
    const fetching = (async () => {
      try {
        const bytes = await fetch(controller.signal, (stage, fraction) => progress.report(stage, fraction));
        throwIfAborted(controller.signal);
        this.enqueue(jobId, controller, 'analyze', { ...analysis, bytes }, name, caller, [bytes.buffer as ArrayBuffer], progress);
      } catch (error) {
        this.controllers.delete(jobId);
        progress.stop();
        caller.emit('jobFinished', { jobId, outcome: { ok: false, name, error: asCavemanError(error).toValue() } });
      }
    })();
    this.fetching.add(fetching);
    void fetching.finally(() => this.fetching.delete(fetching));
    return { jobId, name };
  }

  private enqueue<K extends AnalysisOp>(
    jobId: string,
    controller: AbortController,
    op: K,
    args: AnalysisArgs<K>,
    name: string,
    caller: JobCaller,
    transfer: ArrayBuffer[],
    progress: JobProgress,
  ): void {
    const run = () =>
      this.worker.call(op, { ...args, analysisId: jobId } as Operations[K]['args'], {
        transfer,
        signal: controller.signal,
        onProgress: (stage, fraction) => progress.report(stage, fraction),
      });
    this.queue.push({ jobId, name, controller, run, caller, progress });
    progress.report('queued', 0);
    this.active ??= this.drain();
  }

  /** True when the job was still queued or running. */
  cancel(jobId: string): boolean {
    const controller = this.controllers.get(jobId);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  /** Resolves when every queued job (and every fetch that will queue one) has finished. */
  async idle(): Promise<void> {
    while (this.active || this.fetching.size > 0) {
      await Promise.allSettled([...this.fetching]);
      if (this.active) await this.active;
    }
  }

  private async drain(): Promise<void> {
    for (let job = this.queue.shift(); job; job = this.queue.shift()) await this.runOne(job);
    this.active = undefined;
  }

  private async runOne({ jobId, name, controller, run, caller, progress }: QueuedJob): Promise<void> {
    try {
      if (controller.signal.aborted) throw cancelledError({ when: 'before it started' });
      const payload = await run();
      // Whatever of its progress is still held back would come after the result.
      progress.stop();
      const lint = payload.outcome.ok ? inlineLint(payload.lint) : undefined;
      if (payload.outcome.ok) this.registry.add(payload.outcome, payload);
      caller.emit('jobFinished', { jobId, outcome: payload.outcome, ...(lint ? { lint } : {}) });
    } catch (error) {
      progress.stop();
      caller.emit('jobFinished', { jobId, outcome: { ok: false, name, error: asCavemanError(error).toValue() } });
    } finally {
      this.controllers.delete(jobId);
    }
  }
}
