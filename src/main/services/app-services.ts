// The main-process services behind every channel, for both hosts (the
// Electron app and the browser host). Heavy work and SQLite run on worker
// threads — "jobs" for analyses and exports, "store" for quick history calls,
// "mcp" (started on first use) for reading MCP config files and listing a
// server's tools — so the process that serves the UI keeps its event loop free.

import { existsSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AppInfo, CatalogSide } from '../../shared/contracts';
import { CavemanError, asCavemanError } from '../../shared/errors';
import { DEFAULT_TOKENIZER, TOKENIZERS } from '../../shared/tokenizers';
import { choiceFields } from '../../shared/ipc/caveman-api';
import { WorkerClient } from '../workers/worker-client';
import { serverStarts, type StartPolicy } from '../mcp/import/start-approval';
import { appLauncher, type LauncherHost } from '../mcp/wrap/app-launcher';
// The store's path rules only: the store itself (and its native SQLite) loads in the workers that open it.
import { resolveMaxBytes, resolveStorePath } from '../store/store-path';
import { AnalysisRegistry } from '../jobs/analysis-registry';
import { exportFileName } from '../analysis/export-name';
import { createDispatcher, type Dispatcher, type Handlers } from './dispatch';
import { JobRunner } from '../jobs/job-runner';
import { createMcpServices, type McpServices } from './mcp-services';
import { createServerServices } from './server-services';
import { openCatalogPaths } from './open-catalog-paths';
import { createOpenWithInbox, type OpenWithInbox } from './open-with-inbox';
import { packageVersion } from '../library/package-version';
import type { CoreServices } from './core-services';

export interface AppServicesOptions {
  /** The recovery store; default per docs/store.md (CAVEMAN_CCR_DB, CAVEMAN_HOME, ~/.caveman). */
  storePath?: string | undefined;
  platform: AppInfo['platform'];
  /** What happens to an MCP server that did not come from discovery (see start-approval.ts); default: refused. */
  startPolicy?: StartPolicy | undefined;
  /** What a wrapped entry starts (app-launcher.ts); default: this Node. The desktop app: its Electron binary. */
  launcherHost?: LauncherHost | undefined;
  /** The built CLI entry a wrapped entry runs; default: cli.js beside this bundle (out/main). */
  cliEntry?: string | undefined;
  /** Starts the jobs worker now and readies it for a first analysis (warm-up.ts), so the first catalog does not wait for that. */
  warmUp?: boolean | undefined;
  /** Handlers a host adds on top (Electron: native open and save dialogs). */
  extend?: (core: CoreServices) => Handlers;
}

export interface AppServices {
  dispatcher: Dispatcher;
  core: CoreServices;
  /** Files named on a command line or by the OS, opened in the window that attaches (announced with `jobsStarted`). */
  inbox: OpenWithInbox;
  /** Resolves when no job is queued or running (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export async function createAppServices(options: AppServicesOptions): Promise<AppServices> {
  const setup = { storePath: options.storePath ?? resolveStorePath(), maxBytesSetting: process.env.CAVEMAN_CCR_MAX_BYTES };
  const jobsWorker = new WorkerClient(setup, 'jobs');
  const storeWorker = new WorkerClient(setup, 'store');
  const registry = new AnalysisRegistry();
  const mcpWorker = new WorkerClient(setup, 'mcp');
  const runner = new JobRunner(jobsWorker, registry);
  // A failed warm-up costs nothing: the first analysis starts the same way, only later.
  if (options.warmUp) jobsWorker.call('warmUp', { tokenizer: DEFAULT_TOKENIZER }).catch(() => undefined);
  const mcp = createMcpServices({ worker: mcpWorker, runner, startPolicy: options.startPolicy });
  const launcherHost = options.launcherHost ?? { kind: 'node', execPath: process.execPath };
  const cliEntry = options.cliEntry ?? fileURLToPath(new URL('./cli.js', import.meta.url));
  const servers = createServerServices({
    worker: mcpWorker,
    startPolicy: options.startPolicy,
    launcher: () => appLauncher(launcherHost, cliEntry, { realpath: realpathSync, exists: existsSync }),
  });
  const version = packageVersion();
  const core = coreServices(runner, registry, jobsWorker, mcp);

  // Files from outside the window are measured with the default tokenizer; the person can switch it after.
  const inbox = createOpenWithInbox(
    (paths, context) => openCatalogPaths(core, paths, { tokenizer: DEFAULT_TOKENIZER }, context),
    (error) => process.stderr.write(`caveman-shrink: could not open the files named at launch: ${asCavemanError(error).message}\n`),
  );

  const handlers: Handlers = {
    getAppInfo: () => appInfo({ version, platform: options.platform, startPolicy: options.startPolicy, ...setup }, storeWorker),
    ...analysisHandlers(core, runner, registry, jobsWorker),
    cancelJob: ({ jobId }) => ({ cancelled: runner.cancel(jobId) || servers.cancel(jobId) }),
    ...historyHandlers(storeWorker),
    ...mcp.handlers,
    ...servers.handlers,
    ...options.extend?.(core),
  };

  return {
    dispatcher: createDispatcher(handlers),
    core,
    inbox,
    async idle() {
      await inbox.settled();
      await Promise.all([runner.idle(), servers.idle()]);
    },
    async close() {
      await Promise.all([jobsWorker.close(), storeWorker.close(), mcpWorker.close()]);
    },
  };
}

function coreServices(runner: JobRunner, registry: AnalysisRegistry, jobsWorker: WorkerClient, mcp: McpServices): CoreServices {
  return {
    startAnalysis(name, bytes, tokenizer, context, choice, origin) {
      // The worker gets its own copy to own and hand back (transferred, not cloned again).
      const copy = bytes.slice();
      const args = { name, tokenizer, bytes: copy, ...choiceFields(choice), ...(origin ? { origin } : {}) };
      return runner.start('analyze', args, name, context, [copy.buffer as ArrayBuffer]);
    },
    async exportBytes({ source, which }) {
      if ('analysisId' in source) {
        const entry = registry.get(source.analysisId);
        return { fileName: exportFileName(entry.summary.name, which as CatalogSide), bytes: registry.side(source.analysisId, which) };
      }
      return jobsWorker.call('exportHandle', { handle: source.handle, which, ...(source.shrink !== undefined ? { shrink: source.shrink } : {}) });
    },
    readMcpConfig: (displayName, bytes) => mcp.readConfig(displayName, bytes),
  };
}

interface AppInfoFacts {
  version: string;
  platform: AppInfo['platform'];
  startPolicy: StartPolicy | undefined;
  storePath: string;
  maxBytesSetting: string | undefined;
}

/** The app's facts, with the store's as its worker reads them (or, when it cannot, the path and budget it would have and why not). */
async function appInfo(facts: AppInfoFacts, storeWorker: WorkerClient): Promise<AppInfo> {
  const base = {
    version: facts.version,
    platform: facts.platform,
    serverStarts: serverStarts(facts.startPolicy),
    tokenizers: [...TOKENIZERS],
    defaultTokenizer: DEFAULT_TOKENIZER,
  };
  try {
    const info = await storeWorker.call('storeInfo', {});
    return { ...base, storePath: info.path, storeReadOnly: info.readOnly, storeMaxBytes: info.maxBytes, storeRetainedBytes: info.retainedBytes };
  } catch (error) {
    return {
      ...base,
      storePath: facts.storePath,
      storeReadOnly: false,
      storeMaxBytes: budgetInForce(facts.maxBytesSetting),
      storeRetainedBytes: 0,
      storeError: asCavemanError(error).toValue(),
    };
  }
}

/** Starting analyses and reading what they made: the diff, the per-tool report, either side, the other levels. */
function analysisHandlers(core: CoreServices, runner: JobRunner, registry: AnalysisRegistry, jobsWorker: WorkerClient): Handlers {
  return {
    analyzeCatalog: ({ name, bytes, tokenizer, origin, shareSchemas, level, budget }, context) =>
      core.startAnalysis(name, bytes, tokenizer, context, { shareSchemas, level, budget }, origin),
    reanalyzeCatalog: ({ analysisId, tokenizer, shareSchemas, level, budget }, context) => {
      const entry = registry.get(analysisId);
      return core.startAnalysis(entry.summary.name, entry.original, tokenizer, context, { shareSchemas, level, budget });
    },
    openHistoryEntry: ({ handle, tokenizer, shareSchemas, level, budget, shrink }, context) =>
      runner.start(
        'analyzeHandle',
        { handle, tokenizer, ...choiceFields({ shareSchemas, level, budget }), ...(shrink !== undefined ? { shrink } : {}) },
        handle,
        context,
      ),
    getDiff: ({ analysisId }) => ({ bytes: diffOf(registry, analysisId) }),
    getLintReport: ({ analysisId }) => {
      const { lint } = registry.get(analysisId);
      if (!lint) throw new CavemanError('cave_not_found', 'this result has no per-tool report');
      return { bytes: lint };
    },
    getCatalogText: ({ analysisId, which }) => ({ bytes: registry.side(analysisId, which) }),
    compareLevels: ({ analysisId }) => {
      const { original, summary, levels } = registry.get(analysisId);
      // The analysis counted the input and its own level already: only the other levels are counted.
      return jobsWorker.call('compareLevels', {
        bytes: original.slice(),
        tokenizer: summary.tokenizer,
        shareSchemas: summary.shareSchemas === true,
        known: levels,
      });
    },
    downloadCatalog: (request) => core.exportBytes(request),
  };
}

/** The recovery store's history, answered by the store worker. */
function historyHandlers(storeWorker: WorkerClient): Handlers {
  return {
    listHistory: (request) => storeWorker.call('history', request),
    getHistoryEntry: async ({ handle }) => ({ entry: await storeWorker.call('details', { handle }) }),
    deleteHistoryEntry: async ({ handle }) => ({ deleted: await storeWorker.call('delete', { handle }) }),
    getHistoryTools: ({ handle, name }) => storeWorker.call('historyTools', { handle, name }),
    getToolCalls: () => storeWorker.call('toolCalls', {}),
  };
}

function diffOf(registry: AnalysisRegistry, analysisId: string) {
  const { diff } = registry.get(analysisId);
  if (!diff) throw new Error('this result has no diff');
  return diff;
}

/** The budget the store would have; 0 when the setting is refused (nothing can be stored, and storeError says why). */
function budgetInForce(setting: string | undefined): number {
  try {
    return resolveMaxBytes({ CAVEMAN_CCR_MAX_BYTES: setting });
  } catch {
    return 0;
  }
}
