// `caveman-shrink proxy --check-calls` and `--no-check-tools` through the
// real proxy process and a server that echoes the line it read: by default
// only the calls of the tools whose listing deferred anything are checked;
// `all` checks every call but the tools named not to be; `off` none. A
// relayed call reaches the server as the bytes the client sent.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RpcFrame } from '../../../../src/main/mcp/connection/rpc-frame';
import { tempStore } from '../../../helpers/cli';
import { INITIALIZE, rawProxy, type RawProxy } from './raw-proxy';
import { REPO } from '../servers';

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const LONG = 'Adds two numbers. It was written for a test by a team that likes long walks, warm tea and quiet gardens. '.repeat(4);
const schema = '{"type":"object","properties":{"a":{"type":"number"}},"required":["a"]}';
const TOOLS = [
  `{"name":"long_add","description":"${LONG}","inputSchema":${schema}}`,
  `{"name":"short_add","description":"Adds.","inputSchema":${schema}}`,
  `{"name":"b_add","description":"Adds.","inputSchema":${schema}}`,
];

/** A proxy with `flags` in front of a server listing TOOLS and echoing each call's line; listed once. */
async function proxied(flags: string[]): Promise<RawProxy> {
  const file = join(store.dir, 'tools.json');
  writeFileSync(file, `[${TOOLS.join(',')}]`);
  const proxy = rawProxy(['--store', store.db, ...flags], [process.execPath, join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs'), file, '--echo-calls']);
  proxy.send({ jsonrpc: '2.0', id: 0, ...INITIALIZE });
  await proxy.next();
  proxy.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  proxy.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  await proxy.next();
  return proxy;
}

/** What each call of `names` with `args` (raw JSON) came back as: the arguments' bytes the server read, or the proxy's refusal. */
async function callEach(proxy: RawProxy, names: string[], args: string): Promise<string[]> {
  const outcomes: string[] = [];
  for (const [n, name] of names.entries()) {
    proxy.send(`{"jsonrpc":"2.0","id":${10 + n},"method":"tools/call","params":{"name":"${name}","arguments":${args}}}`);
    const answer = (await proxy.next()) as { result: { isError?: boolean; content: { text: string }[] } };
    const text = answer.result.content[0]!.text;
    if (answer.result.isError === true) outcomes.push(`refused: ${text.split('\n')[0]}`);
    else {
      const frame = RpcFrame.of(new TextEncoder().encode(text));
      const params = frame.params()!;
      outcomes.push(`relayed: ${frame.text(params.find((member) => member.key === 'arguments')!.value)}`);
    }
  }
  return outcomes;
}

describe('caveman-shrink proxy --check-calls', () => {
  it('by default checks only the tools whose listing deferred anything, and says so at start', async () => {
    const proxy = await proxied([]);
    try {
      expect(await callEach(proxy, ['long_add', 'short_add'], '{"a":"x"}')).toEqual(['refused: /a must be a number', 'relayed: {"a":"x"}']);
      const args = '{ "a" :1.0, "z":1e400,"\\u00e9":"caf\\u00e9"}';
      expect(await callEach(proxy, ['long_add'], args)).toEqual([`relayed: ${args}`]);
      expect(proxy.stderr()).toContain(
        'the calls of the tools whose listing deferred anything are checked against their original schema (--check-calls deferred, the default)',
      );
      expect(proxy.stderr()).toContain('caveman-shrink proxy: tools/call long_add refused, not relayed (1 violation): /a must be a number\n');
    } finally {
      await proxy.close();
    }
  });

  it('all: every call but those of the tools --no-check-tools names; off: none', async () => {
    const all = await proxied(['--check-calls', 'all', '--no-check-tools', 'b_*,x', '--no-check-tools', 'y']);
    try {
      expect(await callEach(all, ['long_add', 'short_add', 'b_add'], '{}')).toEqual([
        'refused: missing required /a',
        'refused: missing required /a',
        'relayed: {}',
      ]);
      expect(all.stderr()).toContain("every tools/call is checked against its tool's original schema (--check-calls all, never b_*,x,y)");
    } finally {
      await all.close();
    }
    const off = await proxied(['--check-calls', 'off']);
    try {
      expect(await callEach(off, ['long_add', 'short_add'], '{}')).toEqual(['relayed: {}', 'relayed: {}']);
    } finally {
      await off.close();
    }
  });
});
