// Creates every store for one API and wires main's events into them. The
// API is a parameter, so tests build the same graph with a fake.

import type { CavemanApi } from '../../../shared/ipc/caveman-api';
import type { Unsubscribe } from '../../../shared/ipc/channels';
import type { AppCommand } from '../lib/shortcuts';
import { createCatalogsStore, type CatalogsStore } from './catalogs-store';
import { createHistoryStore, type HistoryStore } from './history-store';
import { createLastResultsStore, type LastResultsStore } from './last-results';
import { createMcpStore, type McpStore } from './mcp-store';
import { progressPerFrame, throttledAnimationFrame } from './progress-per-frame';
import { createResultPrefetch, type ResultPrefetch } from './result-prefetch';
import { createSettingsStore, type SettingsStorage, type SettingsStore } from './settings-store';
import { createUiStore, type UiStore } from './ui-store';

export interface AppStores {
  catalogs: CatalogsStore;
  history: HistoryStore;
  /** What was open before the reload, offered again on the empty Results tab. */
  lastResults: LastResultsStore;
  mcp: McpStore;
  /** The report and the diff of the result taking the screen, asked for when its job finished. */
  prefetch: ResultPrefetch;
  settings: SettingsStore;
  ui: UiStore;
}

/** The page's localStorage, or null where there is none (plain Node in tests) or the host refuses it. */
function pageStorage(): SettingsStorage {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function createAppStores(api: CavemanApi, storage: SettingsStorage = pageStorage()): AppStores {
  const settings = createSettingsStore(api, storage);
  const catalogs = createCatalogsStore(api, {
    choice: () => {
      const { shareSchemas, level, budget } = settings.getState();
      return { shareSchemas, level, ...(budget !== null ? { budget } : {}) };
    },
  });
  return {
    catalogs,
    history: createHistoryStore(api),
    lastResults: createLastResultsStore(catalogs, storage),
    mcp: createMcpStore(api),
    prefetch: createResultPrefetch(api),
    settings,
    ui: createUiStore(),
  };
}

/**
 * Feeds main's events to the stores: progress and results to the catalogs
 * (the result that takes the screen has its report and diff asked for at
 * once; a stored result also refreshes history), jobs main started itself (a
 * file opened from the OS) to the Results tab, menu commands to `onCommand`.
 * Progress is drawn per frame (progress-per-frame.ts) on `nextFrame`, by
 * default at most every PROGRESS_DRAW_MS.
 */
export function connectEvents(
  api: CavemanApi,
  stores: AppStores,
  onCommand: (command: AppCommand) => void,
  nextFrame: (draw: () => void) => void = throttledAnimationFrame(),
): Unsubscribe {
  const progress = progressPerFrame((event) => stores.catalogs.getState().progress(event), nextFrame);
  const offs = [
    api.on('jobProgress', (event) => progress.take(event)),
    api.on('jobFinished', (event) => {
      progress.forget(event.jobId);
      stores.catalogs.getState().finished(event);
      const { outcome } = event;
      // Before the store's change is drawn (React draws it after this handler): the table can draw with the summary.
      if (outcome.ok && stores.catalogs.getState().activeKey === outcome.analysisId) stores.prefetch.start(outcome.analysisId, event.lint);
      if (outcome.ok && outcome.report.recovery_handle !== undefined) void stores.history.getState().refresh();
    }),
    api.on('jobsStarted', ({ jobs }) => {
      if (jobs.length === 0) return;
      stores.catalogs.getState().track(jobs, { newBatch: true });
      stores.ui.getState().setTab('results');
    }),
    api.on('menuCommand', ({ command }) => onCommand(command)),
  ];
  return () => {
    offs.forEach((off) => off());
    progress.clear();
  };
}
