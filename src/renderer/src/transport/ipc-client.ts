// The CavemanApi over Electron IPC: the preload's window.api answers
// ApiResult envelopes; this unwraps them (or throws CavemanError). The
// channel methods come from the channel table; export goes through the
// saveCatalog channel, where main shows the native save dialog; an MCP
// config file is picked through mcp:pickConfig, main's native open dialog.

import { CavemanError, asCavemanError } from '../../../shared/errors';
import type { CavemanApi } from '../../../shared/ipc/caveman-api';
import { EVENTS, subscriptionName, type ApiResult, type BridgeApi, type RequestOf, type ResponseOf, type SharedMethod } from '../../../shared/ipc/channels';
import { channelMethods } from './channel-methods';
import type { AnswerDecoder } from './off-thread-decode';

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

/** `decode`: how binary answers become values (default: on this thread). */
export function createIpcApi(bridge: BridgeApi, decode?: AnswerDecoder): CavemanApi {
  // The bridge has one method per IPC channel; each answers the response for its request.
  const send = bridge as unknown as Record<SharedMethod, (request: unknown) => Promise<ApiResult<unknown>>>;
  return {
    platform: 'electron',
    ...channelMethods(<M extends SharedMethod>(method: M, request: RequestOf<M>) => unwrap(send[method](request)) as Promise<ResponseOf<M>>, decode),
    openCatalogFiles: async (request) => (await unwrap(bridge.openCatalogFiles(request))).jobs,
    exportCatalog: async (request) => {
      const { status, fileName } = await unwrap(bridge.saveCatalog(request));
      return fileName === undefined ? { status } : { status, fileName };
    },
    async pickMcpConfig() {
      const picked = await unwrap(bridge.pickMcpConfig({}));
      return picked.status === 'picked' && picked.discovery ? picked.discovery : null;
    },
    on(event, listener) {
      if (!Object.prototype.hasOwnProperty.call(EVENTS, event)) throw new CavemanError('cave_bad_request', `there is no event named ${String(event)}`);
      return bridge[subscriptionName(event)](listener as never);
    },
  };
}
