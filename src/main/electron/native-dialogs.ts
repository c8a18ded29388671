// The channels only the desktop app has: native Open and Save dialogs chosen
// and shown by main (catalogs, exports, an MCP config file to import from).
// The renderer never names a path.

import type { BrowserWindow, Dialog } from 'electron';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { CavemanError, MAX_INPUT_BYTES } from '../../shared/errors';
import { formatMiB } from '../api/read-catalog-text';
import type { CoreServices } from '../services/app-services';
import type { Handlers } from '../services/dispatch';

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
    async openCatalogFiles({ tokenizer, shareSchemas }, context) {
      const owner = deps.window();
      const options = { title: 'Open tool catalogs', properties: ['openFile', 'multiSelections'] as ('openFile' | 'multiSelections')[], filters: JSON_FILTERS };
      const picked = owner ? await deps.dialog.showOpenDialog(owner, options) : await deps.dialog.showOpenDialog(options);
      if (picked.canceled) return { jobs: [] };
      const jobs = [];
      for (const path of picked.filePaths) {
        const name = basename(path);
        const size = (await stat(path)).size;
        if (size > MAX_INPUT_BYTES) {
          jobs.push(core.reportFailure(name, new CavemanError('cave_input_too_large', `${name} is ${formatMiB(size)}, above the 32 MiB limit — nothing was read or stored`), context));
          continue;
        }
        jobs.push(core.startAnalysis(name, new Uint8Array(await readFile(path)), tokenizer, context, shareSchemas));
      }
      return { jobs };
    },

    async pickMcpConfig() {
      const owner = deps.window();
      const options = {
        title: 'Choose an MCP config file',
        properties: ['openFile', 'showHiddenFiles'] as ('openFile' | 'showHiddenFiles')[],
        filters: [{ name: 'MCP config (JSON)', extensions: ['json'] }, { name: 'All files', extensions: ['*'] }],
      };
      const picked = owner ? await deps.dialog.showOpenDialog(owner, options) : await deps.dialog.showOpenDialog(options);
      const path = picked.filePaths[0];
      if (picked.canceled || path === undefined) return { status: 'cancelled' };
      const size = (await stat(path)).size;
      if (size > MAX_INPUT_BYTES) throw new CavemanError('cave_input_too_large', `${basename(path)} is ${formatMiB(size)}; that is no MCP config file`);
      return { status: 'picked', discovery: await core.readMcpConfig(path, new Uint8Array(await readFile(path))) };
    },

    async saveCatalog(request) {
      const { fileName, bytes } = await core.exportBytes(request);
      const owner = deps.window();
      const options = { title: request.which === 'compressed' ? 'Save compressed catalog' : 'Save original catalog', defaultPath: fileName, filters: JSON_FILTERS };
      const chosen = owner ? await deps.dialog.showSaveDialog(owner, options) : await deps.dialog.showSaveDialog(options);
      if (chosen.canceled || !chosen.filePath) return { status: 'cancelled' };
      await writeFile(chosen.filePath, bytes);
      return { status: 'saved', fileName: basename(chosen.filePath) };
    },
  };
}

/**
 * Main asks the person, in a native dialog the page cannot draw or answer,
 * before it runs a command typed into the app (to list an MCP server's tools).
 */
export async function confirmRun(dialog: Pick<Dialog, 'showMessageBox'>, owner: BrowserWindow | undefined, commandLine: string): Promise<void> {
  const options = {
    type: 'warning' as const,
    title: 'Run a command?',
    message: 'Caveman Shrink will run this command to list its MCP tools:',
    detail: commandLine,
    buttons: ['Run', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  };
  const answer = owner ? await dialog.showMessageBox(owner, options) : await dialog.showMessageBox(options);
  if (answer.response !== 0) throw new CavemanError('cave_cancelled', 'you chose not to run that command — nothing was started');
}
