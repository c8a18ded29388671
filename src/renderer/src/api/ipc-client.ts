// The CavemanApi over Electron IPC: the preload's window.api answers
// ApiResult envelopes; this unwraps them (or throws CavemanError) and maps
// the API's methods onto the named bridge methods. Export goes through the
// saveCatalog channel, where main shows the native save dialog; an MCP
// config file is picked through mcp:pickConfig, main's native open dialog.

import { CavemanError, asCavemanError } from '../../../shared/errors';
import { shareChoice, type CavemanApi } from '../../../shared/ipc/caveman-api';
import type { ApiResult, BridgeApi } from '../../../shared/ipc/channels';
import { assembleDiff, decodeText, parseLintReport } from './diff-texts';

/** The value of an ApiResult, or a CavemanError with its code and sentence. */
export async function unwrap<T>(pending: Promise<ApiResult<T>>): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await pending;
  } catch (error) {
    throw asCavemanError(error);
  }
  if (typeof result !== 'object' || result === null) throw new CavemanError('cave_internal', 'internal error: the main process gave no answer');
  if (result.ok) return result.value;
  throw new CavemanError(result.code, result.message);
}

export function createIpcApi(bridge: BridgeApi): CavemanApi {
  return {
    platform: 'electron',
    getAppInfo: () => unwrap(bridge.getAppInfo({})),
    analyzeCatalog: (request) => unwrap(bridge.analyzeCatalog(request)),
    reanalyzeCatalog: (analysisId, tokenizer, choice) => unwrap(bridge.reanalyzeCatalog({ analysisId, tokenizer, ...shareChoice(choice) })),
    openCatalogFiles: async (tokenizer, choice) => (await unwrap(bridge.openCatalogFiles({ tokenizer, ...shareChoice(choice) }))).jobs,
    cancelJob: async (jobId) => (await unwrap(bridge.cancelJob({ jobId }))).cancelled,
    async getDiff(analysisId) {
      const [layout, original, compressed] = await Promise.all([
        unwrap(bridge.getDiffLayout({ analysisId })),
        unwrap(bridge.getPrettyText({ analysisId, which: 'original' })),
        unwrap(bridge.getPrettyText({ analysisId, which: 'compressed' })),
      ]);
      return assembleDiff(layout.bytes, original.bytes, compressed.bytes);
    },
    getLintReport: async (analysisId) => parseLintReport((await unwrap(bridge.getLintReport({ analysisId }))).bytes),
    getCatalogText: async (analysisId, which) => decodeText((await unwrap(bridge.getCatalogText({ analysisId, which }))).bytes),
    exportCatalog: async (request) => {
      const { status, fileName } = await unwrap(bridge.saveCatalog(request));
      return fileName === undefined ? { status } : { status, fileName };
    },
    listHistory: (request) => unwrap(bridge.listHistory(request)),
    getHistoryEntry: async (handle) => (await unwrap(bridge.getHistoryEntry({ handle }))).entry,
    deleteHistoryEntry: async (handle) => (await unwrap(bridge.deleteHistoryEntry({ handle }))).deleted,
    openHistoryEntry: (handle, tokenizer, choice) => unwrap(bridge.openHistoryEntry({ handle, tokenizer, ...shareChoice(choice) })),
    discoverMcpServers: () => unwrap(bridge.discoverMcpServers({})),
    async pickMcpConfig() {
      const picked = await unwrap(bridge.pickMcpConfig({}));
      return picked.status === 'picked' && picked.discovery ? picked.discovery : null;
    },
    importMcpServer: (request) => unwrap(bridge.importMcpServer(request)),
    on(event, listener) {
      switch (event) {
        case 'jobProgress':
          return bridge.onJobProgress(listener as Parameters<BridgeApi['onJobProgress']>[0]);
        case 'jobFinished':
          return bridge.onJobFinished(listener as Parameters<BridgeApi['onJobFinished']>[0]);
        case 'jobsStarted':
          return bridge.onJobsStarted(listener as Parameters<BridgeApi['onJobsStarted']>[0]);
        case 'menuCommand':
          return bridge.onMenuCommand(listener as Parameters<BridgeApi['onMenuCommand']>[0]);
        default:
          throw new CavemanError('cave_bad_request', `there is no event named ${String(event)}`);
      }
    },
  };
}
