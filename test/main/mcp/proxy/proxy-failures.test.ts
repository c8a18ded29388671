// The proxy under failure and under hostile clients (defects 4
// and 5): a client's ids are its own whatever they look like, a server that
// dies leaves no request unanswered, a broken or oversized line gets an
// error reply and the session goes on, a huge line is read in linear time,
// everything the proxy says on stderr is one line per note, and nothing it
// says (stderr, or an error a client reads) quotes a secret of its command or URL.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempStore } from '../../../helpers/cli';
import { INITIALIZE, rawProxy, type RawProxy } from './raw-proxy';
import { REPO, TINY_SERVER, freePort } from '../servers';

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

const tiny = () => [process.execPath, TINY_SERVER];

/** A server whose `slow` calls are never answered and whose `die` call makes it exit. */
function dyingServer(): string[] {
  const file = join(store.dir, 'tools.json');
  writeFileSync(file, '[]');
  return [process.execPath, join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs'), file];
}

describe('caveman-shrink proxy under failure', () => {
  it('answers a client whose ids start with caveman-proxy- (the proxy keeps its own ids apart)', async () => {
    proxy = rawProxy(['--store', store.db], tiny());
    proxy.send({ jsonrpc: '2.0', id: 'caveman-proxy-1', ...INITIALIZE });
    expect(await proxy.next()).toMatchObject({ id: 'caveman-proxy-1', result: { serverInfo: { name: 'tiny-test-server' } } });
    proxy.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    // The proxy lists upstream on its own while the client's next request is in flight.
    proxy.send({ jsonrpc: '2.0', id: 'caveman-proxy-2', method: 'tools/list' });
    proxy.send({ jsonrpc: '2.0', id: 'caveman-proxy-3', method: 'tools/call', params: { name: 'echo', arguments: { message: 'mine' } } });
    const answers = [await proxy.next(), await proxy.next()];
    const byId = new Map(answers.map((answer) => [answer.id, answer]));
    expect((byId.get('caveman-proxy-2')?.result as { tools: unknown[] }).tools).toHaveLength(8); // 7 of the server's and caveman_describe
    expect(byId.get('caveman-proxy-3')).toEqual({ jsonrpc: '2.0', id: 'caveman-proxy-3', result: { content: [{ type: 'text', text: 'Echo: mine' }] } });
    proxy.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(await proxy.next()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });

  it('when the server dies mid-call, every pending request gets a JSON-RPC error before the proxy exits', async () => {
    proxy = rawProxy(['--store', store.db], dyingServer());
    proxy.send({ jsonrpc: '2.0', id: 0, ...INITIALIZE });
    expect(await proxy.next()).toMatchObject({ id: 0, result: { serverInfo: { name: 'listed-tools' } } });
    proxy.send({ jsonrpc: '2.0', id: 'waiting', method: 'tools/call', params: { name: 'slow', arguments: {} } });
    proxy.send({ jsonrpc: '2.0', id: 42, method: 'tools/call', params: { name: 'die', arguments: {} } });
    const answers = [await proxy.next(), await proxy.next()].sort((a, b) => String(a.id).localeCompare(String(b.id)));
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 42, error: { code: -32000, message: 'the server exited before it answered tools/call' } },
      { jsonrpc: '2.0', id: 'waiting', error: { code: -32000, message: 'the server exited before it answered tools/call' } },
    ]);
    expect(await proxy.exited).toBe(1);
  });

  it('a message with an id but no string method gets -32600 from the proxy; the server never sees it, so no real request gets its answer', async () => {
    proxy = rawProxy(['--store', store.db], dyingServer());
    proxy.send({ jsonrpc: '2.0', id: 0, ...INITIALIZE }); // upstream as the proxy's id 1
    expect(await proxy.next()).toMatchObject({ id: 0, result: { serverInfo: { name: 'listed-tools' } } });
    proxy.send({ jsonrpc: '2.0', id: 'real', method: 'tools/call', params: { name: 'slow', arguments: {} } }); // the proxy's id 2, never answered
    // The server answers whatever id it is sent: forwarded, this would come back as the answer to "real".
    proxy.send('{"jsonrpc":"2.0","id":2,"method":5}');
    expect(await proxy.next()).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32600, message: 'invalid request: the method must be a string' } });
    proxy.send('{"jsonrpc":"2.0","id":10}');
    expect(await proxy.next()).toEqual({
      jsonrpc: '2.0',
      id: 10,
      error: { code: -32600, message: 'invalid request: no method, and neither a result nor an error' },
    });
    proxy.send({ jsonrpc: '2.0', id: 'after', method: 'ping' });
    expect(await proxy.next()).toEqual({ jsonrpc: '2.0', id: 'after', result: {} }); // and nothing for "real" came before it
  });

  it('a malformed client line gets a -32700 parse error, a non-JSON-RPC value -32600, and the session goes on', async () => {
    proxy = rawProxy(['--store', store.db], tiny());
    proxy.send('{"jsonrpc":"2.0","id":1,"method":');
    expect(await proxy.next()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    proxy.send('[1,2,3]');
    expect(await proxy.next()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    proxy.send({ jsonrpc: '2.0', id: 2, ...INITIALIZE });
    expect(await proxy.next()).toMatchObject({ id: 2, result: { serverInfo: { name: 'tiny-test-server' } } });
    expect(proxy.stderr()).toMatch(/caveman-shrink proxy: the client sent a line that is not JSON \(.+\); answered with error -32700\n/);
  });

  it('a message over the limit gets an error reply with its id, and the session goes on', async () => {
    proxy = rawProxy(['--store', store.db], tiny());
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    await proxy.next();
    const huge = `{"jsonrpc":"2.0","id":"huge","method":"ping","params":{"pad":"${'x'.repeat(34 * 1024 * 1024)}"}}`;
    proxy.send(huge);
    const refused = await proxy.next();
    expect(refused).toMatchObject({ jsonrpc: '2.0', id: 'huge', error: { code: -32600 } });
    expect((refused.error as { message: string }).message).toBe(`the message is ${Buffer.byteLength(huge)} bytes, over the proxy's limit of 34603008 bytes`);
    proxy.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    expect(await proxy.next()).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });

  it('a tools/list above the shrink limit (32 MiB) but under the message limit passes through unshrunk, with one note on stderr', async () => {
    const description = 'Lists things. '.repeat(8 * 1024); // 112 KiB a tool
    const tools = Array.from({ length: 295 }, (_, n) => ({
      name: `tool_${n}`,
      description,
      inputSchema: { type: 'object', title: 'dropped if shrunk', properties: {} },
    }));
    const file = join(store.dir, 'tools.json');
    writeFileSync(file, JSON.stringify(tools));
    const bytes = Buffer.byteLength(JSON.stringify({ tools }));
    expect(bytes).toBeGreaterThan(32 * 1024 * 1024);
    expect(bytes + 64).toBeLessThan(34603008);
    proxy = rawProxy(['--store', store.db], [process.execPath, join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs'), file]);
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    await proxy.next();
    proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const listed = await proxy.next();
    expect(listed.error).toBeUndefined();
    expect(listed).toEqual({ jsonrpc: '2.0', id: 2, result: { tools } }); // unshrunk, and no describe tool
    const notes = proxy
      .stderr()
      .split('\n')
      .filter((line) => line.includes('tools/list passed'));
    expect(notes).toEqual([
      `caveman-shrink proxy: tools/list passed through unchanged (295 tools): the listing is ` +
        `${(bytes / 1048576).toFixed(1)} MiB, above the 32 MiB limit — nothing was stored`,
    ]);
    proxy.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(await proxy.next()).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
  });

  it('reads a 20 MiB line (json-lines.test.ts checks it is joined once, each byte copied once; npm run bench times it)', async () => {
    proxy = rawProxy(['--store', store.db], tiny());
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    await proxy.next();
    proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const first = await proxy.next(); // the listing is now cached: the next answer costs only the reading
    proxy.send(`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":{"pad":"${'y'.repeat(20 * 1024 * 1024)}"}}}`);
    const answer = await proxy.next();
    expect(answer).toMatchObject({ id: 3 });
    expect(answer.result).toEqual(first.result);
  });

  it('each stderr note is one line, even when what it quotes has line breaks', async () => {
    const storeWithBreak = join(store.dir, 'two\nlines', 'ccr.db');
    proxy = rawProxy(['--store', storeWithBreak], tiny());
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    await proxy.next();
    proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await proxy.next();
    await proxy.close();
    const lines = proxy.stderr().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(/^caveman-shrink proxy: /);
    expect(proxy.stderr()).toContain('two\\nlines');
  });
});

describe('what the proxy says keeps the secrets of its command and URL out', () => {
  const secret = 's3cret-value-42';

  it("the startup line names the server's command with its --api-key value redacted", async () => {
    proxy = rawProxy(['--store', store.db], [...tiny(), '--api-key', secret, `--token=${secret}`]);
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    await proxy.next();
    expect(proxy.stderr()).toContain(`tiny-server.mjs --api-key *** --token=*** over stdio`);
    expect(proxy.stderr()).not.toContain(secret);
  });

  it('the error a client gets for a URL nobody answers on quotes the URL with its query token redacted', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    proxy = rawProxy(['--store', store.db, '--url', `${url}?token=${secret}`], []);
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    const answer = await proxy.next();
    expect((answer.error as { message: string }).message).toContain(`could not reach ${url}?token=***: connection refused`);
    expect(JSON.stringify(answer)).not.toContain(secret);
    await proxy.close();
    expect(proxy.stderr()).not.toContain(secret);
  });
});
