// The browser host (SPEC §5): the renderer and the main-process services
// served to a browser on 127.0.0.1 with a per-run secret token. This file is
// the front door — it refuses foreign requests, trades the token in the
// printed URL for a session cookie, and routes to the static files, the API
// and the event streams. Each of those lives in its own module.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
  let port = 0;
  // Why a request was refused, for the log line written when its answer is sent.
  const refusals = new WeakMap<ServerResponse, string>();

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = splitTarget(req.url);
    if (repeatsHost(req.headersDistinct)) {
      const why = 'more than one Host header';
      refusals.set(res, why);
      if (target && isApiPath(target.pathname)) sendApiFailure(res, 400, 'cave_bad_request', `bad request: ${why}`, { close: true });
      else sendText(res, 400, `Bad request: ${why}.`, { close: true });
      return;
    }
    const foreign = refuseForeignRequest(req.headers, port);
    if (foreign || !target) {
      const why = foreign ?? 'request target is not a path';
      refusals.set(res, why);
      if (target && isApiPath(target.pathname)) sendApiFailure(res, 403, 'cave_forbidden', `forbidden: ${why}`, { close: true });
      else sendText(res, 403, `Forbidden: ${why}.`, { close: true });
      return;
    }
    const { pathname, query } = target;
    const isApi = isApiPath(pathname);

    if (req.method === 'OPTIONS') {
      // No CORS, ever: a preflight is refused, so a foreign page can never send our token header.
      sendText(res, 405, 'Method not allowed.', { close: true, headers: { Allow: isApi ? 'GET, POST' : 'GET, HEAD' } });
      return;
    }

    if (isApi) {
      if (!tokenMatches(token, singleHeader(req.headers, TOKEN_HEADER))) {
        refusals.set(res, `missing or wrong ${TOKEN_HEADER}`);
        sendApiFailure(res, 403, 'cave_forbidden', `forbidden: this call needs the ${TOKEN_HEADER} header of this session`, { close: true });
        return;
      }
      if (pathname === EVENTS_PATH) {
        if (req.method !== 'GET') {
          sendApiFailure(res, 405, 'cave_bad_request', `${EVENTS_PATH} takes GET`, { close: true, headers: { Allow: 'GET' } });
          return;
        }
        events.open(res, resumeFrom(singleHeader(req.headers, RESUME_HEADER), singleHeader(req.headers, LAST_EVENT_HEADER)));
        return;
      }
      let channel: string;
      try {
        channel = decodeURIComponent(pathname.slice(API_PREFIX.length));
      } catch {
        channel = pathname.slice(API_PREFIX.length);
      }
      await api.handle(req, res, channel);
      return;
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, 'Method not allowed.', { close: true, headers: { Allow: 'GET, HEAD' } });
      return;
    }

    if (pathname === '/' && query.has(TOKEN_QUERY)) {
      if (!tokenMatches(token, query.get(TOKEN_QUERY))) {
        refusals.set(res, 'wrong token in the address');
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
      refusals.set(res, 'no session cookie');
      sendText(res, 403, 'Forbidden: open the address Caveman Shrink printed when it started (it carries the access token).');
      return;
    }
    await pages.serve(req, res, pathname);
  }

  const server = createServer((req, res) => {
    res.on('finish', () => {
      if (res.statusCode < 400) return;
      const why = refusals.get(res);
      log(`${res.statusCode} ${req.method ?? '?'} ${splitTarget(req.url)?.pathname ?? '(not a path)'}${why ? ` (${why})` : ''}`);
    });
    route(req, res).catch((error: unknown) => {
      log(`internal error: ${errorMessage(error)}`);
      if (!res.headersSent) sendText(res, 500, 'Internal error.', { close: true });
      else res.destroy();
    });
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${host}:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?${TOKEN_QUERY}=${token}`,
    origin,
    port,
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
