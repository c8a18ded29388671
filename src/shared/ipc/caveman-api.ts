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

/** How to shrink, beyond the tokenizer: shared sub-schemas (SPEC §2.3a) are an opt-in. */
export interface ShrinkChoice {
  shareSchemas?: boolean;
}

/** The request field for a shrink choice: present only when sharing is on (the contract's default is off). */
export function shareChoice(choice: ShrinkChoice | undefined): { shareSchemas?: true } {
  return choice?.shareSchemas ? { shareSchemas: true } : {};
}

export interface CavemanApi {
  readonly platform: 'electron' | 'browser';
  getAppInfo(): Promise<AppInfo>;
  analyzeCatalog(request: AnalyzeRequest): Promise<JobStarted>;
  reanalyzeCatalog(analysisId: string, tokenizer: TokenizerName, choice?: ShrinkChoice): Promise<JobStarted>;
  /** Asks for catalog files (native dialog, or the browser's file picker) and analyses each; [] when cancelled. */
  openCatalogFiles(tokenizer: TokenizerName, choice?: ShrinkChoice): Promise<JobStarted[]>;
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
  openHistoryEntry(handle: string, tokenizer: TokenizerName, choice?: ShrinkChoice): Promise<JobStarted>;
  /** The MCP servers in the config files MCP clients keep at their documented locations. Reads files; starts nothing. */
  discoverMcpServers(): Promise<McpDiscovery>;
  /** Asks for an MCP config file (native dialog, or the browser's file picker) and lists its servers; null when cancelled. */
  pickMcpConfig(): Promise<McpDiscovery | null>;
  /** Starts the chosen server, lists its tools and shrinks them: a job like analyzeCatalog (first stage "listing"). */
  importMcpServer(request: McpImportRequest): Promise<JobStarted>;
  on<E extends EventName>(event: E, listener: (payload: EventTypes[E]) => void): Unsubscribe;
}
