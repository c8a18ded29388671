// The CavemanApi over the browser host (http-protocol.ts): POST /api/<channel>
// with the page's token and client id, each channel as the channel table
// describes it (binary fields travel as the raw body); downloadCatalog
// answers raw bytes that become a file download; events come
// from the NDJSON stream, whose hello line gives the client id. The file
// picker and the download are parameters, so tests run in plain Node.

import { CavemanError, asCavemanError } from '../../../shared/errors';
import type { CallOptions, CavemanApi } from '../../../shared/ipc/caveman-api';
import { CHANNELS, type ChannelSpec, type Method, type RequestOf, type ResponseOf } from '../../../shared/ipc/channels';
import { CLIENT_HEADER, PARAMS_HEADER, TOKEN_HEADER, channelPath } from '../../../shared/ipc/http-protocol';
import type { JobStarted } from '../../../shared/contracts';
import { takeInFile, type CatalogFile } from '../lib/catalog-input';
import { failBeforeStart } from '../../../shared/ipc/early-failures';
import { localJobId } from '../lib/local-job-id';
import { channelMethods } from './channel-methods';
import { readBinaryAnswer, readJsonResult } from './http-answers';
import type { AnswerDecoder, AnswerFetcher } from './off-thread-decode';
import type { AnswerFetch } from './decode-protocol';
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
  /** How binary answers become values (default: on this thread); one that can fetch answers itself is asked to (off-thread-decode.ts). */
  decode?: AnswerDecoder & { fetchAnswer?: AnswerFetcher };
  /** Reconnect wait of the event stream (tests make it instant). */
  wait?: EventStreamOptions['wait'];
}

export interface HttpCavemanApi extends CavemanApi {
  /** Closes the event stream. */
  dispose(): void;
}

export function createHttpApi(options: HttpApiOptions): HttpCavemanApi {
  const hub = createEventHub();
  const session = openSession(options, hub);
  const { call, answerRequest } = channelCaller(options, session.headers);
  const channels = channelMethods(call, options.decode, answerRequest);
  return {
    platform: 'browser',
    dispose: () => session.close(),
    ...channels,
    ...pageMethods(options, call, channels.analyzeCatalog, hub),
    on: (event, listener) => hub.on(event, listener),
  };
}

type Hub = ReturnType<typeof createEventHub>;
/** The headers of a call: the token, the client id once the event stream's hello gave it, and `extra`. */
type CallHeaders = (extra: Record<string, string>) => Promise<Record<string, string>>;
type Call = <M extends Method>(method: M, request: RequestOf<M>, options?: CallOptions) => Promise<ResponseOf<M>>;

/** The event stream, feeding `hub`, and the headers of every call (a call waits a while for the stream's hello and its client id). */
function openSession(options: HttpApiOptions, hub: Hub): { headers: CallHeaders; close(): void } {
  let clientId: string | null = null;
  let greet: (() => void) | null = null;
  const firstHello = new Promise<void>((resolve) => {
    greet = resolve;
  });
  const stream = openEventStream({
    fetch: options.fetch,
    token: options.token,
    baseUrl: options.baseUrl ?? '',
    onHello(id) {
      clientId = id;
      greet?.();
    },
    onEvent: (event, payload) => hub.emit(event, payload),
    ...(options.wait ? { wait: options.wait } : {}),
  });
  const headers: CallHeaders = async (extra) => {
    if (clientId === null) {
      const timeout = options.helloTimeoutMs ?? 5000;
      await Promise.race([firstHello, new Promise((resolve) => setTimeout(resolve, timeout))]);
    }
    return { [TOKEN_HEADER]: options.token, ...(clientId === null ? {} : { [CLIENT_HEADER]: clientId }), ...extra };
  };
  return { headers, close: () => stream.close() };
}

function channelCaller(options: HttpApiOptions, headers: CallHeaders) {
  const baseUrl = options.baseUrl ?? '';
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

  /**
   * One channel call as the table describes it: a JSON body, or the binary
   * request field as the raw body with the other fields in PARAMS_HEADER; a
   * JSON answer, or the binary response field as the raw body with the other
   * fields in RESULT_HEADER (failures are always JSON).
   */
  const call = async <M extends Method>(method: M, request: RequestOf<M>, options: CallOptions = {}): Promise<ResponseOf<M>> => {
    const spec: ChannelSpec = CHANNELS[method];
    let response: Response;
    if (spec.binaryRequest) {
      const { [spec.binaryRequest]: bytes, ...params } = request as Record<string, unknown>;
      response = await post(method, {
        // A Blob body streams from the browser's blob store; a typed-array body costs the page
        // about a second of blocked main thread per 32 MiB (measured by scripts/bench/page-long-tasks.mjs).
        body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
        headers: { 'content-type': 'application/octet-stream', [PARAMS_HEADER]: encodeURIComponent(JSON.stringify(params)) },
      });
    } else {
      response = await post(method, { body: JSON.stringify(request), headers: { 'content-type': 'application/json' } });
    }
    if (!spec.binaryResponse) return readJsonResult<ResponseOf<M>>(response);
    return (await readBinaryAnswer(response, spec, options.onProgress)) as unknown as ResponseOf<M>;
  };

  /** A JSON-request channel's answer, for the decoding thread to fetch itself (its bytes then never cross the page's thread). */
  const answerRequest = async <M extends Method>(method: M, request: RequestOf<M>): Promise<AnswerFetch | null> => {
    const spec: ChannelSpec = CHANNELS[method];
    if (spec.binaryRequest || !spec.binaryResponse) return null;
    const url = new URL(baseUrl + channelPath(spec.channel), globalThis.location?.href ?? 'http://127.0.0.1/').href;
    return { url, headers: await headers({ 'content-type': 'application/json' }), body: JSON.stringify(request), channel: spec.channel };
  };
  return { call, answerRequest };
}

/** What the page does itself: picks files and sends them, turns a download into a file, reads a picked MCP config file. */
function pageMethods(
  options: HttpApiOptions,
  call: Call,
  analyzeCatalog: CavemanApi['analyzeCatalog'],
  hub: Hub,
): Pick<CavemanApi, 'openCatalogFiles' | 'exportCatalog' | 'pickMcpConfig'> {
  return {
    async openCatalogFiles({ tokenizer }) {
      const files = await options.pickFiles();
      // A file the page could not send is a local job that ended before it started (early-failures.ts).
      const fail = failBeforeStart(localJobId, (event) => hub.keep('jobFinished', event));
      const started: JobStarted[] = [];
      for (const file of files) {
        const intake = await takeInFile(file);
        if (intake.refusal) started.push(fail(intake.name, intake.refusal));
        else started.push(await analyzeCatalog({ name: intake.name, tokenizer, bytes: intake.bytes }));
      }
      return started;
    },
    async exportCatalog(request) {
      const download = await call('downloadCatalog', request);
      // The name comes from a header: fall back rather than trust its shape.
      const fileName = typeof download.fileName === 'string' && download.fileName !== '' ? download.fileName : 'catalog.json';
      options.saveDownload(download.bytes, fileName);
      return { status: 'downloaded', fileName };
    },
    async pickMcpConfig() {
      if (!options.pickConfigFile) throw new CavemanError('cave_internal', 'this page cannot show a file picker');
      const file = await options.pickConfigFile();
      if (!file) return null;
      const intake = await takeInFile(file);
      if (intake.refusal) throw CavemanError.fromValue(intake.refusal);
      // The host gets the file's content, never a path.
      return call('readMcpConfig', { fileName: intake.name, bytes: intake.bytes });
    },
  };
}
