// The one IPC contract: every renderer → main channel with its
// request and response schema, and every main → renderer event. Main
// registers handlers from this list, the preload builds window.api from it,
// and the browser host serves the same list over HTTP.

import type { ContractTypes, IpcFailure, LintReport } from '../contracts';
import type { DiffPlan } from './diff-plan';

const IPC = 'https://schemas.caveman-shrink.dev/v1/ipc.schema.json';
const HISTORY_PAGE = 'https://schemas.caveman-shrink.dev/v1/history-page.schema.json';
const def = <const N extends string>(name: N): `${typeof IPC}#/$defs/${N}` => `${IPC}#/$defs/${name}`;

/** A contract schema's $id (with pointer); its TypeScript type is ContractTypes[id]. */
export type ContractId = keyof ContractTypes;

export type Transport = 'ipc' | 'http';

/** What the renderer makes of a binary answer (see `decodeAs`). */
export interface DecodedAnswers {
  /** UTF-8 text. */
  text: string;
  /** UTF-8 JSON checked against lint-report.schema.json. */
  lintReport: LintReport;
  /** The diff envelope (diff-envelope.ts): its layout checked against its schema, its changes against its texts, cut into sections. */
  diff: DiffPlan;
}

export interface ChannelSpec {
  /** The `domain:action` name on the wire. */
  channel: string;
  /** $id (with pointer) of the request schema. */
  request: ContractId;
  /** $id (with pointer) of the response schema. */
  response: ContractId;
  /** Where the channel exists: Electron IPC, the browser host, or both. */
  transports: readonly Transport[];
  /** Name of the Uint8Array field of the request, if any (sent as the raw HTTP body). */
  binaryRequest?: string;
  /** Name of the Uint8Array field of the response, if any (sent as the raw HTTP body). */
  binaryResponse?: string;
  /** How the renderer decodes the binary answer; the API method answers that instead of the response. */
  decodeAs?: keyof DecodedAnswers;
}

const BOTH = ['ipc', 'http'] as const;

/**
 * The one channel table. A channel is one row here, its schemas in the
 * contracts, and its handler in main; the types, the preload, both renderer
 * clients, the HTTP routes and the IPC registration all follow from the row.
 */
export const CHANNELS = {
  getAppInfo: { channel: 'app:info', request: def('empty'), response: def('AppInfo'), transports: BOTH },
  analyzeCatalog: { channel: 'catalog:analyze', request: def('AnalyzeRequest'), response: def('JobStarted'), transports: BOTH, binaryRequest: 'bytes' },
  reanalyzeCatalog: { channel: 'catalog:reanalyze', request: def('ReanalyzeRequest'), response: def('JobStarted'), transports: BOTH },
  /** Electron: main shows the native Open dialog and analyses every file picked. */
  openCatalogFiles: { channel: 'catalog:openFiles', request: def('OpenFilesRequest'), response: def('JobsStarted'), transports: ['ipc'] },
  cancelJob: { channel: 'jobs:cancel', request: def('JobRequest'), response: def('CancelResult'), transports: BOTH },
  /** The layout and both pretty-printed texts in one envelope (made off the main thread, passed through untouched). */
  getDiff: {
    channel: 'catalog:diff',
    request: def('AnalysisRequest'),
    response: def('CatalogBytes'),
    transports: BOTH,
    binaryResponse: 'bytes',
    decodeAs: 'diff',
  },
  /** The per-tool token report: the UTF-8 JSON of the analysis's LintReport. */
  getLintReport: {
    channel: 'catalog:lint',
    request: def('AnalysisRequest'),
    response: def('CatalogBytes'),
    transports: BOTH,
    binaryResponse: 'bytes',
    decodeAs: 'lintReport',
  },
  /** The analysed catalog shrunk at every level, counted as JSON and as the model sees it (made on demand, off the main thread). */
  compareLevels: { channel: 'catalog:levels', request: def('AnalysisRequest'), response: def('LevelComparison'), transports: BOTH },
  /** The compressed (or original) catalog as text, e.g. for the clipboard. */
  getCatalogText: {
    channel: 'catalog:text',
    request: def('CatalogTextRequest'),
    response: def('CatalogBytes'),
    transports: BOTH,
    binaryResponse: 'bytes',
    decodeAs: 'text',
  },
  saveCatalog: { channel: 'catalog:save', request: def('ExportRequest'), response: def('SaveResult'), transports: ['ipc'] },
  downloadCatalog: { channel: 'catalog:download', request: def('ExportRequest'), response: def('Download'), transports: ['http'], binaryResponse: 'bytes' },
  listHistory: { channel: 'history:list', request: def('HistoryListRequest'), response: HISTORY_PAGE, transports: BOTH },
  getHistoryEntry: { channel: 'history:details', request: def('HandleRequest'), response: def('HistoryDetails'), transports: BOTH },
  getHistoryTools: { channel: 'history:tools', request: def('HistoryToolsRequest'), response: def('HistoryTools'), transports: BOTH },
  /** The tools the proxy relayed calls of lately, per server (names and counts only). */
  getToolCalls: { channel: 'history:toolCalls', request: def('empty'), response: def('ToolCalls'), transports: BOTH },
  deleteHistoryEntry: { channel: 'history:delete', request: def('HandleRequest'), response: def('DeleteResult'), transports: BOTH },
  openHistoryEntry: { channel: 'history:open', request: def('HistoryOpenRequest'), response: def('JobStarted'), transports: BOTH },
  /** Servers in the MCP clients' config files at their documented locations; reads files, never starts anything. */
  discoverMcpServers: { channel: 'mcp:discover', request: def('empty'), response: def('McpDiscovery'), transports: BOTH },
  /** Electron: main shows a native open dialog for an MCP config file and lists its servers. */
  pickMcpConfig: { channel: 'mcp:pickConfig', request: def('empty'), response: def('McpPickResult'), transports: ['ipc'] },
  /** Browser host: the servers in a config file the page read from a file input (its bytes, never a path). */
  readMcpConfig: { channel: 'mcp:readConfig', request: def('McpConfigRequest'), response: def('McpDiscovery'), transports: ['http'], binaryRequest: 'bytes' },
  /** Lists a server's tools off the main thread, then shrinks them like catalog:analyze (one job id throughout). */
  importMcpServer: { channel: 'mcp:import', request: def('McpImportRequest'), response: def('JobStarted'), transports: BOTH },
  /** The Servers view: every server in the config files main discovers itself, with its wrap state; reads files, never starts anything. */
  listServers: { channel: 'servers:list', request: def('empty'), response: def('ServersOverview'), transports: BOTH },
  /** Lists a discovered server's tools and measures them at every level (a job; serverProgress and serverMeasured events; jobs:cancel). */
  measureServer: { channel: 'servers:measure', request: def('ServerMeasureRequest'), response: def('JobStarted'), transports: BOTH },
  /** Measures every server of the last listing that can start, one after another (a project file's after one confirmation). */
  measureAllServers: { channel: 'servers:measureAll', request: def('ServerMeasureAllRequest'), response: def('ServerMeasureAllStarted'), transports: BOTH },
  /** The diff a wrap or an unwrap of a discovered server would make, by id; writes nothing. */
  previewServerEdit: { channel: 'servers:preview', request: def('ServerEditRequest'), response: def('ServerEditPreview'), transports: BOTH },
  /** Makes the previewed edit, only if it is still the change the preview showed (its hash). */
  commitServerEdit: { channel: 'servers:commit', request: def('ServerEditCommit'), response: def('ServerEditDone'), transports: BOTH },
} as const satisfies Record<string, ChannelSpec>;

export type Method = keyof typeof CHANNELS;

export type RequestOf<M extends Method> = ContractTypes[(typeof CHANNELS)[M]['request']];
export type ResponseOf<M extends Method> = ContractTypes[(typeof CHANNELS)[M]['response']];
/** What the renderer's API answers: the response, or what it decodes to. */
export type AnswerOf<M extends Method> = (typeof CHANNELS)[M] extends { decodeAs: infer D extends keyof DecodedAnswers } ? DecodedAnswers[D] : ResponseOf<M>;

/** Methods both hosts serve the same way: the renderer's API has each one as is. */
export type SharedMethod = { [M in Method]: Transport extends (typeof CHANNELS)[M]['transports'][number] ? M : never }[Method];

/** Every answer on the wire: the value, or a code and a sentence. */
export type ApiResult<T> = { ok: true; value: T } | IpcFailure;

export const EVENTS = {
  jobProgress: { channel: 'job:progress', payload: def('JobProgressEvent') },
  jobFinished: { channel: 'job:finished', payload: def('JobFinishedEvent') },
  jobsStarted: { channel: 'jobs:started', payload: def('JobsStarted') },
  menuCommand: { channel: 'menu:command', payload: def('MenuCommandEvent') },
  serverProgress: { channel: 'servers:progress', payload: def('ServerProgressEvent') },
  serverMeasured: { channel: 'servers:measured', payload: def('ServerMeasuredEvent') },
} as const satisfies Record<string, { channel: string; payload: ContractId }>;

export type EventName = keyof typeof EVENTS;

/** Each event's payload type, from its schema. */
export type EventTypes = { [E in EventName]: ContractTypes[(typeof EVENTS)[E]['payload']] };

export type Unsubscribe = () => void;

/** Methods available on a transport. */
export function methodsFor(transport: Transport): Method[] {
  return (Object.keys(CHANNELS) as Method[]).filter((method) => (CHANNELS[method].transports as readonly Transport[]).includes(transport));
}

/** The methods both hosts serve (SharedMethod). */
export function sharedMethods(): SharedMethod[] {
  const http = new Set(methodsFor('http'));
  return methodsFor('ipc').filter((method): method is SharedMethod => http.has(method));
}

/** The bridge's name for an event's subscription. */
export function subscriptionName<E extends EventName>(event: E): `on${Capitalize<E>}` {
  return `on${event.charAt(0).toUpperCase()}${event.slice(1)}` as `on${Capitalize<E>}`;
}

/**
 * What the preload exposes as `window.api`: one named method per IPC
 * channel, answering ApiResult, and one `on…` subscription per event.
 * Nothing generic.
 */
export type BridgeApi = {
  [M in Method as 'ipc' extends (typeof CHANNELS)[M]['transports'][number] ? M : never]: (request: RequestOf<M>) => Promise<ApiResult<ResponseOf<M>>>;
} & {
  [E in EventName as `on${Capitalize<E>}`]: (listener: (payload: EventTypes[E]) => void) => Unsubscribe;
};
