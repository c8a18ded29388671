// Checked calls in the proxy, in memory: a valid call reaches the server as
// the client's bytes; an invalid one is answered by the proxy with the
// checker's refusal and one stderr line that names no value; a schema the
// checker cannot read relays its calls with one note; a call that comes
// before any listing waits for it; the default checks only deferred tools.

import { describe, expect, it, vi } from 'vitest';
import { callGate } from '../../../../src/main/mcp/proxy/call-gate';
import { callCheckPolicy } from '../../../../src/main/library/call-check/check-policy';
import type { CheckCallsMode } from '../../../../src/shared/check-calls';
import type { ToolsProxyOptions } from '../../../../src/main/mcp/proxy/tools-proxy';
import { answerListing, encode, proxyInMemory, shrinking, tick } from './in-memory-proxy';

const TOOLS = [
  '{"name":"add","inputSchema":{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"},' +
    '"s":{"type":"string","pattern":"^[a-zé]+$"}},"required":["a"],"additionalProperties":false}}',
  '{"name":"remote","inputSchema":{"type":"object","properties":{"x":{"$ref":"https://example.com/x.json"}}}}',
];

async function checkedProxy(mode: CheckCallsMode, options: Partial<ToolsProxyOptions> = {}, noCheckTools: string[] = []) {
  const logged: string[] = [];
  const log = (line: string) => void logged.push(line);
  const gate = callGate({ policy: callCheckPolicy({ mode, uncheckedTools: noCheckTools }), tokenizer: 'o200k_base', log })!;
  const proxied = await proxyInMemory({ checkCall: gate.checkCall, checkCallReadsListing: gate.readsListing, log, ...options });
  return { ...proxied, logged };
}

const call = (id: number, name: string, args: string) =>
  encode(`{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"${name}","arguments":${args}}}`);

async function listed(proxied: Awaited<ReturnType<typeof checkedProxy>>, tools = TOOLS) {
  proxied.downstream.receive({ jsonrpc: '2.0', id: 'l', method: 'tools/list' });
  await tick();
  answerListing(proxied.upstream, `{"tools":[${tools.join(',')}]}`);
  await vi.waitFor(() => expect(proxied.downstream.sent.some((m) => m.id === 'l')).toBe(true), { timeout: 20_000 });
}

describe('checked calls', () => {
  it('relays a valid call as the bytes the client sent: 1.0, 1e400, key order, \\u00e9 and spacing stay', async () => {
    const proxied = await checkedProxy('all');
    await listed(proxied);
    const args = '{ "b":1.0,"a" :1e400, "s":"caf\\u00e9"}';
    proxied.downstream.receiveBytes(call(1, 'add', args));
    await tick();
    const ours = proxied.upstream.sent.at(-1)!.id as number;
    expect(proxied.upstream.lines.at(-1)).toBe(`{"jsonrpc":"2.0","id":${ours},"method":"tools/call","params":{"name":"add","arguments":${args}}}`);
    expect(proxied.logged).toEqual([]);
    await proxied.proxy.close();
  });

  it('answers an invalid call itself with every violation and the definition, and logs one line without the values', async () => {
    const proxied = await checkedProxy('all');
    await listed(proxied);
    const before = proxied.upstream.sent.length;
    proxied.downstream.receiveBytes(call(2, 'add', '{"b":"SECRET-VALUE","s":"NOPE","extra":1}'));
    await tick();
    expect(proxied.upstream.sent).toHaveLength(before);
    const answer = proxied.downstream.sent.at(-1) as { id: number; result: { isError: boolean; content: { type: string; text: string }[] } };
    expect(answer.id).toBe(2);
    expect(answer.result.isError).toBe(true);
    const text = answer.result.content[0]!.text;
    expect(text.split('\n').slice(0, 4).sort()).toEqual(
      ['/b must be a number', '/extra is not allowed here', '/s must match the pattern ^[a-zé]+$', 'missing required /a'].sort(),
    );
    expect(text.endsWith(TOOLS[0]!)).toBe(true);
    expect(proxied.logged).toHaveLength(1);
    expect(proxied.logged[0]).toMatch(/^tools\/call add refused, not relayed \(4 violations\): /);
    expect(proxied.logged[0]).not.toMatch(/SECRET|NOPE/);
    await proxied.proxy.close();
  });

  it('relays the calls of a tool whose schema it cannot compile, with one note for the tool', async () => {
    const proxied = await checkedProxy('all');
    await listed(proxied);
    proxied.downstream.receiveBytes(call(3, 'remote', '{"x":1}'));
    proxied.downstream.receiveBytes(call(4, 'remote', '{"x":2}'));
    await tick();
    expect(proxied.upstream.sent.filter((m) => m.method === 'tools/call')).toHaveLength(2);
    expect(proxied.logged).toEqual([
      'tools/call remote relayed unchecked from now on: its input schema has a $ref outside itself (https://example.com/x.json)',
    ]);
    await proxied.proxy.close();
  });

  it('makes the listing first for a call that comes before any, and a cancel meanwhile keeps it from the server', async () => {
    const proxied = await checkedProxy('all', { prefetch: false });
    proxied.downstream.receiveBytes(call(5, 'add', '{"a":"one"}'));
    proxied.downstream.receiveBytes(call(6, 'add', '{"a":1}'));
    proxied.downstream.receiveBytes(call(7, 'add', '{"a":2}'));
    proxied.downstream.receive({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
    await tick();
    expect(proxied.upstream.sent.map((m) => m.method)).toEqual(['tools/list', 'notifications/cancelled']);
    answerListing(proxied.upstream, `{"tools":[${TOOLS.join(',')}]}`);
    await vi.waitFor(() => expect(proxied.upstream.sent.filter((m) => m.method === 'tools/call')).toHaveLength(1));
    expect(proxied.upstream.sent.find((m) => m.method === 'tools/call')!.params).toEqual({ name: 'add', arguments: { a: 1 } });
    expect(proxied.downstream.sent).toEqual([expect.objectContaining({ id: 5, result: expect.objectContaining({ isError: true }) })]);
    await proxied.proxy.close();
  });

  it('by default checks only the tools whose listing deferred something, and never the tools --no-check-tools names', async () => {
    const long = 'Adds two numbers. It was written for a test by a team that likes long walks, warm tea and quiet gardens. '.repeat(4);
    const tools = [
      `{"name":"long_add","description":"${long}","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}}}`,
      `{"name":"other_add","description":"${long}","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}}}`,
      '{"name":"short_add","description":"Adds.","inputSchema":{"type":"object","properties":{"a":{"type":"number"}}}}',
    ];
    const proxied = await checkedProxy('deferred', shrinking(), ['other_*']);
    await listed(proxied, tools);
    const handed = JSON.stringify(proxied.downstream.sent.at(-1));
    expect(handed).toMatch(/long_add.*…/);
    for (const [id, name] of [
      [8, 'long_add'],
      [9, 'other_add'],
      [10, 'short_add'],
    ] as const)
      proxied.downstream.receiveBytes(call(id, name, '{"a":"x"}'));
    await tick();
    expect(proxied.upstream.sent.filter((m) => m.method === 'tools/call').map((m) => (m.params as { name: string }).name)).toEqual(['other_add', 'short_add']);
    expect(proxied.downstream.sent.at(-1)).toMatchObject({ id: 8, result: { isError: true } });
    await proxied.proxy.close();
  });
});
