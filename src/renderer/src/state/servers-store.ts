// The Servers view's data: the servers of the MCP config files main
// discovered (with their wrap state), each one's measurement at every level
// when the person asked for it, the tools they unticked, the level and the
// call checks they chose for a wrap. Main starts a server only on Measure; a config file is
// written only on a confirmed wrap or unwrap (preview, then commit).
//
// One store per API, made on first use: it listens to main's events itself
// (serverProgress, serverMeasured), so it needs no wiring beyond its view.

import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  CheckCallsMode,
  LevelName,
  McpConfigFile,
  ServerCosts,
  ServerEditDone,
  ServerEditPreview,
  ServerMeasuredEvent,
  ServerProgressEvent,
  ServerRow,
  TokenizerName,
} from '../../../shared/contracts';
import { asCavemanError, errorSentence } from '../../../shared/errors';
import type { CavemanApi } from '../../../shared/ipc/caveman-api';
import { costlierLevels, costlierWhy } from '../../../shared/costlier-levels';
import { DEFAULT_PROFILE, PROFILES, profileOfConfigClient } from '../../../shared/profiles';
import { DEFAULT_CHECK_CALLS } from '../../../shared/check-calls';
import { costRows } from '../../../shared/server-cost-table';

export type Measure =
  /** `queued`: Measure all has not reached it yet. */
  | { status: 'measuring'; jobId: string | null; stage: ServerProgressEvent['stage']; fraction: number; queued?: boolean }
  | { status: 'done'; costs: ServerCosts }
  | { status: 'error'; message: string };

export type EditAction = ServerEditPreview['action'];

/** A wrap's --check-calls, and its --no-check-tools as typed (names or globs, comma-separated). */
export interface WrapChecks {
  mode: CheckCallsMode;
  unchecked: string;
}

export interface ServersState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  rows: ServerRow[];
  files: McpConfigFile[];
  /** Why the last look failed. */
  error: string | null;
  /** By server id. */
  measures: Record<string, Measure>;
  /** Unticked tools by server id (a direct server's choice for its wrap). */
  excluded: Record<string, string[]>;
  /** The level chosen for a wrap, by server id (the proxy's default until chosen). */
  levels: Record<string, LevelName>;
  /** The call checks chosen for a wrap, by server id (the proxy's default, checking nothing left out, until chosen). */
  checks: Record<string, WrapChecks>;

  load(): Promise<void>;
  measure(serverId: string, tokenizer: TokenizerName): Promise<void>;
  /** Every server that can start, one after another (main asks about a project file's servers first). */
  measureAll(tokenizer: TokenizerName): Promise<void>;
  cancelMeasure(serverId: string): Promise<void>;
  /** Stops every measuring under way or queued. */
  cancelAll(): Promise<void>;
  toggleTool(serverId: string, name: string): void;
  setLevel(serverId: string, level: LevelName): void;
  setChecks(serverId: string, checks: WrapChecks): void;
  /** What the edit would change; rejects with main's refusal. */
  preview(serverId: string, action: EditAction): Promise<ServerEditPreview>;
  /** Makes the previewed edit; rejects (and changes nothing) when the file moved on since. */
  commit(preview: ServerEditPreview): Promise<ServerEditDone>;
}

export type ServersStore = StoreApi<ServersState>;

/** A server Measure all starts: its client starts it (not disabled) and it can be started as written. */
export function measurableRow(row: ServerRow): boolean {
  return row.server.problem === undefined && row.server.disabled !== true;
}

function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/** The level chosen for a server's wrap, else the ceiling of the profile its client gets from the proxy (what a wrap without --level lists at). */
export function levelOf(state: Pick<ServersState, 'levels' | 'rows'>, serverId: string): LevelName {
  const client = state.rows.find((row) => row.server.id === serverId)?.server.client;
  return state.levels[serverId] ?? (client === undefined ? DEFAULT_PROFILE_CEILING : PROFILES[profileOfConfigClient(client)].ceiling);
}

const DEFAULT_PROFILE_CEILING = PROFILES[DEFAULT_PROFILE].ceiling;

const DEFAULT_CHECKS: WrapChecks = { mode: DEFAULT_CHECK_CALLS, unchecked: '' };

export function checksOf(state: Pick<ServersState, 'checks'>, serverId: string): WrapChecks {
  return state.checks[serverId] ?? DEFAULT_CHECKS;
}

/** The request's check options: only what differs from the proxy's default is written into the entry. */
function checkOptions({ mode, unchecked }: WrapChecks): { checkCalls?: CheckCallsMode; noCheckTools?: string[] } {
  const patterns = mode === 'off' ? '' : unchecked.trim();
  return { ...(mode !== DEFAULT_CHECK_CALLS ? { checkCalls: mode } : {}), ...(patterns !== '' ? { noCheckTools: [patterns] } : {}) };
}

/** Why the level chosen for a measured server's wrap costs Claude more than a level before it; undefined when it does not (or nothing is measured). */
export function costlierChoice(state: Pick<ServersState, 'levels' | 'rows' | 'measures' | 'excluded'>, serverId: string): string | undefined {
  const measure = state.measures[serverId];
  if (measure?.status !== 'done') return undefined;
  const costlier = costlierLevels(costRows(measure.costs, new Set(state.excluded[serverId] ?? []))).get(levelOf(state, serverId));
  return costlier && costlierWhy(costlier);
}

export function createServersStore(api: CavemanApi): ServersStore {
  let looks = 0;
  const store = createStore<ServersState>()((set, get) => {
    const setMeasure = (serverId: string, measure: Measure) => set((state) => ({ measures: { ...state.measures, [serverId]: measure } }));
    const editRequest = (serverId: string, action: EditAction) => {
      if (action === 'unwrap') return { serverId, action };
      const excluded = get().excluded[serverId] ?? [];
      return {
        serverId,
        action,
        // Only a level the person chose is written: without one the proxy lists at the profile the client picks.
        ...(get().levels[serverId] !== undefined ? { level: get().levels[serverId] } : {}),
        ...(excluded.length > 0 ? { excludeTools: excluded } : {}),
        ...checkOptions(checksOf(get(), serverId)),
      };
    };

    return {
      status: 'idle',
      rows: [],
      files: [],
      error: null,
      measures: {},
      excluded: {},
      levels: {},
      checks: {},

      async load() {
        const look = ++looks;
        set({ status: 'loading', error: null });
        try {
          const overview = await api.listServers({});
          if (look !== looks) return;
          set({ status: 'ready', rows: overview.servers, files: overview.files });
        } catch (error) {
          if (look === looks) set({ status: 'error', error: `Could not read the MCP config files: ${asCavemanError(error).message}` });
        }
      },

      async measure(serverId, tokenizer) {
        setMeasure(serverId, { status: 'measuring', jobId: null, stage: 'listing', fraction: 0 });
        try {
          const { jobId } = await api.measureServer({ serverId, tokenizer });
          const current = get().measures[serverId];
          // Events may have come first; the job id is kept for Cancel either way.
          if (current?.status === 'measuring') setMeasure(serverId, { ...current, jobId });
        } catch (error) {
          setMeasure(serverId, { status: 'error', message: asCavemanError(error).message });
        }
      },

      async measureAll(tokenizer) {
        // Marked before main answers, so that no event of theirs is taken for an old measuring's.
        const planned = get().rows.filter((row) => measurableRow(row));
        for (const row of planned) setMeasure(row.server.id, { status: 'measuring', jobId: null, stage: 'listing', fraction: 0, queued: true });
        try {
          const { jobs } = await api.measureAllServers({ tokenizer });
          const started = new Map(jobs.map((job) => [job.serverId, job.jobId]));
          for (const row of planned) {
            const current = get().measures[row.server.id];
            const jobId = started.get(row.server.id);
            if (current?.status !== 'measuring') continue;
            if (jobId === undefined) set((state) => ({ measures: withoutKey(state.measures, row.server.id) }));
            else setMeasure(row.server.id, { ...current, jobId });
          }
        } catch (error) {
          const message = asCavemanError(error).message;
          for (const row of planned) setMeasure(row.server.id, { status: 'error', message });
        }
      },

      async cancelAll() {
        const jobs = Object.values(get().measures).flatMap((measure) => (measure.status === 'measuring' && measure.jobId !== null ? [measure.jobId] : []));
        await Promise.all(jobs.map((jobId) => api.cancelJob({ jobId })));
      },

      async cancelMeasure(serverId) {
        const current = get().measures[serverId];
        if (current?.status === 'measuring' && current.jobId !== null) await api.cancelJob({ jobId: current.jobId });
      },

      toggleTool(serverId, name) {
        set((state) => {
          const now = state.excluded[serverId] ?? [];
          const next = now.includes(name) ? now.filter((each) => each !== name) : [...now, name];
          return { excluded: { ...state.excluded, [serverId]: next } };
        });
      },

      setLevel: (serverId, level) => set((state) => ({ levels: { ...state.levels, [serverId]: level } })),

      setChecks: (serverId, checks) => set((state) => ({ checks: { ...state.checks, [serverId]: checks } })),

      preview: (serverId, action) => api.previewServerEdit(editRequest(serverId, action)),

      async commit(preview) {
        const done = await api.commitServerEdit({ ...editRequest(preview.serverId, preview.action), hash: preview.hash });
        set((state) => ({ rows: state.rows.map((row) => (row.server.id === done.serverId ? done.row : row)) }));
        return done;
      },
    };
  });

  const progress = (event: ServerProgressEvent) => {
    const current = store.getState().measures[event.serverId];
    if (current !== undefined && current.status !== 'measuring') return;
    store.setState((state) => ({
      measures: { ...state.measures, [event.serverId]: { status: 'measuring', jobId: event.jobId, stage: event.stage, fraction: event.fraction } },
    }));
  };
  const measured = (event: ServerMeasuredEvent) => {
    const measure: Measure = event.outcome.ok
      ? { status: 'done', costs: event.outcome.costs }
      : { status: 'error', message: errorSentence(event.outcome.error) };
    store.setState((state) => ({ measures: { ...state.measures, [event.serverId]: measure } }));
  };
  api.on('serverProgress', progress);
  api.on('serverMeasured', measured);
  return store;
}

const stores = new WeakMap<CavemanApi, ServersStore>();

/** The one store of this API (its event listeners live as long as the page). */
export function serversStoreFor(api: CavemanApi): ServersStore {
  let store = stores.get(api);
  if (!store) {
    store = createServersStore(api);
    stores.set(api, store);
  }
  return store;
}
