// The relay in memory, byte for byte: what it relays is the bytes it read
// (only an id rewritten in place), the listing keeps the server's other
// members and bytes, a slow side is not outrun, a list_changed burst is one
// re-listing, calls with a name of the wrong shape are refused, a cancelled
// request is gone at once, and a listing the engine cannot read passes.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShrunkListing } from '../../../../src/main/mcp/proxy/tools-proxy';
import { answerListing, encode, proxyInMemory, shrinking, tick } from './in-memory-proxy';

/** Long past the proxy's list_changed coalescing window: nothing more arrives by then. */
const LATER_MS = 1_000;

describe('the relay relays bytes', () => {
  it('keeps every byte of a request and its answer but the id, which is rewritten in place', async () => {
    const { upstream, downstream, proxy } = await proxyInMemory();
    const args = '{"n":1234567890123456789, "x":1e400,"y":1.0,"z":-0,"s":"\\u00e9"}';
    downstream.receiveBytes(encode(`{"jsonrpc":"2.0", "id" :9007199254740993,"method":"tools/call","params":{"name":"a","arguments":${args}}}`));
    await tick();
    const ours = upstream.sent[0]!.id as number;
    expect(upstream.lines).toEqual([`{"jsonrpc":"2.0", "id" :${ours},"method":"tools/call","params":{"name":"a","arguments":${args}}}`]);
    upstream.receiveBytes(encode(`{"result":{"v":1.0,"big":1e400,"neg":-0},"id":${ours},"jsonrpc":"2.0"}`));
    await tick();
    expect(downstream.lines).toEqual(['{"result":{"v":1.0,"big":1e400,"neg":-0},"id":9007199254740993,"jsonrpc":"2.0"}']);
    await proxy.close();
  });

  it("answers tools/list with the server's _meta and unknown result keys, and hands on bytes that are not UTF-8 as they came", async () => {
    const { upstream, downstream, proxy } = await proxyInMemory(shrinking());
    downstream.receive({ jsonrpc: '2.0', id: 'l', method: 'tools/list' });
    await tick();
    const tool = Buffer.concat([encode('{"name":"caf'), Uint8Array.of(0xe9), encode('","inputSchema":{"type":"object","title":"T"}}')]);
    answerListing(upstream, Buffer.concat([encode('{"tools":['), tool, encode('],"_meta":{"k":1.0},"extra":[true]}')]));
    await vi.waitFor(() => expect(downstream.raw).toHaveLength(1), { timeout: 20_000 });
    const expected = Buffer.concat([encode('{"jsonrpc":"2.0","id":"l","result":{"tools":['), tool, encode('],"_meta":{"k":1.0},"extra":[true]}}')]);
    expect(downstream.raw).toEqual([expected]);
    await proxy.close();
  });
});

describe('backpressure', () => {
  it('stops reading the server while the client is backed up, and reads again once it drained', async () => {
    const { upstream, downstream, proxy } = await proxyInMemory();
    downstream.backedUp = true;
    upstream.receive({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'x'.repeat(1000) } });
    await tick();
    expect(upstream.paused).toBe(true);
    downstream.drain();
    await tick();
    expect(upstream.paused).toBe(false);
    upstream.backedUp = true;
    downstream.receive({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await tick();
    expect(downstream.paused).toBe(true);
    upstream.drain();
    await tick();
    expect(downstream.paused).toBe(false);
    await proxy.close();
  });
});

describe('list_changed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a burst of 1,000 is one re-listing and one notification to the client; pings meanwhile are relayed at once', async () => {
    // The burst is coalesced on a timer: fake time lets the test wait past it without sleeping.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { upstream, downstream, proxy } = await proxyInMemory();
    downstream.receive({ jsonrpc: '2.0', id: 'l', method: 'tools/list' });
    await tick();
    answerListing(upstream, '{"tools":[{"name":"a"}]}');
    await tick();
    for (let n = 0; n < 1000; n++) upstream.receive({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    downstream.receive({ jsonrpc: '2.0', id: 'p', method: 'ping' });
    await tick();
    expect(upstream.sent.filter((m) => m.method === 'ping')).toHaveLength(1);
    await vi.waitFor(() => expect(upstream.sent.filter((m) => m.method === 'tools/list')).toHaveLength(2));
    await vi.advanceTimersByTimeAsync(LATER_MS);
    expect(upstream.sent.filter((m) => m.method === 'tools/list')).toHaveLength(2);
    answerListing(upstream, '{"tools":[{"name":"b"}]}');
    await vi.waitFor(() => expect(downstream.sent.filter((m) => m.method === 'notifications/tools/list_changed')).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(LATER_MS);
    expect(downstream.sent.filter((m) => m.method === 'notifications/tools/list_changed')).toHaveLength(1);
    await proxy.close();
  });
});

describe('tools/call', () => {
  it('refuses a call whose name is not one string (an array, a number, none, twice) as invalid, and relays none of them', async () => {
    const { upstream, downstream, proxy } = await proxyInMemory({ checkCall: ({ name }) => (name === 'tool_1' ? { refuse: 'filtered' } : undefined) });
    const calls = ['{"name":["tool_1"]}', '{"name":1}', '{"arguments":{}}', '{"name":"x","name":"tool_1"}', '[]'];
    calls.forEach((params, n) => downstream.receiveBytes(encode(`{"jsonrpc":"2.0","id":${n},"method":"tools/call","params":${params}}`)));
    await tick();
    expect(upstream.sent).toEqual([]);
    expect(downstream.sent.map((m) => (m.error as { code: number }).code)).toEqual([-32602, -32602, -32602, -32602, -32602]);
    await proxy.close();
  });

  it('a cancelled request leaves at once: its id is free again, its late answer is dropped, and it gets no error when the server exits', async () => {
    const { upstream, downstream, proxy, logged } = await proxyInMemory();
    downstream.receive({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'slow' } });
    await tick();
    const first = upstream.sent[0]!.id as number;
    downstream.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 5, reason: 'user' } });
    downstream.receive({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'again' } });
    await tick();
    expect(upstream.sent.map((m) => m.method)).toEqual(['tools/call', 'notifications/cancelled', 'tools/call']);
    upstream.receive({ jsonrpc: '2.0', id: first, result: { late: true } });
    await tick();
    expect(downstream.sent).toEqual([]);
    expect(logged).toEqual([]);
    upstream.onclose?.();
    await proxy.closed;
    expect(downstream.sent).toEqual([{ jsonrpc: '2.0', id: 5, error: { code: -32000, message: 'the server exited before it answered tools/call' } }]);
  });
});

describe('a listing the engine cannot take', () => {
  it('nested 1,100 levels deep passes through to the client as the server wrote it', async () => {
    const { upstream, downstream, proxy } = await proxyInMemory(shrinking());
    downstream.receive({ jsonrpc: '2.0', id: 'l', method: 'tools/list' });
    await tick();
    const deep = `{"name":"deep","inputSchema":{"type":"object","properties":{"a":${'{"items":'.repeat(1100)}{}${'}'.repeat(1100)}}}}`;
    answerListing(upstream, `{"tools":[${deep}]}`);
    await vi.waitFor(() => expect(downstream.lines).toHaveLength(1), { timeout: 20_000 });
    expect(downstream.lines).toEqual([`{"jsonrpc":"2.0","id":"l","result":{"tools":[${deep}]}}`]);
    await proxy.close();
  });
});

describe('never bigger than the server listing', () => {
  it('serves the tools without deferring when the shortened listing plus caveman_describe costs the model more, and says the true figure', async () => {
    const notes: string[] = [];
    const tool = encode('{"name":"t","description":"Reads a file. It is fast.","inputSchema":{"type":"object","properties":{"p":{"type":"string"}}}}');
    const listing = (await shrinking((note) => notes.push(note)).shrinkTools([tool], { clientInfo: undefined })) as ShrunkListing;
    expect(listing.local).toBeUndefined();
    expect(listing.tools).toEqual([tool]);
    const figures = /at leads with caveman_describe it would have been ([\d,]+) → ([\d,]+) tokens/.exec(notes.join('\n'));
    expect(Number(figures![2]!.replace(/,/g, ''))).toBeGreaterThan(Number(figures![1]!.replace(/,/g, '')));
    expect(notes[0]).toMatch(/^tools\/list served as the server listed it: 1 tool, ([\d,]+) → \1 tokens as the model sees them \(0\.0% saved/);
  });
});

describe('the first listing', () => {
  it("is asked of the server as soon as the client says it is initialized, before the client asks, for the client's clientInfo", async () => {
    const contexts: unknown[] = [];
    const { upstream, downstream, proxy } = await proxyInMemory({ shrinkTools: async (tools, context) => (contexts.push(context), { tools }) });
    downstream.receive({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '9' } },
    });
    await tick();
    upstream.receive({ jsonrpc: '2.0', id: upstream.sent[0]!.id as number, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} } } });
    await tick();
    expect(upstream.sent.map((m) => m.method)).toEqual(['initialize']);
    downstream.receive({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await tick();
    expect(upstream.sent.map((m) => m.method)).toEqual(['initialize', 'notifications/initialized', 'tools/list']);
    expect(proxy.clientInfo).toEqual({ name: 'c', version: '9' });
    answerListing(upstream, '{"tools":[{"name":"a"}]}');
    await vi.waitFor(() => expect(contexts).toEqual([{ clientInfo: { name: 'c', version: '9' } }]));
    downstream.receive({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await vi.waitFor(() => expect(downstream.sent.at(-1)).toEqual({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: 'a' }] } }));
    expect(upstream.sent.filter((m) => m.method === 'tools/list')).toHaveLength(1);
    await proxy.close();
  });
});
