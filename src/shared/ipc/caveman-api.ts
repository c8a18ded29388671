// The API the renderer programs against, the same over Electron IPC and the
// browser host. Methods resolve with the value or reject with CavemanError
// (code + sentence). Every channel both hosts serve is a method taking its
// request object (from the channel table); only where the hosts differ
// (native dialogs vs. a file picker and downloads) is a method written here.

import type { ExportRequest, JobStarted, LevelName, McpDiscovery, OpenFilesRequest } from '../contracts';
export type { DiffPlan, DiffSection, SectionTexts } from './diff-plan';
import type { AnswerOf, EventName, EventTypes, RequestOf, SharedMethod, Unsubscribe } from './channels';

/** How to shrink, beyond the tokenizer: shared sub-schemas are an opt-in; the level is facts unless chosen; a budget (docs/levels.md) none unless given. */
export interface ShrinkChoice {
  shareSchemas?: boolean | undefined;
  level?: LevelName | undefined;
  budget?: number | undefined;
}

/** The request fields for a shrink choice: sharing only when on (the contract's default is off), the level and the budget whenever given. */
export function choiceFields(choice: ShrinkChoice | undefined): { shareSchemas?: true; level?: LevelName; budget?: number } {
  return {
    ...(choice?.shareSchemas ? { shareSchemas: true as const } : {}),
    ...(choice?.level !== undefined ? { level: choice.level } : {}),
    ...(choice?.budget !== undefined ? { budget: choice.budget } : {}),
  };
}

export interface ExportOutcome {
  status: 'saved' | 'downloaded' | 'cancelled';
  fileName?: string;
}

/**
 * How far loading a big answer is: its bytes arriving (how many of how many;
 * the total is unknown where the transport does not say), then decoding them
 * on the page's decoding thread (0…1).
 */
export type LoadProgress = { stage: 'receiving'; received: number; total: number | null } | { stage: 'decoding'; fraction: number };

export interface CallOptions {
  /** Hears the answer's bytes arrive and get decoded (the diff of a large catalog is tens of megabytes). */
  onProgress?: (progress: LoadProgress) => void;
}

/** One method per channel both hosts serve, typed from the channel table. */
export type ChannelMethods = { [M in SharedMethod]: (request: RequestOf<M>, options?: CallOptions) => Promise<AnswerOf<M>> };

export interface CavemanApi extends ChannelMethods {
  readonly platform: 'electron' | 'browser';
  /** Asks for catalog files (native dialog, or the browser's file picker) and analyses each; [] when cancelled. */
  openCatalogFiles(request: OpenFilesRequest): Promise<JobStarted[]>;
  /** Saves through a native save dialog (Electron) or downloads the file (browser). */
  exportCatalog(request: ExportRequest): Promise<ExportOutcome>;
  /** Asks for an MCP config file (native dialog, or the browser's file picker) and lists its servers; null when cancelled. */
  pickMcpConfig(): Promise<McpDiscovery | null>;
  on<E extends EventName>(event: E, listener: (payload: EventTypes[E]) => void): Unsubscribe;
}
