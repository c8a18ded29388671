// Loaded catalogs: running jobs (with their stage and progress), finished
// analyses keyed by analysisId, failures, the order they arrived and the one
// on screen. Events from main (progress, finished) and answers to our calls
// may arrive in any order, so every action tolerates the other side first.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  AnalysisFailure,
  AnalysisSummary,
  InputOrigin,
  JobFinishedEvent,
  JobProgressEvent,
  JobStarted,
  McpImportRequest,
  TokenizerName,
} from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import { choiceFields, type CavemanApi, type ShrinkChoice } from '../../../shared/ipc/caveman-api';
import { failBeforeStart } from '../../../shared/ipc/early-failures';
import { pastedName, sizeRefusal, takeInFile, type CatalogFile } from '../lib/catalog-input';
import { localJobId } from '../lib/local-job-id';

export type JobStage = JobProgressEvent['stage'];

export interface RunningJob {
  jobId: string;
  name: string;
  stage: JobStage;
  fraction: number;
  /** Cancel was asked and main has not answered yet. */
  cancelling: boolean;
  /** The analysis this job re-measures (a tokenizer change); its result takes that one's place. */
  replaces: string | null;
  /** When the page first heard of it (Date.now()): a wait is counted from here, not from when the row was first drawn. */
  since: number;
}

/** A job the page has just heard of, from the answer to its call or from its first event. */
function newJob(jobId: string, name: string, stage: JobStage, fraction: number, replaces: string | null): RunningJob {
  return { jobId, name, stage, fraction, cancelling: false, replaces, since: Date.now() };
}

export type Outcome = AnalysisSummary | AnalysisFailure;

export type CancelResult = { cancelled: false } | { cancelled: true; outcome: JobFinishedEvent['outcome'] };

export interface CatalogsState {
  jobs: RunningJob[];
  /** Finished analyses by analysisId. */
  summaries: Record<string, AnalysisSummary>;
  /** Failures by key ("failure:<jobId>"), each with what it shows of its input (main draws the offending line). */
  failures: Record<string, AnalysisFailure>;
  /** Keys of summaries and failures in the order they arrived. */
  order: string[];
  activeKey: string | null;
  /** Texts pasted so far (each is named after its number: pasted.json, pasted-2.json…). */
  pastes: number;

  /** Shows started jobs. `newBatch`: they come from a fresh request (e.g. main's jobsStarted), so the first result takes the screen. */
  track(jobs: readonly JobStarted[], options?: { replaces?: string; newBatch?: boolean }): void;
  progress(event: JobProgressEvent): void;
  finished(event: JobFinishedEvent): void;
  /** Checks sizes, reads each file and starts its analysis; refusals and errors become failures. */
  analyzeFiles(files: readonly CatalogFile[], tokenizer: TokenizerName): Promise<void>;
  /** Analyses pasted text as UTF-8 bytes, named after its number among the pastes (pastedName). */
  analyzeText(text: string, tokenizer: TokenizerName): Promise<void>;
  /** Open…: the host asks for files. Rejects with the API's error. */
  openFiles(tokenizer: TokenizerName): Promise<void>;
  /** Imports an MCP server (main lists its tools, then shrinks them). Rejects with the API's error, e.g. a request main refused. */
  importMcpServer(request: McpImportRequest): Promise<void>;
  /**
   * Re-opens a stored handle as an analysis, with the options and tokenizer of its shrink `shrink` (else its latest; `tokenizer` where it recorded
   * none). Rejects with the API's error.
   */
  openHandle(handle: string, tokenizer: TokenizerName, shrink?: number): Promise<void>;
  /** Measures an analysis again with another tokenizer. Rejects with the API's error. */
  reanalyze(analysisId: string, tokenizer: TokenizerName): Promise<void>;
  /**
   * Asks main to stop the job. Resolves, once the job has ended, with how it ended — cancelled (its message says
   * whether the original was already stored), or finished or failed before the cancel reached it — or
   * `{ cancelled: false }` when main no longer knew the job.
   */
  cancel(jobId: string): Promise<CancelResult>;
  select(key: string): void;
  close(key: string): void;
}

export type CatalogsStore = StoreApi<CatalogsState>;

export const failureKey = (jobId: string) => `failure:${jobId}`;

/** The outcome shown for a key, if any. */
export function outcomeFor(state: Pick<CatalogsState, 'summaries' | 'failures'>, key: string | null): Outcome | null {
  if (key === null) return null;
  return state.summaries[key] ?? state.failures[key] ?? null;
}

type SetCatalogs = CatalogsStore['setState'];
type GetCatalogs = CatalogsStore['getState'];

/** What the store's actions share besides its state. */
interface CatalogsMemory {
  api: CavemanApi;
  /** How new analyses shrink. */
  choice: () => ShrinkChoice;
  /** Jobs that already finished (their start answer may still be on its way). */
  finishedJobs: Set<string>;
  /** Jobs a person cancelled, waiting for how they ended. */
  cancelWaiters: Map<string, (outcome: JobFinishedEvent['outcome']) => void>;
  /**
   * Whether the screen is taken: the first result after each request takes
   * it; later ones of the same batch, or after the person picked a catalog,
   * wait in the list.
   */
  pinned: boolean;
}

/** `choice`: how new analyses shrink — shared sub-schemas, the level (the settings store's switches). */
export function createCatalogsStore(api: CavemanApi, options: { choice?: () => ShrinkChoice } = {}): CatalogsStore {
  const memory: CatalogsMemory = { api, choice: () => options.choice?.() ?? {}, finishedJobs: new Set(), cancelWaiters: new Map(), pinned: false };
  return createStore<CatalogsState>()((set, get) => ({
    jobs: [],
    summaries: {},
    failures: {},
    order: [],
    activeKey: null,
    pastes: 0,
    ...catalogJobs(memory, set, get),
    ...catalogStarts(memory, set, get),
    ...catalogList(memory, set, get),
  }));
}

/** The state once `outcome` arrived under `key`: it joins the list, or takes the place of the analysis it `replaces`. */
function withOutcome(memory: CatalogsMemory, state: CatalogsState, key: string, outcome: Outcome, replaces: string | null): Partial<CatalogsState> {
  const summaries = { ...state.summaries };
  const failures = { ...state.failures };
  if (outcome.ok) summaries[key] = outcome;
  else failures[key] = outcome;
  let activeKey = state.activeKey;
  const at = replaces === null ? -1 : state.order.indexOf(replaces);
  let order: string[];
  if (at >= 0) {
    // A re-measured analysis takes the place (and the focus) of the one it replaces.
    order = state.order.filter((existing) => existing !== key || existing === replaces).map((existing) => (existing === replaces ? key : existing));
    if (replaces !== null && replaces !== key) delete summaries[replaces];
    if (activeKey === replaces) activeKey = key;
  } else {
    order = state.order.includes(key) ? state.order : [...state.order, key];
  }
  if (!memory.pinned && at < 0) {
    activeKey = key;
    memory.pinned = true;
  }
  return { summaries, failures, order, activeKey };
}

/** Jobs as main runs them: started, progressing, finished or cancelled, in whatever order their news arrives. */
function catalogJobs(memory: CatalogsMemory, set: SetCatalogs, get: GetCatalogs): Pick<CatalogsState, 'track' | 'progress' | 'finished' | 'cancel'> {
  const { finishedJobs, cancelWaiters } = memory;
  const markCancelling = (jobId: string, cancelling: boolean) =>
    set((state) => ({ jobs: state.jobs.map((job) => (job.jobId === jobId ? { ...job, cancelling } : job)) }));
  return {
    track(jobs, options = {}) {
      const replaces = options.replaces ?? null;
      if (options.newBatch) memory.pinned = false;
      set((state) => {
        const next = [...state.jobs];
        for (const job of jobs) {
          if (finishedJobs.has(job.jobId)) continue;
          const at = next.findIndex((running) => running.jobId === job.jobId);
          if (at >= 0) next[at] = { ...(next[at] as RunningJob), name: job.name, replaces };
          else next.push(newJob(job.jobId, job.name, 'queued', 0, replaces));
        }
        return { jobs: next };
      });
    },

    progress(event) {
      if (finishedJobs.has(event.jobId)) return;
      set((state) => {
        const fraction = Math.min(1, Math.max(0, event.fraction));
        const known = state.jobs.some((job) => job.jobId === event.jobId);
        if (!known) {
          // The event beat the answer to our call: show the job now, its name follows.
          return { jobs: [...state.jobs, newJob(event.jobId, '', event.stage, fraction, null)] };
        }
        return { jobs: state.jobs.map((job) => (job.jobId === event.jobId ? { ...job, stage: event.stage, fraction } : job)) };
      });
    },

    finished({ jobId, outcome }) {
      if (finishedJobs.has(jobId)) return;
      finishedJobs.add(jobId);
      const job = get().jobs.find((running) => running.jobId === jobId);
      set((state) => ({ jobs: state.jobs.filter((running) => running.jobId !== jobId) }));
      cancelWaiters.get(jobId)?.(outcome);
      cancelWaiters.delete(jobId);
      if (!outcome.ok && outcome.error.code === 'cave_cancelled') return; // the person asked for it
      const key = outcome.ok ? outcome.analysisId : failureKey(jobId);
      set((state) => withOutcome(memory, state, key, outcome, outcome.ok ? (job?.replaces ?? null) : null));
    },

    async cancel(jobId) {
      markCancelling(jobId, true);
      // Waiting from before the call: the job's end can arrive before main's answer.
      const ended = new Promise<JobFinishedEvent['outcome']>((resolve) => cancelWaiters.set(jobId, resolve));
      let cancelled: boolean;
      try {
        cancelled = (await memory.api.cancelJob({ jobId })).cancelled;
      } catch (error) {
        cancelWaiters.delete(jobId);
        markCancelling(jobId, false);
        throw error;
      }
      if (!cancelled) {
        // No longer running as far as main knows (e.g. after the event stream reconnected): the row goes;
        // a result that is still on its way is shown when it lands.
        cancelWaiters.delete(jobId);
        set((state) => ({ jobs: state.jobs.filter((job) => job.jobId !== jobId) }));
        return { cancelled: false };
      }
      // The row says "Cancelling…" until the job ends: a cancel that lands after the original was stored says so.
      return { cancelled: true, outcome: await ended };
    },
  };
}

/** Starting analyses: files, pasted text, an MCP server, a stored handle, or one on screen measured again. */
function catalogStarts(
  memory: CatalogsMemory,
  set: SetCatalogs,
  get: GetCatalogs,
): Pick<CatalogsState, 'analyzeFiles' | 'analyzeText' | 'openFiles' | 'importMcpServer' | 'openHandle' | 'reanalyze'> {
  const { api, choice } = memory;
  /**
   * A job that never reached main (a refused or unreadable file, a rejected call): it ends as every job ends, with
   * the jobFinished of early-failures.ts — handed straight to finished(), as this store is where those events go.
   */
  const failEarly = failBeforeStart(localJobId, (event) => get().finished(event));

  const analyzeBytes = async (name: string, bytes: Uint8Array, tokenizer: TokenizerName, origin: InputOrigin) => {
    try {
      // The origin comes back with a failure (its advice on retrying depends on it), so nothing is kept here meanwhile.
      get().track([await api.analyzeCatalog({ name, tokenizer, bytes, origin, ...choiceFields(choice()) })]);
    } catch (error) {
      failEarly(name, asCavemanError(error).toValue());
    }
  };

  return {
    async analyzeFiles(files, tokenizer) {
      memory.pinned = false;
      for (const file of files) {
        const intake = await takeInFile(file);
        if (intake.refusal) failEarly(intake.name, intake.refusal);
        else await analyzeBytes(intake.name, intake.bytes, tokenizer, 'file');
      }
    },

    async analyzeText(text, tokenizer) {
      memory.pinned = false;
      const pastes = get().pastes + 1;
      set({ pastes });
      const name = pastedName(pastes);
      const bytes = new TextEncoder().encode(text);
      const refusal = sizeRefusal(bytes.byteLength);
      if (refusal) failEarly(name, refusal);
      else await analyzeBytes(name, bytes, tokenizer, 'paste');
    },

    async openFiles(tokenizer) {
      memory.pinned = false;
      get().track(await api.openCatalogFiles({ tokenizer, ...choiceFields(choice()) }));
    },

    async importMcpServer(request) {
      memory.pinned = false;
      get().track([await api.importMcpServer({ ...request, ...choiceFields(choice()) })]);
    },

    async openHandle(handle, tokenizer, shrink) {
      // A catalog already open for this handle is shown instead of a second copy.
      const open = get().order.find((key) => get().summaries[key]?.report.recovery_handle === handle);
      if (open !== undefined) return get().select(open);
      memory.pinned = false;
      get().track([await api.openHistoryEntry({ handle, tokenizer, ...choiceFields(choice()), ...(shrink === undefined ? {} : { shrink }) })]);
    },

    async reanalyze(analysisId, tokenizer) {
      get().track([await api.reanalyzeCatalog({ analysisId, tokenizer, ...choiceFields(choice()) })], { replaces: analysisId });
    },
  };
}

/** The list of results: the one on screen, and closing one. */
function catalogList(memory: CatalogsMemory, set: SetCatalogs, get: GetCatalogs): Pick<CatalogsState, 'select' | 'close'> {
  return {
    select(key) {
      if (outcomeFor(get(), key) === null) return;
      memory.pinned = true;
      set({ activeKey: key });
    },

    close(key) {
      set((state) => {
        const at = state.order.indexOf(key);
        if (at < 0) return {};
        const order = state.order.filter((existing) => existing !== key);
        const summaries = { ...state.summaries };
        const failures = { ...state.failures };
        delete summaries[key];
        delete failures[key];
        const activeKey = state.activeKey === key ? (order[Math.min(at, order.length - 1)] ?? null) : state.activeKey;
        return { order, summaries, failures, activeKey };
      });
    },
  };
}
