// The channels only the desktop app has: native Open and Save dialogs chosen
// and shown by main (catalogs, exports, an MCP config file to import from).
// The renderer never names a path.

import type { BrowserWindow, Dialog } from 'electron';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_INPUT_BYTES, configTooLargeError } from '../../shared/errors';
import type { StartQuestion } from '../mcp/import/start-approval';
import type { CoreServices } from '../services/core-services';
import type { Handlers } from '../services/dispatch';
import { openCatalogPaths } from '../services/open-catalog-paths';

export interface DialogDeps {
  dialog: Pick<Dialog, 'showOpenDialog' | 'showSaveDialog'>;
  window: () => BrowserWindow | undefined;
}

const JSON_FILTERS = [
  { name: 'Tool catalogs (JSON)', extensions: ['json'] },
  { name: 'All files', extensions: ['*'] },
];

export function nativeDialogHandlers(core: CoreServices, deps: DialogDeps): Handlers {
  return {
    async openCatalogFiles({ tokenizer, shareSchemas, level }, context) {
      const owner = deps.window();
      const options = { title: 'Open tool catalogs', properties: ['openFile', 'multiSelections'] as ('openFile' | 'multiSelections')[], filters: JSON_FILTERS };
      const picked = owner ? await deps.dialog.showOpenDialog(owner, options) : await deps.dialog.showOpenDialog(options);
      if (picked.canceled) return { jobs: [] };
      return { jobs: await openCatalogPaths(core, picked.filePaths, { tokenizer, shareSchemas, level }, context) };
    },

    async pickMcpConfig() {
      const owner = deps.window();
      const options = {
        title: 'Choose an MCP config file',
        properties: ['openFile', 'showHiddenFiles'] as ('openFile' | 'showHiddenFiles')[],
        filters: [
          { name: 'MCP config (JSON)', extensions: ['json'] },
          { name: 'All files', extensions: ['*'] },
        ],
      };
      const picked = owner ? await deps.dialog.showOpenDialog(owner, options) : await deps.dialog.showOpenDialog(options);
      const path = picked.filePaths[0];
      if (picked.canceled || path === undefined) return { status: 'cancelled' };
      const size = (await stat(path)).size;
      if (size > MAX_INPUT_BYTES) throw configTooLargeError(basename(path), size);
      return { status: 'picked', discovery: await core.readMcpConfig(path, new Uint8Array(await readFile(path))) };
    },

    async saveCatalog(request) {
      const { fileName, bytes } = await core.exportBytes(request);
      const owner = deps.window();
      const options = {
        title: request.which === 'compressed' ? 'Save compressed catalog' : 'Save original catalog',
        defaultPath: fileName,
        filters: JSON_FILTERS,
      };
      const chosen = owner ? await deps.dialog.showSaveDialog(owner, options) : await deps.dialog.showSaveDialog(options);
      if (chosen.canceled || !chosen.filePath) return { status: 'cancelled' };
      await writeFile(chosen.filePath, bytes);
      return { status: 'saved', fileName: basename(chosen.filePath) };
    },
  };
}

/**
 * Shows a start question (start-approval.ts decides when and what) in a
 * native dialog the page cannot draw or answer; true only for the first
 * button ("Run" or "Connect"). Cancel is the default.
 */
export async function askInNativeDialog(dialog: Pick<Dialog, 'showMessageBox'>, owner: BrowserWindow | undefined, question: StartQuestion): Promise<boolean> {
  const options = {
    type: 'warning' as const,
    title: question.title,
    message: question.message,
    detail: question.detail,
    buttons: [question.confirm, 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  const answer = owner ? await dialog.showMessageBox(owner, options) : await dialog.showMessageBox(options);
  return answer.response === 0;
}
