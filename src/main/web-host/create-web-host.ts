// The browser host (docs/app.md): the renderer and the main-process services
// served to a browser on 127.0.0.1 with a per-run secret token. This file is
// the front door — it refuses foreign requests, trades the token in the
// printed URL for a session cookie, and routes to the static files, the API
// and the event streams. Each of those lives in its own module.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX, EVENTS_PATH, LAST_EVENT_HEADER, RESUME_HEADER, TOKEN_HEADER, TOKEN_QUERY, tokenCookieName } from '../../shared/ipc/http-protocol';
import type { Dispatcher } from '../services/dispatch';
import type { OpenWithInbox } from '../services/open-with-inbox';
import { assertUsableToken, generateToken, hasSessionCookie, refuseForeignRequest, repeatsHost, singleHeader, tokenMatches } from './access-guard';
import { createApiRoutes } from './api-routes';
import { createEventHub, resumeFrom } from './event-hub';
import { sendApiFailure, sendText } from './respond';
import { applySecurityHeaders } from './security-headers';
import { createStaticFiles } from './static-files';
import { errorMessage } from '../../shared/error-message';

export interface WebHostOptions {
  dispatcher: Dispatcher;
  /** The built renderer (index.html and its assets). */
  rendererDir: string;
  /** 0 (the default) picks any free port. */
  port?: number;
  host?: '127.0.0.1';
  /** The per-run secret; default 32 random bytes, base64url. */
  token?: string;
  /** One line per refused or failed request and per dropped event stream (never the token). */
  log?: (line: string) => void;
  /** Blank-line interval on idle event streams; default 15 s. */
  keepAliveMs?: number;
  /** How long a page whose event stream closed is waited for; default 10 minutes. */
  awayKeepMs?: number;
  /** Files named at launch open in the page that most recently opened its event stream. */
  inbox?: Pick<OpenWithInbox, 'attach' | 'detach'>;
}

export interface WebHost {
  /** `http://127.0.0.1:PORT/?token=…`: the address to open once. */
  url: string;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  token: string;
  /** Ends the event streams, stops listening and closes every connection. */
  close(): Promise<void>;
}

/** True for the API's paths (`/api` and everything under `/api/`). */
function isApiPath(pathname: string): boolean {
  return pathname.startsWith(API_PREFIX) || pathname === API_PREFIX.slice(0, -1);
}

/** The path part of a request target (origin-form only), without the query. */
function splitTarget(url: string | undefined): { pathname: string; query: URLSearchParams } | undefined {
  if (!url?.startsWith('/')) return undefined;
  const q = url.indexOf('?');
  return q < 0 ? { pathname: url, query: new URLSearchParams() } : { pathname: url.slice(0, q), query: new URLSearchParams(url.slice(q + 1)) };
}

/** What routing a request needs: the session's token, the port listened on, and the three kinds of answer. */
interface FrontDoor {
  token: string;
  /** 0 until the server listens. */
  port: number;
  events: ReturnType<typeof createEventHub>;
  api: ReturnType<typeof createApiRoutes>;
  pages: Awaited<ReturnType<typeof createStaticFiles>>;
  /** Why a request was refused, for the log line written when its answer is sent. */
  refusals: WeakMap<ServerResponse, string>;
}

/**
 * Starts the host on 127.0.0.1. Every request must name this host in its one
 * Host header (and in Origin when it sends one); pages need the session cookie, API and
 * event calls the token header. Nothing ever answers with CORS headers.
 */
export async function createWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? generateToken();
  assertUsableToken(token);
  const log = options.log ?? (() => undefined);
  const events = createEventHub({
    keepAliveMs: options.keepAliveMs,
    awayKeepMs: options.awayKeepMs,
    log,
    onOpen: (context) => options.inbox?.attach(context),
    onClose: (clientId) => options.inbox?.detach(clientId),
  });
  const api = createApiRoutes({ dispatcher: options.dispatcher, events });
  const pages = await createStaticFiles({ rendererDir: options.rendererDir, token });
  const door: FrontDoor = { token, port: 0, events, api, pages, refusals: new WeakMap() };

  const server = createServer((req, res) => {
    res.on('finish', () => {
      if (res.statusCode < 400) return;
      const why = door.refusals.get(res);
      log(`${res.statusCode} ${req.method ?? '?'} ${splitTarget(req.url)?.pathname ?? '(not a path)'}${why ? ` (${why})` : ''}`);
    });
    route(door, req, res).catch((error: unknown) => {
      log(`internal error: ${errorMessage(error)}`);
      if (!res.headersSent) sendText(res, 500, 'Internal error.', { close: true });
      else res.destroy();
    });
  });

  const host = options.host ?? '127.0.0.1';
  door.port = await listen(server, options.port ?? 0, host);
  const origin = `http://${host}:${door.port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?${TOKEN_QUERY}=${token}`,
    origin,
    port: door.port,
    token,
    close() {
      closing ??= new Promise<void>((resolve) => {
        events.closeAll();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Listens on `host`; resolves the port listened on. */
function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function route(door: FrontDoor, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = splitTarget(req.url);
  if (refusedAtTheDoor(door, req, res, target) || !target) return;
  const { pathname, query } = target;
  const isApi = isApiPath(pathname);
  if (req.method === 'OPTIONS') {
    // No CORS, ever: a preflight is refused, so a foreign page can never send our token header.
    sendText(res, 405, 'Method not allowed.', { close: true, headers: { Allow: isApi ? 'GET, POST' : 'GET, HEAD' } });
    return;
  }
  if (isApi) await routeApi(door, req, res, pathname);
  else await routePage(door, req, res, pathname, query);
}

/** Refuses (and answers) a request with more than one Host header, from a foreign page or host, or without a path. */
function refusedAtTheDoor(door: FrontDoor, req: IncomingMessage, res: ServerResponse, target: ReturnType<typeof splitTarget>): boolean {
  const refuse = (status: 400 | 403, why: string) => {
    door.refusals.set(res, why);
    const [code, words] = status === 400 ? (['cave_bad_request', 'Bad request'] as const) : (['cave_forbidden', 'Forbidden'] as const);
    if (target && isApiPath(target.pathname)) sendApiFailure(res, status, code, `${words.toLowerCase()}: ${why}`, { close: true });
    else sendText(res, status, `${words}: ${why}.`, { close: true });
    return true;
  };
  if (repeatsHost(req.headersDistinct)) return refuse(400, 'more than one Host header');
  const foreign = refuseForeignRequest(req.headers, door.port);
  if (foreign || !target) return refuse(403, foreign ?? 'request target is not a path');
  return false;
}

/** An API call or the event stream: each needs this session's token header. */
async function routeApi(door: FrontDoor, req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  if (!tokenMatches(door.token, singleHeader(req.headers, TOKEN_HEADER))) {
    door.refusals.set(res, `missing or wrong ${TOKEN_HEADER}`);
    sendApiFailure(res, 403, 'cave_forbidden', `forbidden: this call needs the ${TOKEN_HEADER} header of this session`, { close: true });
    return;
  }
  if (pathname === EVENTS_PATH) {
    if (req.method !== 'GET') {
      sendApiFailure(res, 405, 'cave_bad_request', `${EVENTS_PATH} takes GET`, { close: true, headers: { Allow: 'GET' } });
      return;
    }
    door.events.open(res, resumeFrom(singleHeader(req.headers, RESUME_HEADER), singleHeader(req.headers, LAST_EVENT_HEADER)));
    return;
  }
  let channel: string;
  try {
    channel = decodeURIComponent(pathname.slice(API_PREFIX.length));
  } catch {
    channel = pathname.slice(API_PREFIX.length);
  }
  await door.api.handle(req, res, channel);
}

/** The page and its files: the printed address trades its token for a session cookie, which every file then needs. */
async function routePage(door: FrontDoor, req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams): Promise<void> {
  const { token, port } = door;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method not allowed.', { close: true, headers: { Allow: 'GET, HEAD' } });
    return;
  }
  if (pathname === '/' && query.has(TOKEN_QUERY)) {
    if (!tokenMatches(token, query.get(TOKEN_QUERY))) {
      door.refusals.set(res, 'wrong token in the address');
      sendText(res, 403, 'Forbidden: this address carries a wrong or old token. Open the address Caveman Shrink printed this time.');
      return;
    }
    // Trade the token in the address for a session cookie, and take it out of the address bar.
    applySecurityHeaders(res);
    res.writeHead(303, {
      Location: '/',
      'Set-Cookie': `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
      'Cache-Control': 'no-store',
      'Content-Length': '0',
    });
    res.end();
    return;
  }
  if (!hasSessionCookie(req.headers, tokenCookieName(port), token)) {
    door.refusals.set(res, 'no session cookie');
    sendText(res, 403, 'Forbidden: open the address Caveman Shrink printed when it started (it carries the access token).');
    return;
  }
  await door.pages.serve(req, res, pathname);
}
