// Test-only helpers for the browser host: a real host on port 0 over a temp
// renderer folder and a test dispatcher, and a raw node:http client (fetch
// would normalise `..` in paths and refuses to set Host).

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createDispatcher, type Handlers } from '../../../src/main/services/dispatch';
import { createWebHost, type WebHost, type WebHostOptions } from '../../../src/main/web-host/create-web-host';
import { CavemanError } from '../../../src/shared/errors';

export const INDEX_HTML =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Caveman Shrink</title>\n<script ' +
  'type="module" src="/assets/app.js"></script>\n</head>\n<body><div id="root"></div></body>\n</html>\n';
export const APP_JS = 'console.log("caveman");\n';

export interface TestHost {
  host: WebHost;
  /** Folder holding `renderer/` (served) and `secret.txt` (outside it). */
  dir: string;
  /** What each handler received, newest last. */
  calls: { method: string; request: unknown; clientId: string }[];
  logs: string[];
  close(): Promise<void>;
}

/** Handlers that answer valid contract values and record what they got. */
function testHandlers(calls: TestHost['calls']): Handlers {
  const record = (method: string, request: unknown, clientId: string) => calls.push({ method, request, clientId });
  return {
    getAppInfo: (request, context) => {
      record('getAppInfo', request, context.clientId);
      return {
        version: '0.0.0-test',
        platform: 'browser',
        serverStarts: 'config',
        storePath: '/tmp/ccr.db',
        storeReadOnly: false,
        storeMaxBytes: 1,
        storeRetainedBytes: 0,
        tokenizers: ['o200k_base'],
        defaultTokenizer: 'o200k_base',
      };
    },
    analyzeCatalog: (request, context) => {
      record('analyzeCatalog', request, context.clientId);
      return { jobId: 'job-1', name: request.name };
    },
    cancelJob: (request, context) => {
      record('cancelJob', request, context.clientId);
      context.emit('jobProgress', { jobId: request.jobId, stage: 'counting', fraction: 0.5 });
      return { cancelled: true };
    },
    getHistoryEntry: (request, context) => {
      record('getHistoryEntry', request, context.clientId);
      throw new CavemanError('cave_not_found', `no entry ${request.handle}`);
    },
    downloadCatalog: (request, context) => {
      record('downloadCatalog', request, context.clientId);
      return { fileName: "tools (compressed) — ü's.json", bytes: new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0xff, 0x00, 0x7d]) };
    },
    getCatalogText: (request, context) => {
      record('getCatalogText', request, context.clientId);
      return { bytes: new TextEncoder().encode('{"tools":[]}') };
    },
    // IPC-only: the host must not serve it even though the dispatcher can.
    saveCatalog: (request, context) => {
      record('saveCatalog', request, context.clientId);
      return { status: 'saved', fileName: 'x.json' };
    },
  };
}

export async function startTestHost(options: Partial<WebHostOptions> = {}): Promise<TestHost> {
  const dir = mkdtempSync(join(tmpdir(), 'caveman-web-host-'));
  const renderer = join(dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), INDEX_HTML);
  writeFileSync(join(renderer, 'assets', 'app.js'), APP_JS);
  writeFileSync(join(renderer, 'assets', 'style.css'), 'body{margin:0}\n');
  writeFileSync(join(renderer, '.env'), 'SECRET=1\n');
  writeFileSync(join(dir, 'secret.txt'), 'outside the renderer folder\n');
  symlinkSync(join(dir, 'secret.txt'), join(renderer, 'assets', 'leak.txt'));
  symlinkSync(dir, join(renderer, 'up'));

  const calls: TestHost['calls'] = [];
  const logs: string[] = [];
  const host = await createWebHost({
    dispatcher: createDispatcher(testHandlers(calls)),
    rendererDir: renderer,
    port: 0,
    log: (line) => logs.push(line),
    ...options,
  });
  return {
    host,
    dir,
    calls,
    logs,
    async close() {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface FileHost extends TestHost {
  /** The session cookie a browser holds for this host's token. */
  cookie: string;
}

/**
 * One host for a whole test file: started before its first test, closed after
 * its last. Its fields can be read only inside tests (once it runs).
 */
export function hostForFile(options: Partial<WebHostOptions> = {}): FileHost {
  let running: TestHost | undefined;
  beforeAll(async () => {
    running = await startTestHost(options);
  });
  afterAll(() => running?.close());
  const started = (): TestHost => {
    if (!running) throw new Error('the test host starts in beforeAll; read it inside a test');
    return running;
  };
  return {
    get host() {
      return started().host;
    },
    get dir() {
      return started().dir;
    },
    get calls() {
      return started().calls;
    },
    get logs() {
      return started().logs;
    },
    get cookie() {
      return sessionCookie(started().host);
    },
    close: () => started().close(),
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json(): unknown;
}

function collect(res: IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () => {
      const body = Buffer.concat(chunks);
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8'), json: () => JSON.parse(body.toString('utf8')) });
    });
  });
}

export interface SendOptions {
  method?: string;
  headers?: OutgoingHttpHeaders;
  body?: Uint8Array | string;
}

/** One request with a raw path, on a fresh connection. */
export function send(port: number, path: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers, agent: false }, (res) => {
      collect(res).then(resolve, reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The session cookie a browser gets for the token (see access.test.ts). */
export function sessionCookie(host: WebHost): string {
  return `caveman_session_${host.port}=${host.token}`;
}

/** The headers of an authenticated API call. */
export function apiHeaders(host: WebHost, extra: OutgoingHttpHeaders = {}): OutgoingHttpHeaders {
  return { 'x-caveman-token': host.token, 'content-type': 'application/json', ...extra };
}

/** POSTs a JSON value to /api/<channel>. */
export function callApi(host: WebHost, channel: string, value: unknown, extra: OutgoingHttpHeaders = {}): Promise<Answer> {
  return send(host.port, `/api/${channel}`, { method: 'POST', headers: apiHeaders(host, extra), body: JSON.stringify(value) });
}

export interface StreamedUpload {
  answer: Answer;
  /** Bytes the client had handed to its socket when the answer arrived. */
  written: number;
}

/**
 * Streams `total` bytes in 64 KiB chunks, honouring backpressure, and stops
 * as soon as the server answers. `written < total` proves the server answered
 * without waiting for (or buffering) the whole body.
 */
export function uploadUntilAnswered(port: number, path: string, headers: OutgoingHttpHeaders, total: number): Promise<StreamedUpload> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent: false });
    req.on('response', (res) => {
      answered = true;
      const at = written;
      collect(res).then((answer) => {
        req.destroy();
        resolve({ answer, written: at });
      }, reject);
    });
    req.on('error', (error) => {
      // The server closes the connection after answering; only an error before the answer is a failure.
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && written < total) {
        const size = Math.min(chunk.length, total - written);
        written += size;
        if (!req.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && written >= total) req.end();
    };
    pump();
  });
}

/** Opens /api/events and hands back its lines as they arrive. */
export function openEvents(
  host: WebHost,
  headers: OutgoingHttpHeaders = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; nextLine(): Promise<string>; ended: Promise<void>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: host.port, path: '/api/events', method: 'GET', headers: { 'x-caveman-token': host.token, ...headers }, agent: false },
      (res) => {
        let buffered = '';
        const lines: string[] = [];
        const waiting: ((line: string) => void)[] = [];
        res.setEncoding('utf8');
        res.on('data', (text: string) => {
          buffered += text;
          let newline: number;
          while ((newline = buffered.indexOf('\n')) >= 0) {
            const line = buffered.slice(0, newline);
            buffered = buffered.slice(newline + 1);
            const waiter = waiting.shift();
            if (waiter) waiter(line);
            else lines.push(line);
          }
        });
        res.on('error', () => undefined);
        const ended = new Promise<void>((done) => res.on('close', () => done()));
        resolve({
          ended,
          status: res.statusCode ?? 0,
          headers: res.headers,
          nextLine: () => {
            const line = lines.shift();
            return line !== undefined ? Promise.resolve(line) : new Promise((r) => waiting.push(r));
          },
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
