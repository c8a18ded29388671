// The proxy as a process at its limits: a tools/call result far above the
// listing's 32 MiB passes with its id rewritten in place, a server that
// cannot start still answers the client's initialize with why, a writer
// that waits for a slow reader holds one listener, and an event stream a
// URL server closes unanswered gets its request an error at once.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StreamPeer } from '../../../../src/main/mcp/connection/line-peers';
import { tempStore } from '../../../helpers/cli';
import { INITIALIZE, rawProxy, type RawProxy } from './raw-proxy';
import { REPO } from '../servers';

const RAW_SERVER = join(REPO, 'test/fixtures/mcp/raw-line-server.mjs');

let store: ReturnType<typeof tempStore>;
let proxy: RawProxy | undefined;
beforeEach(() => {
  store = tempStore();
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  store.cleanup();
});

describe('caveman-shrink proxy at its limits', () => {
  it('relays a 40 MiB tools/call result (over the 33 MiB a listing may be) with the id rewritten in place', async () => {
    proxy = rawProxy(['--store', store.db], [process.execPath, RAW_SERVER]);
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    await proxy.next();
    proxy.send({ jsonrpc: '2.0', id: 'huge', method: 'tools/call', params: { name: 'big', arguments: { mib: 40 } } });
    const line = await proxy.nextLine(60_000);
    expect(line.length).toBe(40 * 1024 * 1024 + '{"jsonrpc":"2.0","id":"huge","result":{"content":[{"type":"text","text":""}]}}'.length);
    expect(line.startsWith('{"jsonrpc":"2.0","id":"huge","result":{"content":[{"type":"text","text":"bbb')).toBe(true);
  });

  it("answers the client's initialize with the reason when the server cannot start, then exits 1", async () => {
    proxy = rawProxy(['--store', store.db], [join(store.dir, 'no-such-server')]);
    proxy.send({ jsonrpc: '2.0', id: 'init', ...INITIALIZE });
    const answer = (await proxy.next()) as { id: string; error: { code: number; message: string } };
    expect(answer.id).toBe('init');
    expect(answer.error.code).toBe(-32000);
    expect(answer.error.message).toContain('no-such-server');
    expect(proxy.stderr()).toContain(answer.error.message);
    expect(await proxy.exited).toBe(1);
  });

  it('waits for a slow reader with one drain listener however many messages wait (no MaxListenersExceededWarning)', async () => {
    const output = new PassThrough({ highWaterMark: 1024 });
    const peer = new StreamPeer(new PassThrough(), output, 1 << 20);
    const writes = Array.from({ length: 50 }, () => peer.write([new TextEncoder().encode(`{"x":"${'y'.repeat(4096)}"}`)]));
    expect(peer.backedUp).toBe(true);
    const drained = Array.from({ length: 50 }, () => peer.drained());
    expect(output.listenerCount('drain')).toBeLessThanOrEqual(1);
    output.resume();
    await Promise.all([...writes, ...drained]);
    expect(output.listenerCount('drain')).toBe(0);
  });
});

describe('caveman-shrink proxy --url', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

  it('answers a pending tools/call with an error at once when the server closes its event stream without the answer', async () => {
    server = createServer((request, response) => {
      if (request.method !== 'POST') return void response.writeHead(405).end();
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
        if (message.id === undefined) return void response.writeHead(202).end();
        if (message.method === 'initialize') {
          const result = { protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'closing', version: '1' } };
          return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
        }
        // An event stream that ends before it carries the answer.
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.end(': nothing to say\n\n');
      });
    });
    await new Promise<void>((listening) => server!.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    proxy = rawProxy(['--store', store.db, '--url', `http://127.0.0.1:${port}/mcp`], []);
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    expect(await proxy.next()).toMatchObject({ id: 1, result: { serverInfo: { name: 'closing' } } });
    proxy.send({ jsonrpc: '2.0', id: 'call', method: 'tools/call', params: { name: 'x', arguments: {} } });
    expect(await proxy.next(10_000)).toEqual({
      jsonrpc: '2.0',
      id: 'call',
      error: { code: -32000, message: 'the server closed the event stream before it answered' },
    });
  });
});
