// Every operation a worker thread performs, as a type: its arguments and its
// answer. The worker's side implements them (worker-operations.ts); main's side
// calls them by name (workers/worker-client.ts).

import type {
  CatalogSide,
  HistoryEntry,
  LevelComparison,
  HistoryListRequest,
  HistoryPage,
  HistoryTools,
  ToolCalls,
  InputOrigin,
  ServerCosts,
} from '../../shared/contracts';
import type { KnownLevelFigures } from '../library/level-comparison';
import type { TokenizerName } from '../../shared/tokenizers';
import type { LevelName } from '../../shared/levels';
import type { LocationEnv } from '../mcp/import/config-locations';
import type { Discovery } from '../mcp/import/discover-servers';
import type { McpTarget } from '../mcp/connection/server-target';
import type { AnalysisProduct } from './analyze-catalog';
import type { ListingProduct, ListingSettings } from '../mcp/proxy/proxy-listing';
import type { PackedTools } from '../mcp/proxy/listing-text';
import type { ListingContext } from '../mcp/proxy/tools-proxy';

export interface StoreInfo {
  path: string;
  readOnly: boolean;
  maxBytes: number;
  retainedBytes: number;
}

/** Every operation a worker performs: its arguments and its answer. */
export interface Operations {
  analyze: {
    args: {
      analysisId: string;
      name: string;
      tokenizer: TokenizerName;
      bytes: Uint8Array;
      origin?: InputOrigin;
      shareSchemas?: boolean;
      level?: LevelName;
      budget?: number;
    };
    result: AnalysisProduct;
  };
  /** Shrinks a stored original again with the tokenizer and options of one of its shrinks (`shrink`, else the latest); `tokenizer` where it recorded none. */
  analyzeHandle: {
    args: {
      analysisId: string;
      handle: string;
      tokenizer: TokenizerName;
      shareSchemas?: boolean;
      level?: LevelName;
      budget?: number;
      shrink?: number | undefined;
    };
    result: AnalysisProduct;
  };
  /** One side of a stored original; the compressed one as that shrink (`shrink`, else the latest) made it. */
  exportHandle: { args: { handle: string; which: CatalogSide; shrink?: number | undefined }; result: { fileName: string; bytes: Uint8Array } };
  compareLevels: {
    args: { bytes: Uint8Array; tokenizer: TokenizerName; shareSchemas: boolean; known?: KnownLevelFigures | undefined };
    result: LevelComparison;
  };
  storeInfo: { args: Record<string, never>; result: StoreInfo };
  /** Gets the worker ready for a first analysis with `tokenizer` (warm-up.ts); stores nothing. */
  warmUp: { args: { tokenizer: TokenizerName }; result: null };
  history: { args: HistoryListRequest; result: HistoryPage };
  details: { args: { handle: string }; result: HistoryEntry | null };
  delete: { args: { handle: string }; result: boolean };
  historyTools: { args: { handle: string; name?: string | undefined }; result: HistoryTools };
  /** The tools the proxy relayed calls of in the usage window, most called first. */
  toolCalls: { args: Record<string, never>; result: ToolCalls };
  /** Reads the MCP clients' config files (never starts a server). */
  discoverMcpServers: { args: { where: LocationEnv }; result: Discovery };
  /** The servers in a config file's bytes (a file the person picked). */
  readMcpConfig: { args: { displayName: string; bytes: Uint8Array }; result: Discovery };
  /** Lists every tool of an MCP server: `{"tools":[…]}` as UTF-8 bytes (the server is stopped before it answers). */
  listMcpTools: { args: { target: McpTarget; timeoutMs: number; name: string }; result: { bytes: Uint8Array; tools: number } };
  /** A server's listing (`{"tools":[…]}` bytes) measured at every level in every rendering (the Servers view); stores nothing. */
  measureListing: { args: { bytes: Uint8Array; tokenizer: TokenizerName }; result: ServerCosts };
  /** Loads what the proxy's listings need (the engine, the tokenizer) while the server starts; lists nothing. */
  prepareProxyListing: { args: { tokenizer: TokenizerName }; result: null };
  /** The proxy's listing of a server's tools (each tool's exact bytes): filtered, shrunk, the original committed. */
  proxyListing: { args: { tools: PackedTools; settings: ListingSettings; context: ListingContext; cacheKey?: string }; result: ListingProduct };
  /** Marks a kept listing used (the store rewrites its row: kept off the relay's thread). */
  markListingUsed: { args: { cacheKey: string }; result: null };
  /** Adds the calls a proxy relayed (per tool name) to the server's counts; throws what the store throws. */
  recordToolCalls: { args: { server: string; counts: Record<string, number> }; result: null };
}

export type Operation = keyof Operations;
