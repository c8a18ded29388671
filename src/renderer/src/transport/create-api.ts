// Picks the transport: the Electron preload's window.api when present,
// otherwise the browser host over HTTP with the token from the page.

import type { CavemanApi } from '../../../shared/ipc/caveman-api';
import type { BridgeApi } from '../../../shared/ipc/channels';
import { TOKEN_META } from '../../../shared/ipc/http-protocol';
import { downloadBytes, pickCatalogFiles } from './browser-files';
import { createHttpApi } from './http-client';
import { createIpcApi } from './ipc-client';
import { pageDecoder } from './off-thread-decode';

/** The token the browser host put in <meta name="caveman-api-token"> (the last non-empty one), or "". */
export function readApiToken(doc: Pick<Document, 'querySelectorAll'>): string {
  const metas = Array.from(doc.querySelectorAll<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`));
  return (
    metas
      .map((meta) => meta.content.trim())
      .filter((content) => content !== '')
      .pop() ?? ''
  );
}

export function createApi(win: Window & { api?: BridgeApi } = window): CavemanApi {
  // The big answers are decoded on a worker thread, so the page never stalls on them.
  const decode = pageDecoder();
  const api = win.api ? createIpcApi(win.api, decode) : browserApi(win, decode);
  // Started as soon as a job is, so a finished job's result does not wait for the thread to load.
  const warm = () => decode.warm();
  api.on('jobsStarted', warm);
  api.on('jobProgress', warm);
  return api;
}

function browserApi(win: Window, decode: ReturnType<typeof pageDecoder>): CavemanApi {
  const doc = win.document;
  return createHttpApi({
    decode,
    fetch: win.fetch.bind(win),
    token: readApiToken(doc),
    pickFiles: () => pickCatalogFiles(doc),
    pickConfigFile: async () => (await pickCatalogFiles(doc, false))[0] ?? null,
    saveDownload: (bytes, fileName) => downloadBytes(bytes, fileName, doc),
  });
}
