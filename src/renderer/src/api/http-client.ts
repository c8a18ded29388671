// The CavemanApi over the browser host (http-protocol.ts): POST /api/<channel>
// with the page's token and client id; analyzeCatalog and a picked MCP
// config file (mcp:readConfig) send the raw bytes;
// downloadCatalog answers raw bytes that become a file download; events come
// from the NDJSON stream, whose hello line gives the client id. The file
// picker and the download are parameters, so tests run in plain Node.

import { CavemanError, asCavemanError, type ErrorValue } from '../../../shared/errors';
import { shareChoice, type CavemanApi } from '../../../shared/ipc/caveman-api';
import { CHANNELS, type ApiResult, type Method, type RequestOf, type ResponseOf } from '../../../shared/ipc/channels';
import { CLIENT_HEADER, PARAMS_HEADER, RESULT_HEADER, TOKEN_HEADER, channelPath } from '../../../shared/ipc/http-protocol';
import type { JobStarted } from '../../../shared/contracts';
import { catalogName, readCatalogBytes, sizeRefusal, type CatalogFile } from '../lib/catalog-input';
import { assembleDiff, decodeText, parseLintReport } from './diff-texts';
import { createEventHub } from './event-hub';
import { openEventStream, type EventStreamOptions } from './event-stream';

export interface HttpApiOptions {
  fetch: typeof fetch;
  /** The page's API token (from <meta name="caveman-api-token">). */
  token: string;
  /** Origin of the host; '' for the page's own origin. */
  baseUrl?: string;
  /** Shows a file picker; [] when the person cancels. */
  pickFiles(): Promise<CatalogFile[]>;
  /** Hands downloaded bytes to the browser as a file. */
  saveDownload(bytes: Uint8Array, fileName: string): void;
  /** Shows a file picker for one MCP config file; null when the person cancels. */
  pickConfigFile?(): Promise<CatalogFile | null>;
  /** How long a call waits for the event stream's hello before it goes without a client id. */
  helloTimeoutMs?: number;
  /** Reconnect wait of the event stream (tests make it instant). */
  wait?: EventStreamOptions['wait'];
}

export interface HttpCavemanApi extends CavemanApi {
  /** Closes the event stream. */
  dispose(): void;
}

function isApiResult(value: unknown): value is ApiResult<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const ok = (value as { ok?: unknown }).ok;
  return ok === true ? 'value' in value : ok === false && typeof (value as { code?: unknown }).code === 'string';
}

/** The value of the host's JSON answer, or a CavemanError. */
async function readJsonResult<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const code = response.status === 401 || response.status === 403 ? 'cave_forbidden' : 'cave_internal';
    throw new CavemanError(code, `the browser host answered HTTP ${response.status} without a result`);
  }
  if (!isApiResult(body)) throw new CavemanError('cave_internal', `the browser host answered HTTP ${response.status} with something that is not a result`);
  if (body.ok) return body.value as T;
  throw new CavemanError(body.code, body.message);
}

function parseResultHeader(value: string | null): Record<string, unknown> {
  if (value === null) throw new CavemanError('cave_internal', 'the browser host sent bytes without their description');
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // not URI-encoded: parse it as it is
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoded);
  } catch {
    parsed = null;
  }
  if (typeof parsed !== 'object' || parsed === null) throw new CavemanError('cave_internal', 'the browser host sent a malformed result header');
  return parsed as Record<string, unknown>;
}

export function createHttpApi(options: HttpApiOptions): HttpCavemanApi {
  const baseUrl = options.baseUrl ?? '';
  const hub = createEventHub();
  let clientId: string | null = null;
  let greet: (() => void) | null = null;
  const firstHello = new Promise<void>((resolve) => {
    greet = resolve;
  });
  let localJobs = 0;

  const stream = openEventStream({
    fetch: options.fetch,
    token: options.token,
    baseUrl,
    onHello(id) {
      clientId = id;
      greet?.();
    },
    onEvent: (event, payload) => hub.emit(event, payload),
    ...(options.wait ? { wait: options.wait } : {}),
  });

  const headers = async (extra: Record<string, string>): Promise<Record<string, string>> => {
    if (clientId === null) {
      const timeout = options.helloTimeoutMs ?? 5000;
      await Promise.race([firstHello, new Promise((resolve) => setTimeout(resolve, timeout))]);
    }
    return { [TOKEN_HEADER]: options.token, ...(clientId === null ? {} : { [CLIENT_HEADER]: clientId }), ...extra };
  };

  const post = async (method: Method, init: { body: BodyInit; headers: Record<string, string> }): Promise<Response> => {
    try {
      return await options.fetch(baseUrl + channelPath(CHANNELS[method].channel), {
        method: 'POST',
        headers: await headers(init.headers),
        body: init.body,
        cache: 'no-store',
      });
    } catch (error) {
      throw new CavemanError('cave_internal', `could not reach the browser host: ${asCavemanError(error).message}`);
    }
  };

  const call = async <M extends Method>(method: M, request: RequestOf<M>): Promise<ResponseOf<M>> =>
    readJsonResult<ResponseOf<M>>(await post(method, { body: JSON.stringify(request), headers: { 'content-type': 'application/json' } }));

  /** A binary-response channel: the raw bytes plus the other fields from RESULT_HEADER (failures are JSON). */
  const callBinary = async <M extends Method>(method: M, request: RequestOf<M>): Promise<{ bytes: Uint8Array; fields: Record<string, unknown> }> => {
    const response = await post(method, { body: JSON.stringify(request), headers: { 'content-type': 'application/json' } });
    if (!response.headers.has(RESULT_HEADER)) {
      await readJsonResult(response); // a failure throws here
      throw new CavemanError('cave_internal', `the browser host answered ${CHANNELS[method].channel} without its bytes`);
    }
    const fields = parseResultHeader(response.headers.get(RESULT_HEADER));
    return { bytes: new Uint8Array(await response.arrayBuffer()), fields };
  };

  const analyzeCatalog: CavemanApi['analyzeCatalog'] = async ({ bytes, ...params }) => {
    const response = await post('analyzeCatalog', {
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': 'application/octet-stream', [PARAMS_HEADER]: encodeURIComponent(JSON.stringify(params)) },
    });
    return readJsonResult(response);
  };

  /** A file the renderer could not send: a local job that finishes at once with the failure. */
  const localFailure = (name: string, error: ErrorValue): JobStarted => {
    const jobId = `local-${++localJobs}`;
    setTimeout(() => hub.emit('jobFinished', { jobId, outcome: { ok: false, name, error } }), 0);
    return { jobId, name };
  };

  return {
    platform: 'browser',
    dispose: () => stream.close(),
    getAppInfo: () => call('getAppInfo', {}),
    analyzeCatalog,
    reanalyzeCatalog: (analysisId, tokenizer, choice) => call('reanalyzeCatalog', { analysisId, tokenizer, ...shareChoice(choice) }),
    async openCatalogFiles(tokenizer, choice) {
      const files = await options.pickFiles();
      const started: JobStarted[] = [];
      for (const file of files) {
        const name = catalogName(file.name);
        const refusal = sizeRefusal(file.size);
        if (refusal) {
          started.push(localFailure(name, refusal));
          continue;
        }
        let bytes: Uint8Array;
        try {
          bytes = await readCatalogBytes(file);
        } catch (error) {
          started.push(localFailure(name, { code: 'cave_internal', message: `the file could not be read: ${asCavemanError(error).message}` }));
          continue;
        }
        started.push(await analyzeCatalog({ name, tokenizer, bytes, ...shareChoice(choice) }));
      }
      return started;
    },
    cancelJob: async (jobId) => (await call('cancelJob', { jobId })).cancelled,
    async getDiff(analysisId) {
      const [layout, original, compressed] = await Promise.all([
        callBinary('getDiffLayout', { analysisId }),
        callBinary('getPrettyText', { analysisId, which: 'original' }),
        callBinary('getPrettyText', { analysisId, which: 'compressed' }),
      ]);
      return assembleDiff(layout.bytes, original.bytes, compressed.bytes);
    },
    getLintReport: async (analysisId) => parseLintReport((await callBinary('getLintReport', { analysisId })).bytes),
    getCatalogText: async (analysisId, which) => decodeText((await callBinary('getCatalogText', { analysisId, which })).bytes),
    async exportCatalog(request) {
      const { bytes, fields } = await callBinary('downloadCatalog', request);
      const fileName = typeof fields.fileName === 'string' && fields.fileName !== '' ? fields.fileName : 'catalog.json';
      options.saveDownload(bytes, fileName);
      return { status: 'downloaded', fileName };
    },
    listHistory: (request) => call('listHistory', request),
    getHistoryEntry: async (handle) => (await call('getHistoryEntry', { handle })).entry,
    deleteHistoryEntry: async (handle) => (await call('deleteHistoryEntry', { handle })).deleted,
    openHistoryEntry: (handle, tokenizer, choice) => call('openHistoryEntry', { handle, tokenizer, ...shareChoice(choice) }),
    discoverMcpServers: () => call('discoverMcpServers', {}),
    async pickMcpConfig() {
      if (!options.pickConfigFile) throw new CavemanError('cave_internal', 'this page cannot show a file picker');
      const file = await options.pickConfigFile();
      if (!file) return null;
      const refusal = sizeRefusal(file.size);
      if (refusal) throw new CavemanError(refusal.code, refusal.message);
      // The host gets the file's content, never a path.
      const bytes = await readCatalogBytes(file);
      const response = await post('readMcpConfig', {
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': 'application/octet-stream', [PARAMS_HEADER]: encodeURIComponent(JSON.stringify({ fileName: catalogName(file.name) })) },
      });
      return readJsonResult(response);
    },
    importMcpServer: (request) => call('importMcpServer', request),
    on: (event, listener) => hub.on(event, listener),
  };
}
