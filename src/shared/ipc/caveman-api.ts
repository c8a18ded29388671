// The API the renderer programs against, the same over Electron IPC and the
// browser host. Methods resolve with the value or reject with CavemanError
// (code + sentence). Where the two hosts differ (native dialogs vs. a file
// picker and downloads) the method hides it.

import type {
  AnalyzeRequest,
  AppInfo,
  CatalogSide,
  DiffLayout,
  ExportRequest,
  HistoryEntry,
  HistoryListRequest,
  HistoryPage,
  HistoryTools,
  JobStarted,
  LintReport,
  McpDiscovery,
  McpImportRequest,
  TokenizerName,
} from '../contracts';
import type { EventName, EventTypes, Unsubscribe } from './channels';

/**
 * Both sides of the diff, pretty-printed the same way, with the exact changed
 * ranges and each tool's first line. Clients build it from catalog:diff and
 * two catalog:prettyText calls (the texts travel as bytes).
 */
export interface DiffTexts extends DiffLayout {
  original: string;
  compressed: string;
}

export interface ExportOutcome {
  status: 'saved' | 'downloaded' | 'cancelled';
  fileName?: string;
}

export interface CavemanApi {
  readonly platform: 'electron' | 'browser';
  getAppInfo(): Promise<AppInfo>;
  analyzeCatalog(request: AnalyzeRequest): Promise<JobStarted>;
  reanalyzeCatalog(analysisId: string, tokenizer: TokenizerName): Promise<JobStarted>;
  /** Asks for catalog files (native dialog, or the browser's file picker) and analyses each; [] when cancelled. */
  openCatalogFiles(tokenizer: TokenizerName): Promise<JobStarted[]>;
  cancelJob(jobId: string): Promise<boolean>;
  getDiff(analysisId: string): Promise<DiffTexts>;
  /** The per-tool token report of an analysis. */
  getLintReport(analysisId: string): Promise<LintReport>;
  /** The compressed (or original) catalog as text, e.g. for the clipboard. */
  getCatalogText(analysisId: string, which: CatalogSide): Promise<string>;
  /** Saves through a native save dialog (Electron) or downloads the file (browser). */
  exportCatalog(request: ExportRequest): Promise<ExportOutcome>;
  listHistory(request: HistoryListRequest): Promise<HistoryPage>;
  getHistoryEntry(handle: string): Promise<HistoryEntry | null>;
  deleteHistoryEntry(handle: string): Promise<boolean>;
  /** The tools behind a handle (shortened or complete); with a name, that tool's original definition too. */
  getHistoryTools(handle: string, name?: string): Promise<HistoryTools>;
  openHistoryEntry(handle: string, tokenizer: TokenizerName): Promise<JobStarted>;
  /** The MCP servers in the config files MCP clients keep at their documented locations. Reads files; starts nothing. */
  discoverMcpServers(): Promise<McpDiscovery>;
  /** Asks for an MCP config file (native dialog, or the browser's file picker) and lists its servers; null when cancelled. */
  pickMcpConfig(): Promise<McpDiscovery | null>;
  /** Starts the chosen server, lists its tools and shrinks them: a job like analyzeCatalog (first stage "listing"). */
  importMcpServer(request: McpImportRequest): Promise<JobStarted>;
  on<E extends EventName>(event: E, listener: (payload: EventTypes[E]) => void): Unsubscribe;
}
