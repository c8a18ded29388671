// caveman_describe called before the client's first tools/list: the proxy
// makes the listing itself and answers the call as its own tool; the
// server is asked for its tools and never sees the call.

import { describe, expect, it, vi } from 'vitest';
import { answerListing, encode, proxyInMemory, shrinking, tick } from './in-memory-proxy';

const LONG = 'Adds two numbers. It was written for a test by a team that likes long walks, warm tea and quiet gardens. '.repeat(4);
const TOOL = `{"name":"long_add","description":"${LONG}","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}}}`;

describe('caveman_describe before the first tools/list', () => {
  it("is answered by the proxy with the server's own bytes, after a listing it makes itself", async () => {
    const proxied = await proxyInMemory({ ...shrinking(), prefetch: false });
    proxied.downstream.receiveBytes(
      encode('{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"caveman_describe","arguments":{"names":["long_add"]}}}'),
    );
    await tick();
    expect(proxied.upstream.sent.map((m) => m.method)).toEqual(['tools/list']);
    answerListing(proxied.upstream, `{"tools":[${TOOL}]}`);
    await vi.waitFor(() => expect(proxied.downstream.sent).toHaveLength(1), { timeout: 20_000 });
    const answer = proxied.downstream.sent[0] as { id: number; result: { isError?: boolean; content: { text: string }[] } };
    expect(answer.id).toBe(3);
    expect(answer.result.isError).toBeUndefined();
    expect(answer.result.content[0]!.text).toBe(TOOL);
    expect(proxied.upstream.sent.map((m) => m.method)).toEqual(['tools/list']);
    await proxied.proxy.close();
  });

  it('says the expected shape of a malformed request, still without the server', async () => {
    const proxied = await proxyInMemory({ ...shrinking(), prefetch: false });
    proxied.downstream.receiveBytes(
      encode('{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"caveman_describe","arguments":{"names":"long_add,x","x":[1]}}}'),
    );
    proxied.downstream.receiveBytes(encode('{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"caveman_describe","arguments":{"names":[7]}}}'));
    await tick();
    answerListing(proxied.upstream, `{"tools":[${TOOL}]}`);
    await vi.waitFor(() => expect(proxied.downstream.sent).toHaveLength(2), { timeout: 20_000 });
    const texts = proxied.downstream.sent.map((m) => (m as { result: { content: { text: string }[] } }).result.content[0]!.text);
    expect(texts[0]).toBe('no tool named "long_add,x" in this listing; its tools are: long_add');
    expect(texts[1]).toBe(
      '"names" holds a number; each item is a tool name, a string: call caveman_describe with {"names": ["<tool>", …]}, names of listed tools',
    );
    expect(proxied.upstream.sent.map((m) => m.method)).toEqual(['tools/list']);
    await proxied.proxy.close();
  });
});
