// A CavemanApi for store tests: every method records its call and answers
// from an overridable implementation; emit() plays main's events.

import type { AnalysisFailure, AnalysisSummary, AppInfo, HistoryEntry, HistoryListRequest, LintReport, VisibleTokens } from '../../../src/shared/contracts';
import type { CavemanApi } from '../../../src/shared/ipc/caveman-api';
import type { CommandEnvironment } from '../../../src/renderer/src/state/app-commands';
import type { EventName, EventTypes } from '../../../src/shared/ipc/channels';
import { emptyPlan } from './whole-diff';

type Methods = Omit<CavemanApi, 'platform' | 'on'>;

export interface FakeApi extends CavemanApi {
  calls: { method: keyof Methods; args: unknown[] }[];
  impl: Partial<Methods>;
  emit<E extends EventName>(event: E, payload: EventTypes[E]): void;
  listeners(event: EventName): number;
}

export function createFakeApi(impl: Partial<Methods> = {}): FakeApi {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let jobs = 0;
  const defaults: Methods = {
    getAppInfo: async () => appInfo(),
    analyzeCatalog: async ({ name }) => ({ jobId: `job-${++jobs}`, name }),
    reanalyzeCatalog: async () => ({ jobId: `job-${++jobs}`, name: 'again.json' }),
    openCatalogFiles: async () => [],
    cancelJob: async () => ({ cancelled: true }),
    getDiff: async () => emptyPlan(),
    getLintReport: async () => lintReport(),
    getCatalogText: async () => '',
    compareLevels: async () => ({ tokenizer: 'o200k_base', shareSchemas: false, before: { tokens: 160, anthropic: 120, openai: 100 }, levels: [] }),
    exportCatalog: async () => ({ status: 'saved', fileName: 'out.json' }),
    listHistory: async ({ limit, offset }) => ({ entries: [], total: 0, limit, offset }),
    getHistoryEntry: async () => ({ entry: null }),
    getHistoryTools: async () => ({ tools: [] }),
    getToolCalls: async () => ({ days: 30, tools: [] }),
    deleteHistoryEntry: async () => ({ deleted: true }),
    openHistoryEntry: async () => ({ jobId: `job-${++jobs}`, name: 'stored.json' }),
    discoverMcpServers: async () => ({ servers: [], files: [] }),
    pickMcpConfig: async () => null,
    importMcpServer: async () => ({ jobId: `job-${++jobs}`, name: 'mcp:server' }),
    listServers: async () => ({ servers: [], files: [] }),
    measureServer: async () => ({ jobId: `job-${++jobs}`, name: 'mcp:server' }),
    measureAllServers: async () => ({ jobs: [] }),
    previewServerEdit: async () => {
      throw new Error('no preview in this fake');
    },
    commitServerEdit: async () => {
      throw new Error('no commit in this fake');
    },
  };
  const api = {
    platform: 'browser' as const,
    calls: [] as FakeApi['calls'],
    impl,
    on(event: EventName, listener: (payload: never) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(event: EventName, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) (listener as (p: unknown) => void)(payload);
    },
    listeners: (event: EventName) => listeners.get(event)?.size ?? 0,
  } as unknown as FakeApi;
  for (const method of Object.keys(defaults) as (keyof Methods)[]) {
    (api as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      api.calls.push({ method, args });
      const fn = (api.impl[method] ?? defaults[method]) as (...a: unknown[]) => unknown;
      return fn(...args);
    };
  }
  return api;
}

export function appInfo(overrides: Partial<AppInfo> = {}): AppInfo {
  return {
    version: '0.1.0',
    platform: 'browser',
    serverStarts: 'any',
    storePath: '/tmp/ccr.db',
    storeReadOnly: false,
    storeMaxBytes: 512 * 1024 * 1024,
    storeRetainedBytes: 0,
    tokenizers: ['o200k_base', 'cl100k_base'],
    defaultTokenizer: 'cl100k_base',
    ...overrides,
  };
}

export function lintReport(): LintReport {
  return {
    basis: 'inferred',
    content_type: 'toolschema',
    tokenizer: 'o200k_base',
    catalog_kind: 'tool-list',
    share_schemas: false,
    tokens_before: 160,
    tokens_after: 110,
    ratio: 0.3125,
    tokens_minified: 130,
    beyond_minification: 20 / 130,
    tools: [
      {
        name: 'alpha',
        tokens_before: 100,
        tokens_after: 60,
        ratio: 0.4,
        saving: { whitespace: 10, metadata: 20, structure: 0, prose: 10 },
        facts: { found: 2, kept: 2, redundant: 0, dropped: 0 },
        visible: seen(70, 50, 40, 30),
      },
      {
        name: 'beta',
        tokens_before: 50,
        tokens_after: 45,
        ratio: 0.1,
        saving: { whitespace: 5, metadata: 0, structure: 0, prose: 0 },
        facts: { found: 0, kept: 0, redundant: 0, dropped: 0 },
        visible: seen(35, 33, 20, 19),
      },
    ],
    envelope: { tokens_before: 10, tokens_after: 5, visible: seen(2, 2, 24, 24) },
    total: { tokens_before: 160, tokens_after: 110, ratio: 0.3125, tokens_minified: 130, beyond_minification: 20 / 130 },
    visible: seen(107, 85, 84, 73),
    facts: {
      found: 2,
      kept: 2,
      redundant: 0,
      dropped: 0,
      leads: { found: 2, whole: 2, shortened: 0, cut: 0 },
      by_category: {},
      redundant_facts: [],
      dropped_facts: [],
    },
  };
}

/** What the model sees, anthropic then openai, before and after. */
function seen(anthropicBefore: number, anthropicAfter: number, openaiBefore: number, openaiAfter: number): VisibleTokens {
  return { anthropic: { tokens_before: anthropicBefore, tokens_after: anthropicAfter }, openai: { tokens_before: openaiBefore, tokens_after: openaiAfter } };
}

export function summary(analysisId: string, name = `${analysisId}.json`, overrides: Partial<AnalysisSummary> = {}): AnalysisSummary {
  return {
    ok: true,
    analysisId,
    name,
    tokenizer: 'o200k_base',
    level: 'facts',
    report: {
      tokens_before: 160,
      tokens_after: 110,
      ratio: 0.3125,
      basis: 'inferred',
      content_type: 'toolschema',
      tokenizer: 'o200k_base',
      recovery_handle: 'ccr_0123456789abcdef0123456789abcdef',
    },
    toolCount: lintReport().tools.length,
    guarantees: null,
    bytesBefore: 1000,
    bytesAfter: 600,
    catalogKind: 'tool-list',
    ...overrides,
  };
}

export function failure(
  name: string,
  code: AnalysisFailure['error']['code'] = 'cave_invalid_json',
  message = 'not valid JSON at line 3, column 14',
  more: Partial<Omit<AnalysisFailure, 'ok' | 'name'>> = {},
): AnalysisFailure {
  return { ok: false, name, error: { code, message }, ...more };
}

export function historyEntry(i: number): HistoryEntry {
  return {
    handle: `ccr_${i.toString(16).padStart(32, '0')}`,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)).toISOString(),
    bytes: 1000 + i,
    tokens_before: 500,
    tokens_after: 300,
    content_type: 'toolschema',
    compressor: 'caveman-shrink',
    source_name: `file-${i}.json`,
    tool_count: 3,
    tokenizer: 'o200k_base',
    visible: { anthropic: { tokens_before: 200, tokens_after: 150 }, openai: { tokens_before: 180, tokens_after: 140 } },
  };
}

/** A listHistory over `count` synthetic rows, filtering by source name. */
export function historyOf(count: number) {
  const all = Array.from({ length: count }, (_, i) => historyEntry(count - i));
  return async ({ limit, offset, query }: HistoryListRequest) => {
    const matching = query ? all.filter((entry) => entry.source_name?.includes(query) || entry.handle.includes(query)) : all;
    return { entries: matching.slice(offset, offset + limit), total: matching.length, limit, offset, ...(query ? { query } : {}) };
  };
}

/** Resolves after pending promise callbacks have run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The DOM side of the app commands: an empty clipboard that accepts writes, no diff editor in focus. */
export const commandEnv = (overrides: Partial<CommandEnvironment> = {}): CommandEnvironment => ({
  readClipboardText: async () => '',
  writeClipboardText: async () => undefined,
  openEditorSearch: () => false,
  ...overrides,
});

/** An in-memory stand-in for localStorage. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** Storage that refuses to be read or written, as a browser's does when its site data is blocked or full. */
export function refusingStorage() {
  return {
    getItem: (): string | null => {
      throw new Error('SecurityError');
    },
    setItem: (): void => {
      throw new Error('QuotaExceededError');
    },
    removeItem: () => undefined,
  };
}
