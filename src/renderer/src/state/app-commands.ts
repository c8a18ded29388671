// The app's commands (Open…, Paste JSON, Import from MCP server…, Save…, Find, switch tabs), shared by
// the toolbar, the browser's key shortcuts, Electron's menu, the dialogs, the
// history details and the window's file drop: components call these by name
// instead of assembling requests. DOM access (clipboard, the diff editor's
// search) comes in as parameters.

import type { AnalysisSummary, CatalogSide, LevelName, McpServerRef, TokenizerName } from '../../../shared/contracts';
import { asCavemanError } from '../../../shared/errors';
import type { CavemanApi, ExportOutcome } from '../../../shared/ipc/caveman-api';
import type { AppCommand } from '../lib/shortcuts';
import type { CatalogFile } from '../lib/catalog-input';
import { whyNoCompressed } from '../lib/compressed-handout';
import { formatBytes, formatCount } from '../lib/format';
import type { AppStores } from './app-stores';
import { outcomeFor } from './catalogs-store';
import { shownShrink } from './history-store';
import { errorMessage } from '../../../shared/error-message';

export interface CommandEnvironment {
  /** Reads the clipboard as text; rejects when the host refuses. */
  readClipboardText(): Promise<string>;
  /** Puts text on the clipboard; rejects when the host refuses. */
  writeClipboardText(text: string): Promise<void>;
  /** Opens the diff editor's search when focus is in the editor; false otherwise. */
  openEditorSearch(): boolean;
}

export interface AppCommands {
  run(command: AppCommand): void;
  open(): Promise<void>;
  /** Paste JSON: the clipboard's text, or the paste dialog when it cannot be read or is empty. */
  paste(): Promise<void>;
  /** Shrinks text the person pasted (as pasted.json, then pasted-2.json…) and shows the Results tab. */
  shrinkText(text: string): Promise<void>;
  /** Shrinks files dropped on the window and shows the Results tab. */
  shrinkFiles(files: readonly CatalogFile[]): Promise<void>;
  /** Import from MCP server…: opens the dialog and looks for servers in the known config files. */
  importMcp(): void;
  /** Starts importing one server; on success the dialog closes on the Results tab. Resolves the sentence saying why it could not start, or null. */
  importServer(server: McpServerRef): Promise<string | null>;
  /** Opens a stored handle in the diff (Results tab); a failure becomes a notice. */
  openHandle(handle: string): Promise<void>;
  /** Deletes a stored handle and says so in a notice; resolves false when it could not (the notice says why). */
  deleteHandle(handle: string): Promise<boolean>;
  /** Deletes every handle selected in History and says how many in a notice; resolves false when it could not delete them all. */
  deleteSelection(): Promise<boolean>;
  /** Picks the tokenizer; the catalog on screen is measured again with it (a failure becomes a notice). */
  setTokenizer(tokenizer: TokenizerName): void;
  /** Turns shared sub-schemas on or off; the catalog on screen is shrunk again (a failure becomes a notice). */
  setShareSchemas(share: boolean): void;
  /** Picks the level; the catalog on screen is shrunk again at it (a failure becomes a notice). */
  setLevel(level: LevelName): void;
  /** Sets the listing's token budget (null: none); the catalog on screen is shrunk again with it. */
  setBudget(budget: number | null): void;
  /** Copies an analysis's compressed catalog to the clipboard and says so, or why not, in a notice. */
  copyCompressed(summary: AnalysisSummary): Promise<void>;
  /** Saves one side of the catalog on screen (on the History tab: of the selected handle). */
  saveActive(which: CatalogSide): Promise<void>;
  /** Saves one side of a stored handle (history: recover / export). */
  saveHandle(handle: string, which: CatalogSide): Promise<void>;
  find(): void;
}

/** How long Paste JSON waits for the clipboard before it offers the dialog. */
export const CLIPBOARD_TIMEOUT_MS = 1500;

const SIDE_WORDS: Record<CatalogSide, string> = { compressed: 'the compressed catalog', original: 'the original catalog' };

function describeExport(outcome: ExportOutcome): string | null {
  if (outcome.status === 'cancelled') return null;
  const verb = outcome.status === 'saved' ? 'Saved' : 'Downloaded';
  return outcome.fileName ? `${verb} ${outcome.fileName}` : verb;
}

/** What every group of commands works with. */
interface CommandContext {
  api: CavemanApi;
  stores: AppStores;
  env: CommandEnvironment;
  notify: ReturnType<AppStores['ui']['getState']>['notify'];
  /** The tokenizer picked in the settings. */
  tokenizer: () => TokenizerName;
}

export function createAppCommands(api: CavemanApi, stores: AppStores, env: CommandEnvironment): AppCommands {
  const context: CommandContext = { api, stores, env, notify: stores.ui.getState().notify, tokenizer: () => stores.settings.getState().tokenizer };
  const commands: AppCommands = {
    run: (command) => runCommand(commands, stores, command),
    ...inputCommands(context),
    ...deleteCommands(context),
    ...settingCommands(context),
    ...saveCommands(context),
    find() {
      if (env.openEditorSearch()) return;
      stores.ui.getState().requestFind();
    },
  };
  return commands;
}

/** A command of the menu, the toolbar or a key shortcut, by name. */
function runCommand(commands: AppCommands, stores: AppStores, command: AppCommand): void {
  switch (command) {
    case 'open':
      void commands.open();
      break;
    case 'paste':
      void commands.paste();
      break;
    case 'import-mcp':
      commands.importMcp();
      break;
    case 'save-compressed':
      void commands.saveActive('compressed');
      break;
    case 'save-original':
      void commands.saveActive('original');
      break;
    case 'find':
      commands.find();
      break;
    case 'show-history':
      stores.ui.getState().setTab('history');
      break;
    case 'show-results':
      stores.ui.getState().setTab('results');
      break;
    case 'show-servers':
      stores.ui.getState().setTab('servers');
      break;
    case 'show-shortcuts':
      stores.ui.getState().setShortcutsOpen(true);
      break;
  }
}

/** Reads the clipboard's text; null when the host refuses or does not answer in time. */
async function clipboardText(env: CommandEnvironment): Promise<string | null> {
  try {
    return await Promise.race([
      env.readClipboardText(),
      new Promise<string>((_, reject) => setTimeout(() => reject(new Error('the clipboard did not answer')), CLIPBOARD_TIMEOUT_MS)),
    ]);
  } catch {
    return null;
  }
}

/** Catalogs coming in: files, pasted text, an MCP server, a stored handle. Each shows the Results tab. */
function inputCommands({
  stores,
  env,
  notify,
  tokenizer,
}: CommandContext): Pick<AppCommands, 'open' | 'paste' | 'shrinkText' | 'shrinkFiles' | 'importMcp' | 'importServer' | 'openHandle'> {
  const shrinkText = async (text: string) => {
    stores.ui.getState().setTab('results');
    await stores.catalogs.getState().analyzeText(text, tokenizer());
  };
  return {
    async open() {
      try {
        await stores.catalogs.getState().openFiles(tokenizer());
        stores.ui.getState().setTab('results');
      } catch (error) {
        notify('error', `Could not open files: ${asCavemanError(error).message}`);
      }
    },

    async paste() {
      const text = await clipboardText(env);
      if (text === null || text.trim() === '') {
        stores.ui.getState().setPasteDialog(text === null ? 'unreadable' : 'empty');
        return;
      }
      await shrinkText(text);
    },

    shrinkText,

    async shrinkFiles(files) {
      stores.ui.getState().setTab('results');
      await stores.catalogs.getState().analyzeFiles(files, tokenizer());
    },

    importMcp() {
      stores.ui.getState().setMcpDialogOpen(true);
      void stores.mcp.getState().discover();
    },

    async importServer(server) {
      try {
        await stores.catalogs.getState().importMcpServer({ server, tokenizer: tokenizer() });
      } catch (error) {
        return `Could not import: ${asCavemanError(error).message}`;
      }
      stores.ui.getState().setMcpDialogOpen(false);
      stores.ui.getState().setTab('results');
      return null;
    },

    async openHandle(handle) {
      try {
        await stores.catalogs.getState().openHandle(handle, tokenizer(), shownShrink(stores.history.getState(), handle));
        stores.ui.getState().setTab('results');
      } catch (error) {
        notify('error', `Could not open ${handle}: ${asCavemanError(error).message}`);
      }
    },
  };
}

/** Deleting stored handles from History, each outcome said in a notice. */
function deleteCommands({ stores, notify }: CommandContext): Pick<AppCommands, 'deleteHandle' | 'deleteSelection'> {
  return {
    async deleteHandle(handle) {
      try {
        const deleted = await stores.history.getState().remove(handle);
        notify('info', deleted ? `Deleted ${handle}` : `${handle} was already gone`);
        return true;
      } catch (error) {
        notify('error', `Could not delete ${handle}: ${asCavemanError(error).message}`);
        return false;
      }
    },

    async deleteSelection() {
      const asked = stores.history.getState().selection.length;
      try {
        const deleted = await stores.history.getState().removeSelection();
        const gone = asked - deleted;
        notify('info', `Deleted ${formatCount(deleted, 'handle')}${gone > 0 ? ` (${formatCount(gone, 'was', 'were')} already gone)` : ''}`);
        return true;
      } catch (error) {
        notify('error', `Could not delete every selected handle: ${asCavemanError(error).message}`);
        return false;
      }
    },
  };
}

/** The settings that change how a catalog is measured or shrunk: the one on screen is analysed again when it differs. */
function settingCommands({ stores, notify }: CommandContext): Pick<AppCommands, 'setTokenizer' | 'setShareSchemas' | 'setLevel' | 'setBudget'> {
  /** The analysis on screen, if it succeeded. */
  const onScreen = (): AnalysisSummary | null => {
    const state = stores.catalogs.getState();
    const outcome = outcomeFor(state, state.activeKey);
    return outcome?.ok ? outcome : null;
  };
  const runAgain = (summary: AnalysisSummary, tokenizer: TokenizerName, what: 'measure' | 'shrink') =>
    stores.catalogs
      .getState()
      .reanalyze(summary.analysisId, tokenizer)
      .catch((error: unknown) => notify('error', `Could not ${what} ${summary.name} again: ${errorMessage(error)}`));

  return {
    setTokenizer(tokenizer) {
      stores.settings.getState().setTokenizer(tokenizer);
      const active = onScreen();
      if (active && active.tokenizer !== tokenizer) void runAgain(active, tokenizer, 'measure');
    },

    // Shared sub-schemas are an opt-in (not every client resolves $ref); turning it on or off shrinks the catalog on screen again.
    setShareSchemas(share) {
      stores.settings.getState().setShareSchemas(share);
      const active = onScreen();
      if (active && (active.shareSchemas === true) !== share) void runAgain(active, active.tokenizer, 'shrink');
    },

    setLevel(level) {
      stores.settings.getState().setLevel(level);
      const active = onScreen();
      if (active && active.level !== level) void runAgain(active, active.tokenizer, 'shrink');
    },

    setBudget(budget) {
      stores.settings.getState().setBudget(budget);
      const active = onScreen();
      if (active && (active.report.budget?.tokens ?? null) !== stores.settings.getState().budget) void runAgain(active, active.tokenizer, 'shrink');
    },
  };
}

/** Catalogs going out: copied to the clipboard or saved as a file, each outcome said in a notice. */
function saveCommands({ api, stores, env, notify }: CommandContext): Pick<AppCommands, 'copyCompressed' | 'saveActive' | 'saveHandle'> {
  /** A stored handle to export: the compressed side as the shrink the details show made it. */
  const handleSource = (handle: string) => {
    const shrink = shownShrink(stores.history.getState(), handle);
    return shrink === undefined ? { handle } : { handle, shrink };
  };

  const exportWith = async (request: Parameters<CavemanApi['exportCatalog']>[0]) => {
    try {
      const text = describeExport(await api.exportCatalog(request));
      if (text) notify('info', text);
    } catch (error) {
      notify('error', `Could not save ${SIDE_WORDS[request.which]}: ${asCavemanError(error).message}`);
    }
  };

  return {
    async copyCompressed(summary) {
      try {
        const text = await api.getCatalogText({ analysisId: summary.analysisId, which: 'compressed' });
        await env.writeClipboardText(text);
        notify('info', `Copied the compressed catalog (${formatBytes(summary.bytesAfter)})`);
      } catch (error) {
        notify('error', `Could not copy the compressed catalog: ${asCavemanError(error).message}`);
      }
    },

    async saveActive(which) {
      const selected = stores.history.getState().selected;
      if (stores.ui.getState().tab === 'history' && selected !== null) {
        await exportWith({ source: handleSource(selected), which });
        return;
      }
      const state = stores.catalogs.getState();
      const outcome = outcomeFor(state, state.activeKey);
      if (!outcome?.ok) {
        notify('info', 'Nothing to save yet: open or drop a catalog first.');
        return;
      }
      const noCompressed = which === 'compressed' ? whyNoCompressed(outcome) : null;
      if (noCompressed) {
        notify('info', `No compressed catalog to save: ${noCompressed}. Save original… keeps the catalog as it is.`);
        return;
      }
      await exportWith({ source: { analysisId: outcome.analysisId }, which });
    },

    saveHandle: (handle, which) => exportWith({ source: handleSource(handle), which }),
  };
}
