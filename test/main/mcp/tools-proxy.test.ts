// The proxy core in memory: what the server sees of a client's ids (only the
// proxy's numbering, cancellations included), what comes back (the client's
// own ids, whatever their type), and the server's own requests passing
// through untouched.

import { describe, expect, it } from 'vitest';
import type { RpcMessage, RpcPeer } from '../../../src/main/mcp/line-peers';
import { startToolsProxy } from '../../../src/main/mcp/tools-proxy';

class FakePeer implements RpcPeer {
  sent: RpcMessage[] = [];
  onmessage?: RpcPeer['onmessage'];
  onunreadable?: RpcPeer['onunreadable'];
  onclose?: RpcPeer['onclose'];
  onerror?: RpcPeer['onerror'];
  async start() {}
  async send(message: RpcMessage) {
    this.sent.push(message);
  }
  async close() {
    this.onclose?.();
  }
  /** A message arriving from this side. */
  receive(message: RpcMessage) {
    this.onmessage?.(message);
  }
}

async function proxyInMemory() {
  const upstream = new FakePeer();
  const downstream = new FakePeer();
  const proxy = await startToolsProxy({ upstream, downstream, log: () => undefined, shrinkTools: async (tools) => ({ tools }) });
  return { upstream, downstream, proxy };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the proxy core', () => {
  it("maps client ids into its own numbering and back, keeping 1 and \"1\" apart, and maps a cancellation's requestId", async () => {
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
