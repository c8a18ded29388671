// `caveman-shrink proxy --url URL`: an HTTP upstream,
// streamable HTTP or HTTP+SSE, with the import's rules — headers go to the
// named origin only, a redirect elsewhere is not followed — and the same
// exactness as over stdio: a describe answer is the server's own bytes,
// read from its HTTP response. Against a server made with the SDK, over
// both transports: the headers reach it, a redirect within its origin is
// followed, list_changed re-lists and re-shrinks, and a server of the older
// transport named without --sse is reached over HTTP+SSE all the same.

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMPLETE_NOTE } from '../../../../src/main/library/describe';
import { cliArgv, tempStore } from '../../../helpers/cli';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { EVERYTHING_BIN, REPO, freePort, sdkListAll, startHttpEverything, startHttpServer } from '../servers';

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

const FILLER =
  'The team that wrote it likes long walks, warm tea and quiet afternoons in the garden. Its logo is a small ' +
  'green frog that somebody drew by hand, one rainy spring, on the back of an envelope.';
/** As a server may write them, and as a parse and a stringify would not give them back. */
const EXACT = [
  `{ "name": "cafe", "description": "Finds a caf\\u00e9. ${FILLER}", "inputSchema": {"type":"object",` +
    `"properties":{"ratio":{"type":"number","default":1.0,"maximum":1e400}}} }`,
  `{"name":"headers","description":"Says which headers reached the server. ${FILLER}",` +
    `"inputSchema":{"type":"object","properties":{"n":{"type":"integer","minimum":0.0}}}}`,
];

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { method?: string } | undefined;
}

/**
 * A streamable HTTP server of our own, raw: it answers with JSON bodies
 * (or, with `events`, one event-stream event per answer) written as text,
 * so its tools/list is EXACT byte for byte; tools/call `headers` answers
 * with the headers of that request.
 */
async function exactServer(events: boolean): Promise<{ url: string; seen: Seen[]; listLine: () => string }> {
  const seen: Seen[] = [];
  let listLine = '';
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      const body = text === '' ? undefined : (JSON.parse(text) as { id?: number; method?: string; params?: { name?: string } });
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      if (request.method === 'GET') return void response.writeHead(405).end();
      if (request.method === 'DELETE') return void response.writeHead(200).end();
      if (body?.id === undefined) return void response.writeHead(202).end();
      let answer: string;
      if (body.method === 'initialize')
        answer =
          `{"jsonrpc":"2.0","id":${body.id},"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},` +
          `"serverInfo":{"name":"exact-http","version":"1"}}}`;
      else if (body.method === 'tools/list') answer = listLine = `{"jsonrpc":"2.0","id":${body.id},"result":{"tools":[${EXACT.join(', ')}]}}`;
      else
        answer = JSON.stringify({
          jsonrpc: '2.0',
          id: body.id,
          result: { content: [{ type: 'text', text: JSON.stringify({ authorization: request.headers.authorization, 'x-team': request.headers['x-team'] }) }] },
        });
      const headers = { 'mcp-session-id': 'session-1', 'content-type': events ? 'text/event-stream' : 'application/json' };
      response.writeHead(200, headers).end(events ? `event: message\ndata: ${answer}\n\n` : answer);
    });
  });
  servers.push(server);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, seen, listLine: () => listLine };
}

interface Proxied {
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

async function throughProxy(proxyArgs: string[]): Promise<Proxied> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...cliArgv(), 'proxy', '--store', store.db, '--level', 'leads', ...proxyArgs],
    cwd: REPO,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'url-proxy-test', version: '1' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

type Texts = { content: { text: string }[]; isError?: boolean };

describe.each([
  ['JSON bodies', false],
  ['event-stream answers', true],
])('caveman-shrink proxy --url, a server answering with %s', (_label, events) => {
  it("answers caveman_describe with the server's own bytes from its HTTP answer, sends the headers and the protocol version, ends the session", async () => {
    const server = await exactServer(events);
    const proxied = await throughProxy(['--url', server.url, '--header', 'Authorization=Bearer secret', '-H', 'X-Team: blue']);
    try {
      const listed = await proxied.client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual(['cafe', 'headers', 'caveman_describe']);
      expect(listed.tools[0]!.description).toMatch(/^Finds a café\. …$/);
      const answer = (await proxied.client.callTool({ name: 'caveman_describe', arguments: { names: ['cafe', 'headers'] } })) as Texts;
      expect(answer.content.map((part) => part.text)).toEqual(EXACT);
      expect(server.listLine().includes(answer.content[0]!.text)).toBe(true);
      const called = (await proxied.client.callTool({ name: 'headers', arguments: {} })) as Texts;
      expect(JSON.parse(called.content[0]!.text)).toEqual({ authorization: 'Bearer secret', 'x-team': 'blue' });
      expect(proxied.stderr()).toContain(`serving ${server.url} over stdio`);
    } finally {
      await proxied.close();
    }
    const posts = server.seen.filter((request) => request.method === 'POST');
    expect(posts.every((request) => request.headers.authorization === 'Bearer secret')).toBe(true);
    // After initialize, every request says the negotiated version and the session, as the SDK's Client would.
    expect(
      posts.slice(1).every((request) => request.headers['mcp-protocol-version'] === '2025-06-18' && request.headers['mcp-session-id'] === 'session-1'),
    ).toBe(true);
    await expect.poll(() => server.seen.some((request) => request.method === 'DELETE'), { timeout: 10_000 }).toBe(true);
  });
});

describe('caveman-shrink proxy --url: redirects and failures', () => {
  it('does not follow a redirect to another origin: that origin sees nothing, and the client hears where it pointed', async () => {
    const elsewhereSeen: IncomingHttpHeaders[] = [];
    const elsewhere = createServer((request, response) => {
      elsewhereSeen.push(request.headers);
      response.writeHead(404).end();
    });
    servers.push(elsewhere);
    await new Promise<void>((ready) => elsewhere.listen(0, '127.0.0.1', ready));
    const elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    const named = createServer((_request, response) => response.writeHead(307, { location: `${elsewhereUrl}/mcp` }).end());
    servers.push(named);
    await new Promise<void>((ready) => named.listen(0, '127.0.0.1', ready));
    const url = `http://127.0.0.1:${(named.address() as AddressInfo).port}/mcp`;

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...cliArgv(), 'proxy', '--store', store.db, '--level', 'leads', '--url', url, '-H', 'Authorization: Bearer secret'],
      cwd: REPO,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'redirect-test', version: '1' });
    const failure = await client.connect(transport).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    await client.close();
    expect(failure?.message).toContain(`Redirect to ${elsewhereUrl}/mcp not followed`);
    expect(failure?.message).toMatch(/^MCP error -32000: the proxy could not send initialize to the server: /);
    expect(elsewhereSeen).toEqual([]);
    expect(stderr).toContain('could not send initialize to the server');
  });

  it('a URL nobody answers on: the request gets an error, not silence', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...cliArgv(), 'proxy', '--store', store.db, '--level', 'leads', '--url', url],
      cwd: REPO,
      stderr: 'ignore',
    });
    const client = new Client({ name: 'refused-test', version: '1' });
    // A failed connect closes the transport without waiting for the proxy to exit; wait here
    // so the proxy is gone before the store's folder is removed.
    const exited = new Promise<void>((done) => (client.onclose = done));
    await expect(client.connect(transport)).rejects.toThrow(
      `the proxy could not send initialize to the server: could not reach ${url}: connection refused (is the server running?)`,
    );
    await exited;
  });
});

describe('caveman-shrink proxy --url with server-everything', () => {
  let http: Awaited<ReturnType<typeof startHttpEverything>>;
  beforeAll(async () => {
    http = await startHttpEverything();
  });
  afterAll(() => http?.stop());

  it('streamable HTTP: the shrunk listing, a describe answer and a real call', async () => {
    const direct = (await sdkListAll({ transport: 'http', url: http.url })).tools as { name: string }[];
    const proxied = await throughProxy(['--url', http.url]);
    try {
      const listed = await proxied.client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual([...direct.map((tool) => tool.name), 'caveman_describe']);
      const answer = (await proxied.client.callTool({ name: 'caveman_describe', arguments: { names: ['echo'] } })) as Texts;
      expect(JSON.parse(answer.content[0]!.text)).toEqual(direct.find((tool) => tool.name === 'echo'));
      expect(answer.content.slice(1).map((part) => part.text)).toEqual([COMPLETE_NOTE]);
      expect(await proxied.client.callTool({ name: 'echo', arguments: { message: 'over http' } })).toEqual({
        content: [{ type: 'text', text: 'Echo: over http' }],
      });
      expect(proxied.stderr()).toMatch(/tools\/list shrunk at leads: 13 tools, [\d,]+ → [\d,]+ tokens as the model sees them/);
    } finally {
      await proxied.close();
    }
  });

  it('HTTP+SSE (--sse): the same', async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, [EVERYTHING_BIN, 'sse'], {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      await new Promise<void>((ready, reject) => {
        let text = '';
        child.stderr!.setEncoding('utf8').on('data', (chunk: string) => ((text += chunk), text.includes('running on port') && ready()));
        child.once('exit', (code) => reject(new Error(`server-everything sse exited (${code}): ${text}`)));
      });
      const proxied = await throughProxy(['--url', `http://127.0.0.1:${port}/sse`, '--sse']);
      try {
        const listed = await proxied.client.listTools();
        expect(listed.tools.at(-1)?.name).toBe('caveman_describe');
        expect(listed.tools.length).toBeGreaterThan(10);
        expect(await proxied.client.callTool({ name: 'echo', arguments: { message: 'over sse' } })).toEqual({
          content: [{ type: 'text', text: 'Echo: over sse' }],
        });
      } finally {
        await proxied.close();
      }
    } finally {
      child.kill();
    }
  });
});

const shrinkLines = (stderr: string) => [...stderr.matchAll(/tools\/list shrunk at leads: (\d+) tools/g)].map((line) => line[1]);

describe.each([['streamable HTTP', 'streamable'] as const, ['HTTP+SSE', 'sse'] as const])(
  'caveman-shrink proxy --url, a server made with the SDK over %s',
  (_label, mode) => {
    let http: Awaited<ReturnType<typeof startHttpServer>> | undefined;
    afterEach(() => http?.stop());

    it('the headers reach the server, a redirect within its origin is followed, and list_changed lists and shrinks again', async () => {
      http = await startHttpServer(mode);
      const moved = http.url.replace(/\/(mcp|sse)$/, '/moved'); // 307 to the server's own URL
      const proxied = await throughProxy([
        '--url',
        moved,
        ...(mode === 'sse' ? ['--sse'] : []),
        '--header',
        'Authorization=Bearer secret',
        '-H',
        'X-Team: blue',
      ]);
      try {
        let changed = 0;
        proxied.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
        const listed = await proxied.client.listTools();
        expect(listed.tools.map((tool) => tool.name)).toEqual(['echo', 'headers', 'grow', 'caveman_describe']);
        expect(listed.tools[0]!.description).toBe('Echoes the message back. …');
        const headers = (await proxied.client.callTool({ name: 'headers', arguments: {} })) as Texts;
        expect(JSON.parse(headers.content[0]!.text)).toEqual({ authorization: 'Bearer secret', 'x-team': 'blue' });
        expect(await proxied.client.callTool({ name: 'echo', arguments: { message: 'over http' } })).toEqual({
          content: [{ type: 'text', text: 'Echo: over http' }],
        });

        expect(await proxied.client.callTool({ name: 'grow', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'now 4 tools' }] });
        await expect.poll(() => changed, { timeout: 20_000 }).toBe(1);
        const described = (await proxied.client.callTool({ name: 'caveman_describe', arguments: { names: ['added_3'] } })) as Texts;
        expect(described.isError).toBeUndefined();
        expect(JSON.parse(described.content[0]!.text)).toMatchObject({ name: 'added_3' });
        expect((await proxied.client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'headers', 'grow', 'added_3', 'caveman_describe']);
        await expect.poll(() => shrinkLines(proxied.stderr()), { timeout: 20_000 }).toEqual(['3', '4']);
      } finally {
        await proxied.close();
      }
    });
  },
);

describe('caveman-shrink proxy --url, an HTTP+SSE server named without --sse', () => {
  let http: Awaited<ReturnType<typeof startHttpServer>> | undefined;
  afterEach(() => http?.stop());

  it('is reached over HTTP+SSE once it refuses the streamable HTTP initialize with a 4xx, and stderr says so', async () => {
    http = await startHttpServer('sse');
    const proxied = await throughProxy(['--url', http.url, '-H', 'Authorization: Bearer secret']);
    try {
      expect((await proxied.client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'headers', 'grow', 'caveman_describe']);
      const headers = (await proxied.client.callTool({ name: 'headers', arguments: {} })) as Texts;
      expect(JSON.parse(headers.content[0]!.text)).toEqual({ authorization: 'Bearer secret', 'x-team': null });
      expect(proxied.stderr()).toContain(`${http.url} refused the streamable HTTP initialize (HTTP 405): reaching it over the older HTTP+SSE transport`);
    } finally {
      await proxied.close();
    }
  });
});
