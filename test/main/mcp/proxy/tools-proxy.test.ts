// The proxy core in memory: what the server sees of a client's ids (only the
// proxy's numbering, cancellations included), what comes back (the client's
// own ids, whatever their type), and the server's own requests passing
// through untouched.

import { describe, expect, it } from 'vitest';
import type { RpcMessage } from '../../../../src/main/mcp/connection/line-peers';
import { FakePeer } from './fake-peer';
import { startToolsProxy } from '../../../../src/main/mcp/proxy/tools-proxy';

async function proxyInMemory() {
  const upstream = new FakePeer();
  const downstream = new FakePeer();
  const proxy = await startToolsProxy({ upstream, downstream, log: () => undefined, shrinkTools: async (tools) => ({ tools }) });
  return { upstream, downstream, proxy };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the proxy core', () => {
  it('maps client ids into its own numbering and back, keeping 1 and "1" apart, and maps a cancellation\'s requestId', async () => {
    const { upstream, downstream, proxy } = await proxyInMemory();
    downstream.receive({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'a' } });
    downstream.receive({ jsonrpc: '2.0', id: '1', method: 'tools/call', params: { name: 'b' } });
    downstream.receive({ jsonrpc: '2.0', id: 'caveman-proxy-1', method: 'ping' });
    await tick();
    const ids = upstream.sent.map((m) => m.id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(typeof id).toBe('number');

    downstream.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: '1', reason: 'user' } });
    downstream.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'never-sent' } });
    await tick();
    expect(upstream.sent.slice(3)).toEqual([{ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: ids[1], reason: 'user' } }]);

    upstream.receive({ jsonrpc: '2.0', id: ids[2], result: {} });
    upstream.receive({ jsonrpc: '2.0', id: ids[0], result: { content: [] } });
    upstream.receive({ jsonrpc: '2.0', id: ids[0], result: { content: ['again'] } }); // a second answer to a finished request is dropped
    await tick();
    expect(downstream.sent).toEqual([
      { jsonrpc: '2.0', id: 'caveman-proxy-1', result: {} },
      { jsonrpc: '2.0', id: 1, result: { content: [] } },
    ]);
    await proxy.close();
  });

  it("relays the server's own requests and the client's answers to them unchanged", async () => {
    const { upstream, downstream, proxy } = await proxyInMemory();
    upstream.receive({ jsonrpc: '2.0', id: 7, method: 'roots/list' });
    await tick();
    expect(downstream.sent).toEqual([{ jsonrpc: '2.0', id: 7, method: 'roots/list' }]);
    downstream.receive({ jsonrpc: '2.0', id: 7, result: { roots: [] } });
    await tick();
    expect(upstream.sent).toEqual([{ jsonrpc: '2.0', id: 7, result: { roots: [] } }]);
    await proxy.close();
  });

  it('answers a client message with an id but no string method -32600 itself, so no real request loses its answer', async () => {
    const { upstream, downstream, proxy } = await proxyInMemory();
    for (let n = 1; n <= 3; n++) downstream.receive({ jsonrpc: '2.0', id: `real-${n}`, method: 'tools/call', params: { name: 'slow' } });
    await tick();
    const ids = upstream.sent.map((m) => m.id as number);
    // A client that knows (or guesses) the proxy's numbering names a real request's proxy id.
    downstream.receive({ jsonrpc: '2.0', id: ids[2]!, method: 5 });
    downstream.receive({ jsonrpc: '2.0', id: 10 });
    downstream.receive({ jsonrpc: '2.0', id: 11, result: {}, error: { code: 1, message: 'both' } });
    downstream.receive({ jsonrpc: '2.0', method: 7 });
    await tick();
    expect(upstream.sent).toHaveLength(3); // nothing malformed went upstream
    expect(downstream.sent).toEqual([
      { jsonrpc: '2.0', id: ids[2], error: { code: -32600, message: 'invalid request: the method must be a string' } },
      { jsonrpc: '2.0', id: 10, error: { code: -32600, message: 'invalid request: no method, and neither a result nor an error' } },
      { jsonrpc: '2.0', id: 11, error: { code: -32600, message: 'invalid request: an answer has a result or an error, not both' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request: the method must be a string' } },
    ]);
    upstream.receive({ jsonrpc: '2.0', id: ids[2]!, result: { content: [{ type: 'text', text: 'the real answer' }] } });
    await tick();
    expect(downstream.sent.at(-1)).toEqual({ jsonrpc: '2.0', id: 'real-3', result: { content: [{ type: 'text', text: 'the real answer' }] } });
    await proxy.close();
  });

  it("forwards a client's answer only to a request the server made and has not had answered", async () => {
    const logged: string[] = [];
    const upstream = new FakePeer();
    const downstream = new FakePeer();
    const proxy = await startToolsProxy({ upstream, downstream, log: (line) => logged.push(line), shrinkTools: async (tools) => ({ tools }) });
    downstream.receive({ jsonrpc: '2.0', id: 99, result: { roots: [] } }); // never asked
    upstream.receive({ jsonrpc: '2.0', id: 'srv-1', method: 'roots/list' });
    await tick();
    downstream.receive({ jsonrpc: '2.0', id: 'srv-1', result: { roots: [] } });
    downstream.receive({ jsonrpc: '2.0', id: 'srv-1', result: { roots: ['again'] } }); // answered already
    await tick();
    expect(upstream.sent).toEqual([{ jsonrpc: '2.0', id: 'srv-1', result: { roots: [] } }]);
    expect(downstream.sent).toEqual([{ jsonrpc: '2.0', id: 'srv-1', method: 'roots/list' }]);
    expect(logged).toEqual([
      'dropped an answer from the client to a request the server did not make or that was answered already (id 99)',
      'dropped an answer from the client to a request the server did not make or that was answered already (id "srv-1")',
    ]);
    await proxy.close();
  });

  it("never relays an invalid message from the server; one under a request's id ends that request with an error", async () => {
    const { upstream, downstream, proxy } = await proxyInMemory();
    downstream.receive({ jsonrpc: '2.0', id: 'mine', method: 'tools/call', params: { name: 'a' } });
    await tick();
    const id = upstream.sent[0]!.id as number;
    upstream.receive({ jsonrpc: '2.0', id: 'srv', method: 9 });
    upstream.receive({ jsonrpc: '2.0', id });
    await tick();
    expect(downstream.sent).toEqual([
      {
        jsonrpc: '2.0',
        id: 'mine',
        error: {
          code: -32603,
          message: "the server's answer to tools/call could not be relayed: it was an invalid message (no method, and neither a result nor an error)",
        },
      },
    ]);
    await proxy.close();
  });

  it('answers -32000 to a request read just after the server exited', async () => {
    const { upstream, downstream, proxy } = await proxyInMemory();
    upstream.onclose?.(); // the server exits
    downstream.receive({ jsonrpc: '2.0', id: 'late', method: 'tools/call', params: { name: 'a' } });
    downstream.receive({ jsonrpc: '2.0', id: 'late-list', method: 'tools/list' });
    expect(await proxy.closed).toBe('server');
    expect(downstream.sent).toEqual([
      { jsonrpc: '2.0', id: 'late', error: { code: -32000, message: 'the server exited before it answered tools/call' } },
      { jsonrpc: '2.0', id: 'late-list', error: { code: -32000, message: 'the server exited before it answered tools/list' } },
    ]);
  });

  it("hands shrinkTools each tool's exact text from the server's answer lines, and answers the client with those texts as written", async () => {
    const upstream = new FakePeer();
    const downstream = new FakePeer();
    const seen: string[][] = [];
    const proxy = await startToolsProxy({
      upstream,
      downstream,
      log: () => undefined,
      shrinkTools: async (tools) => (seen.push(tools.map((tool) => new TextDecoder().decode(tool))), { tools }),
    });
    const pages = [
      '{ "name": "a", "inputSchema": {"type":"object","properties":{"x":{"default":1.0}}} }',
      '{"name":"\\u00e9","inputSchema":{"type":"object","maximum":1e400}}',
    ];
    downstream.receive({ jsonrpc: '2.0', id: 'list', method: 'tools/list' });
    await tick();
    const first = `{"jsonrpc":"2.0","id":${upstream.sent[0]!.id as number},"result":{"tools":[ ${pages[0]} ],"nextCursor":"p2"}}`;
    upstream.receive(JSON.parse(first) as RpcMessage, first);
    await tick();
    expect(upstream.sent[1]).toMatchObject({ method: 'tools/list', params: { cursor: 'p2' } });
    const second = `{"jsonrpc":"2.0","id":${upstream.sent[1]!.id as number},"result":{"tools":[${pages[1]}]}}`;
    upstream.receive(JSON.parse(second) as RpcMessage, second);
    await tick();
    expect(seen).toEqual([pages]);
    expect(downstream.lines).toEqual([`{"jsonrpc":"2.0","id":"list","result":{"tools":[${pages.join(',')}]}}`]);
    await proxy.close();
  });

  it('answers a tools/call that checkCall refuses with an error, and nothing reaches the server', async () => {
    const upstream = new FakePeer();
    const downstream = new FakePeer();
    const proxy = await startToolsProxy({
      upstream,
      downstream,
      log: () => undefined,
      checkCall: ({ name }) => (name === 'hidden' ? { refuse: 'filtered out' } : undefined),
      shrinkTools: async (tools) => ({ tools }),
    });
    downstream.receive({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'hidden', arguments: {} } });
    downstream.receive({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'shown', arguments: {} } });
    await tick();
    expect(downstream.sent).toEqual([{ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'filtered out' } }]);
    expect(upstream.sent).toEqual([{ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'shown', arguments: {} } }]);
    await proxy.close();
  });

  it('refuses a second request under an id still in flight, and a request id that is not a string or number', async () => {
    const { downstream, proxy } = await proxyInMemory();
    downstream.receive({ jsonrpc: '2.0', id: 'x', method: 'tools/call', params: { name: 'a' } });
    downstream.receive({ jsonrpc: '2.0', id: 'x', method: 'tools/call', params: { name: 'a' } });
    downstream.receive({ jsonrpc: '2.0', id: { no: 1 }, method: 'ping' });
    await tick();
    expect(downstream.sent).toEqual([
      { jsonrpc: '2.0', id: 'x', error: { code: -32600, message: 'a request with id "x" is already in flight' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request: the id must be a string or a number' } },
    ]);
    await proxy.close();
  });
});
