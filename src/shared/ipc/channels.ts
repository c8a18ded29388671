// The one IPC contract (STYLE rule 2): every renderer → main channel with its
// request and response schema, and every main → renderer event. Main
// registers handlers from this list, the preload builds window.api from it,
// and the browser host serves the same list over HTTP.

import type {
  AnalysisRequest,
  AnalyzeRequest,
  AppInfo,
  CancelResult,
  CatalogBytes,
  CatalogTextRequest,
  DeleteResult,
  Download,
  EmptyRequest,
  ExportRequest,
  HandleRequest,
  HistoryDetails,
  HistoryListRequest,
  HistoryOpenRequest,
  HistoryPage,
  HistoryTools,
  HistoryToolsRequest,
  IpcFailure,
  JobFinishedEvent,
  JobProgressEvent,
  JobRequest,
  JobStarted,
  JobsStarted,
  McpConfigRequest,
  McpDiscovery,
  McpImportRequest,
  McpPickResult,
  MenuCommandEvent,
  OpenFilesRequest,
  ReanalyzeRequest,
  SaveResult,
} from '../contracts';

const IPC = 'https://schemas.caveman-shrink.dev/v1/ipc.schema.json';
const HISTORY_PAGE = 'https://schemas.caveman-shrink.dev/v1/history-page.schema.json';
const def = (name: string) => `${IPC}#/$defs/${name}`;

export type Transport = 'ipc' | 'http';

export interface ChannelSpec {
  /** The `domain:action` name on the wire. */
  channel: string;
  /** $id (with pointer) of the request schema. */
  request: string;
  /** $id (with pointer) of the response schema. */
  response: string;
  /** Where the channel exists: Electron IPC, the browser host, or both. */
  transports: readonly Transport[];
  /** Name of the Uint8Array field of the request, if any (sent as the raw HTTP body). */
  binaryRequest?: string;
  /** Name of the Uint8Array field of the response, if any (sent as the raw HTTP body). */
  binaryResponse?: string;
}

const BOTH = ['ipc', 'http'] as const;

export const CHANNELS = {
  getAppInfo: { channel: 'app:info', request: def('empty'), response: def('AppInfo'), transports: BOTH },
  analyzeCatalog: { channel: 'catalog:analyze', request: def('AnalyzeRequest'), response: def('JobStarted'), transports: BOTH, binaryRequest: 'bytes' },
  reanalyzeCatalog: { channel: 'catalog:reanalyze', request: def('ReanalyzeRequest'), response: def('JobStarted'), transports: BOTH },
  openCatalogFiles: { channel: 'catalog:openFiles', request: def('OpenFilesRequest'), response: def('JobsStarted'), transports: ['ipc'] },
  cancelJob: { channel: 'jobs:cancel', request: def('JobRequest'), response: def('CancelResult'), transports: BOTH },
  getDiffLayout: { channel: 'catalog:diff', request: def('AnalysisRequest'), response: def('CatalogBytes'), transports: BOTH, binaryResponse: 'bytes' },
  getLintReport: { channel: 'catalog:lint', request: def('AnalysisRequest'), response: def('CatalogBytes'), transports: BOTH, binaryResponse: 'bytes' },
  getPrettyText: { channel: 'catalog:prettyText', request: def('CatalogTextRequest'), response: def('CatalogBytes'), transports: BOTH, binaryResponse: 'bytes' },
  getCatalogText: { channel: 'catalog:text', request: def('CatalogTextRequest'), response: def('CatalogBytes'), transports: BOTH, binaryResponse: 'bytes' },
  saveCatalog: { channel: 'catalog:save', request: def('ExportRequest'), response: def('SaveResult'), transports: ['ipc'] },
  downloadCatalog: { channel: 'catalog:download', request: def('ExportRequest'), response: def('Download'), transports: ['http'], binaryResponse: 'bytes' },
  listHistory: { channel: 'history:list', request: def('HistoryListRequest'), response: HISTORY_PAGE, transports: BOTH },
  getHistoryEntry: { channel: 'history:details', request: def('HandleRequest'), response: def('HistoryDetails'), transports: BOTH },
  deleteHistoryEntry: { channel: 'history:delete', request: def('HandleRequest'), response: def('DeleteResult'), transports: BOTH },
  getHistoryTools: { channel: 'history:tools', request: def('HistoryToolsRequest'), response: def('HistoryTools'), transports: BOTH },
  openHistoryEntry: { channel: 'history:open', request: def('HistoryOpenRequest'), response: def('JobStarted'), transports: BOTH },
  discoverMcpServers: { channel: 'mcp:discover', request: def('empty'), response: def('McpDiscovery'), transports: BOTH },
  pickMcpConfig: { channel: 'mcp:pickConfig', request: def('empty'), response: def('McpPickResult'), transports: ['ipc'] },
  readMcpConfig: { channel: 'mcp:readConfig', request: def('McpConfigRequest'), response: def('McpDiscovery'), transports: ['http'], binaryRequest: 'bytes' },
  importMcpServer: { channel: 'mcp:import', request: def('McpImportRequest'), response: def('JobStarted'), transports: BOTH },
} as const satisfies Record<string, ChannelSpec>;

export type Method = keyof typeof CHANNELS;

/** Request and response types per method (the schemas above, as generated types). */
export interface MethodTypes {
  getAppInfo: { request: EmptyRequest; response: AppInfo };
  analyzeCatalog: { request: AnalyzeRequest; response: JobStarted };
  reanalyzeCatalog: { request: ReanalyzeRequest; response: JobStarted };
  openCatalogFiles: { request: OpenFilesRequest; response: JobsStarted };
  cancelJob: { request: JobRequest; response: CancelResult };
  /** The bytes are the UTF-8 JSON of a DiffLayout (made off the main thread, passed through untouched). */
  getDiffLayout: { request: AnalysisRequest; response: CatalogBytes };
  /** The bytes are the UTF-8 JSON of the analysis's LintReport. */
  getLintReport: { request: AnalysisRequest; response: CatalogBytes };
  getPrettyText: { request: CatalogTextRequest; response: CatalogBytes };
  getCatalogText: { request: CatalogTextRequest; response: CatalogBytes };
  saveCatalog: { request: ExportRequest; response: SaveResult };
  downloadCatalog: { request: ExportRequest; response: Download };
  listHistory: { request: HistoryListRequest; response: HistoryPage };
  getHistoryEntry: { request: HandleRequest; response: HistoryDetails };
  deleteHistoryEntry: { request: HandleRequest; response: DeleteResult };
  /** The tools behind a handle, each shortened or complete, and one tool's original definition (byte-exact text) when named. */
  getHistoryTools: { request: HistoryToolsRequest; response: HistoryTools };
  openHistoryEntry: { request: HistoryOpenRequest; response: JobStarted };
  /** Servers in the MCP clients' config files at their documented locations; reads files, never starts anything. */
  discoverMcpServers: { request: EmptyRequest; response: McpDiscovery };
  /** Electron: main shows a native open dialog for an MCP config file and lists its servers. */
  pickMcpConfig: { request: EmptyRequest; response: McpPickResult };
  /** Browser host: the servers in a config file the page read from a file input (its bytes, never a path). */
  readMcpConfig: { request: McpConfigRequest; response: McpDiscovery };
  /** Lists a server's tools off the main thread, then shrinks them like catalog:analyze (one job id throughout). */
  importMcpServer: { request: McpImportRequest; response: JobStarted };
}

export type RequestOf<M extends Method> = MethodTypes[M]['request'];
export type ResponseOf<M extends Method> = MethodTypes[M]['response'];

/** Every answer on the wire: the value, or a code and a sentence. */
export type ApiResult<T> = { ok: true; value: T } | IpcFailure;

export const EVENTS = {
  jobProgress: { channel: 'job:progress', payload: def('JobProgressEvent') },
  jobFinished: { channel: 'job:finished', payload: def('JobFinishedEvent') },
  jobsStarted: { channel: 'jobs:started', payload: def('JobsStarted') },
  menuCommand: { channel: 'menu:command', payload: def('MenuCommandEvent') },
} as const;

export type EventName = keyof typeof EVENTS;

export interface EventTypes {
  jobProgress: JobProgressEvent;
  jobFinished: JobFinishedEvent;
  jobsStarted: JobsStarted;
  menuCommand: MenuCommandEvent;
}

export type Unsubscribe = () => void;

/** Methods available on a transport. */
export function methodsFor(transport: Transport): Method[] {
  return (Object.keys(CHANNELS) as Method[]).filter((method) => (CHANNELS[method].transports as readonly Transport[]).includes(transport));
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
