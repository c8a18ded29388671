// Messages between the main process (or the browser host) and its service
// workers: tagged unions with a call id; progress and cancel use the id.

import type { AnalysisFailure, AnalysisSummary, CatalogSide, HistoryEntry, HistoryPage, JobProgressEvent } from '../../shared/contracts';
import type { ErrorValue } from '../../shared/errors';
import type { TokenizerName } from '../../shared/tokenizers';
import type { LocationEnv } from '../mcp/config-locations';
import type { Discovery } from '../mcp/discover-servers';
import type { McpTarget } from '../mcp/server-target';
import type { DiffProduct } from '../services/analysis/analyze-catalog';

export interface WorkerSetup {
  storePath: string;
  maxBytes: number;
}

export interface StoreInfo {
  path: string;
  readOnly: boolean;
  maxBytes: number;
  retainedBytes: number;
}

/** What a finished analysis carries back (byte arrays are transferred, not copied). */
export interface AnalysisPayload {
  outcome: AnalysisSummary | AnalysisFailure;
  lint?: Uint8Array | undefined;
  original: Uint8Array;
  output: Uint8Array;
  transformed?: Uint8Array | undefined;
  diff?: DiffProduct | undefined;
}

/** Every operation a worker performs: its arguments and its answer. */
export interface Operations {
  analyze: { args: { analysisId: string; name: string; tokenizer: TokenizerName; bytes: Uint8Array; shareSchemas?: boolean }; result: AnalysisPayload };
  analyzeHandle: { args: { analysisId: string; handle: string; tokenizer: TokenizerName; shareSchemas?: boolean }; result: AnalysisPayload };
  exportHandle: { args: { handle: string; which: CatalogSide }; result: { fileName: string; bytes: Uint8Array } };
  storeInfo: { args: Record<string, never>; result: StoreInfo };
  history: { args: { limit: number; offset: number; query?: string | undefined }; result: HistoryPage };
  details: { args: { handle: string }; result: HistoryEntry | null };
  delete: { args: { handle: string }; result: boolean };
  /** Lists every tool of an MCP server: `{"tools":[…]}` as UTF-8 bytes (the server is stopped before it answers). */
  /** Reads the MCP clients' config files (never starts a server). */
  discoverMcpServers: { args: { where: LocationEnv }; result: Discovery };
  /** The servers in a config file's bytes (a file the person picked). */
  readMcpConfig: { args: { displayName: string; bytes: Uint8Array }; result: Discovery };
  listMcpTools: { args: { target: McpTarget; timeoutMs: number; name: string }; result: { bytes: Uint8Array; tools: number } };
}

export type Operation = keyof Operations;

export type ToWorker =
  | { type: 'call'; id: number; op: Operation; args: unknown }
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'progress'; id: number; stage: JobProgressEvent['stage']; fraction: number }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: ErrorValue };
