// caveman_describe in the proxy: listed only
// when a description was shortened, answering each tool's original exactly
// as the server listed it (from the store, so also after a restart),
// marking complete tools, naming the tools on an unknown name, stepping
// aside for a server tool of the same name, and priced on stderr.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recover, recoverTools } from '../../../../src/main/lib';
import { countTokens } from '../../../../src/main/engine/tokens';
import { COMPLETE_NOTE } from '../../../../src/main/library/describe';
import { describeToolDefinition, describeToolTokens } from '../../../../src/main/library/describe';
import { tempStore } from '../../../helpers/cli';
import { CommandTransport } from '../../../helpers/command-transport';
import { INITIALIZE, rawProxy } from './raw-proxy';
import { rawServerListing, rawServerTools } from '../raw-server-tools';
import { EVERYTHING_BIN, REPO, TINY_SERVER } from '../servers';

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const LISTED_SERVER = join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs');
// Prose with no fact in it (fidelity v2 keeps every fact sentence), so the listing drops all but the lead.
const LONG =
  'Does the thing for the test. The team that wrote it likes long walks, warm tea and quiet afternoons in the ' +
  'garden. Its logo is a small green frog that somebody drew by hand.';
// Long enough that cutting it saves more than listing the describe tool costs (else the tools are served as listed).
const LONGER = `${LONG} ${LONG.repeat(3).replaceAll('Does the thing for the test. ', '')}`;

interface Proxied {
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

async function throughProxy(server: string[], options: string[] = []): Promise<Proxied> {
  const transport = new CommandTransport(['proxy', '--store', store.db, '--level', 'leads', ...options, '--', ...server]);
  const client = new Client({ name: 'describe-test', version: '1' });
  await client.connect(transport);
  return { client, stderr: () => transport.stderr(), close: () => client.close() };
}

type TextContent = { type: string; text: string }[];
const describeCall = async (proxied: Proxied, name: string | string[], tool = 'caveman_describe') =>
  (await proxied.client.callTool({ name: tool, arguments: { names: typeof name === 'string' ? [name] : name } })) as {
    content: TextContent;
    isError?: boolean;
  };
const handleIn = (stderr: string) => /original stored as (ccr_[0-9a-f]{32})/.exec(stderr)![1]!;

function listedToolsFile(tools: unknown[] | string): string[] {
  const file = join(store.dir, 'tools.json');
  writeFileSync(file, typeof tools === 'string' ? tools : JSON.stringify(tools));
  return [process.execPath, LISTED_SERVER, file];
}

/** Tool texts as a server may write them: spacing, `1.0`, `\u00e9`, `1e400`, integer-like keys out of order. */
const EXACT =
  `{ "name": "exact", "description": "Caf\\u00e9 finder. ${LONG}", "inputSchema": {"type":"object",` +
  `"properties":{"ratio":{"type":"number","default":1.0,"maximum":1e400},"2":{"type":"string"},` +
  `"1":{"type":"string"}}} }`;
const SECOND =
  `{"name":"second","description":"Second \\u00e9tape. ${LONG}","inputSchema":{"type":"object",` + `"properties":{"n":{"type":"integer","minimum":0.0}}}}`;

describe('caveman_describe in the proxy', () => {
  it("server-everything: every tool's original comes back byte for byte, shortened or complete, and again after a restart", async () => {
    const server = [process.execPath, EVERYTHING_BIN];
    const reference = await rawServerTools(server);
    for (const round of ['first run', 'after a restart']) {
      // recoverTools re-transforms the stored original at the level the handle records (the proxy's, leads).
      const proxied = await throughProxy(server);
      try {
        const listed = await proxied.client.listTools();
        expect(listed.tools.at(-1)?.name, round).toBe('caveman_describe');
        expect(listed.tools.slice(0, -1).map((tool) => tool.name)).toEqual([...reference.keys()]);
        const tools = recoverTools(handleIn(proxied.stderr()), { store: store.db });
        expect(tools.some((tool) => tool.shortened) && tools.some((tool) => !tool.shortened)).toBe(true);
        for (const tool of tools) {
          const answer = await describeCall(proxied, tool.name);
          expect(answer.isError, tool.name).toBeUndefined();
          expect(Buffer.from(answer.content[0]!.text, 'utf8').equals(Buffer.from(reference.get(tool.name)!, 'utf8')), `${round}: ${tool.name}`).toBe(true);
          expect(answer.content.slice(1).map((part) => part.text)).toEqual(tool.shortened ? [] : [COMPLETE_NOTE]);
        }
        expect(await proxied.client.callTool({ name: 'echo', arguments: { message: 'after describe' } })).toEqual({
          content: [{ type: 'text', text: 'Echo: after describe' }],
        });
      } finally {
        await proxied.close();
      }
    }
  });

  it("answers two tools in one call with the server's own bytes (not a re-serialisation), found verbatim in its tools/list line", async () => {
    const server = listedToolsFile(`[${EXACT}, ${SECOND}]`);
    const reference = await rawServerListing(server);
    for (const text of [EXACT, SECOND]) expect(JSON.stringify(JSON.parse(text)), 'a re-serialisation differs').not.toBe(text);
    const proxied = await throughProxy(server);
    try {
      expect((await proxied.client.listTools()).tools.map((tool) => tool.name)).toEqual(['exact', 'second', 'caveman_describe']);
      const answer = await describeCall(proxied, ['exact', 'second']);
      expect(answer.isError).toBeUndefined();
      expect(answer.content).toHaveLength(2);
      for (const [n, name] of ['exact', 'second'].entries()) {
        const bytes = Buffer.from(answer.content[n]!.text, 'utf8');
        expect(bytes.equals(Buffer.from(reference.tools.get(name)!, 'utf8')), name).toBe(true);
        expect(Buffer.from(reference.lines[0]!, 'utf8').indexOf(bytes), `${name} in the raw line`).toBeGreaterThan(0);
      }
    } finally {
      await proxied.close();
    }
  });

  it('gives the same listing bytes and the same handle on every run, whatever the store', async () => {
    const server = listedToolsFile(`[${EXACT}, ${SECOND}]`);
    const reference = await rawServerListing(server);
    const runs: { line: string; handle: string }[] = [];
    for (const db of [store.db, join(store.dir, 'other-machine', 'ccr.db'), store.db]) {
      const proxy = rawProxy(['--store', db], server);
      try {
        proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
        await proxy.next();
        proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
        runs.push({ line: await proxy.nextLine(), handle: handleIn(proxy.stderr()) });
      } finally {
        await proxy.close();
      }
    }
    expect(new Set(runs.map((run) => run.line)).size).toBe(1);
    expect(new Set(runs.map((run) => run.handle)).size).toBe(1);
    // The stored original is the server's tools, each exactly as it wrote it.
    const stored = recover(runs[0]!.handle, { store: store.db });
    expect(Buffer.from(stored).toString('utf8')).toBe(`{"tools":[${[...reference.tools.values()].join(',')}]}`);
  });

  it('answers every tool of a duplicated name by position, and an unnamed tool beside a real tool named like its placeholder', async () => {
    const tool = (name: string | undefined, lead: string) =>
      JSON.stringify({ ...(name === undefined ? {} : { name }), description: `${lead} ${LONG}`, inputSchema: { type: 'object', properties: {} } });
    const tools = [tool('dup', 'First.'), tool(undefined, 'Nameless.'), tool('#2', 'Named like a placeholder.'), tool('dup', 'Second.')];
    const proxy = rawProxy(['--store', store.db, '--level', 'leads'], listedToolsFile(`[${tools.join(',')}]`));
    try {
      proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
      await proxy.next();
      proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
      await proxy.next();
      proxy.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'caveman_describe', arguments: { names: ['dup', '#2'] } } });
      const answer = (await proxy.next()) as { result: { content: { text: string }[] } };
      expect(answer.result.content.map((part) => part.text)).toEqual([
        '2 tools answer to "dup"; this is tool 1 of 4:',
        tools[0],
        '2 tools answer to "dup"; this is tool 4 of 4:',
        tools[3],
        '2 tools answer to "#2"; this is tool 2 of 4, which has no name:',
        tools[1],
        '2 tools answer to "#2"; this is tool 3 of 4:',
        tools[2],
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('prices itself on stderr (what it adds to the list) and answers a bad or unknown name with isError and the names', async () => {
    const proxied = await throughProxy([process.execPath, TINY_SERVER]);
    try {
      const listed = await proxied.client.listTools();
      const withDescribe = listed.tools as unknown[];
      expect(withDescribe.at(-1)).toEqual(describeToolDefinition());
      const price = describeToolTokens('o200k_base', 'caveman_describe', JSON.stringify(withDescribe.at(-2)));
      expect(
        countTokens(JSON.stringify({ tools: withDescribe }), 'o200k_base') - countTokens(JSON.stringify({ tools: withDescribe.slice(0, -1) }), 'o200k_base'),
      ).toBe(price);
      expect(proxied.stderr()).toMatch(
        new RegExp(
          `tools/list shrunk at leads: 7 tools, [\\d,]+ → [\\d,]+ tokens as the model sees them \\([\\d.]+% saved; anthropic ` +
            `rendering, inferred, o200k_base\\); original stored as ccr_[0-9a-f]{32}; caveman_describe adds ${price} tokens ` +
            `\\(inferred; offered because 6 of 7 tools were shortened\\)\\n`,
        ),
      );

      const unknown = await describeCall(proxied, 'nope');
      expect(unknown.isError).toBe(true);
      expect(unknown.content[0]!.text).toBe('no tool named "nope" in this listing; its tools are: echo, tool_01, tool_02, tool_03, tool_04, tool_05, grow');
      const bad = (await proxied.client.callTool({ name: 'caveman_describe', arguments: {} })) as { content: TextContent; isError?: boolean };
      expect(bad).toEqual({
        content: [{ type: 'text', text: 'no "names" was given: call caveman_describe with {"names": ["<tool>", …]}, names of listed tools' }],
        isError: true,
      });
    } finally {
      await proxied.close();
    }
  });

  it("a server tool named caveman_describe keeps its name and its calls; the proxy's is suffixed and stderr says so", async () => {
    const proxied = await throughProxy(
      listedToolsFile([
        { name: 'caveman_describe', description: LONGER, inputSchema: { type: 'object', properties: {} } },
        { name: 'caveman_describe_2', description: 'Short.', inputSchema: { type: 'object', title: 'x', properties: {} } },
      ]),
    );
    try {
      const names = (await proxied.client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(['caveman_describe', 'caveman_describe_2', 'caveman_describe_3']);
      expect(await proxied.client.callTool({ name: 'caveman_describe', arguments: { name: 'x' } })).toEqual({
        content: [{ type: 'text', text: 'server answered caveman_describe' }],
      });
      const original = await describeCall(proxied, 'caveman_describe', 'caveman_describe_3');
      expect(JSON.parse(original.content[0]!.text)).toEqual({ name: 'caveman_describe', description: LONGER, inputSchema: { type: 'object', properties: {} } });
      expect(proxied.stderr()).toContain(
        "caveman-shrink proxy: a server tool is already named caveman_describe; the proxy's describe tool is listed as caveman_describe_3\n",
      );
    } finally {
      await proxied.close();
    }
  });

  it('is not listed when no description was shortened, nor with --no-describe-tool', async () => {
    const plain = await throughProxy(
      listedToolsFile([
        {
          name: 'only',
          title: 'Only',
          description: 'Short and whole.',
          inputSchema: { type: 'object', title: 'dropped', properties: { a: { type: 'string', examples: ['x'] } } },
        },
      ]),
    );
    try {
      expect((await plain.client.listTools()).tools.map((tool) => tool.name)).toEqual(['only']);
      expect(plain.stderr()).toMatch(/original stored as ccr_[0-9a-f]{32}; caveman_describe not offered: no description was shortened\n/);
    } finally {
      await plain.close();
    }
    const off = await throughProxy([process.execPath, TINY_SERVER], ['--no-describe-tool']);
    try {
      expect((await off.client.listTools()).tools.map((tool) => tool.name)).not.toContain('caveman_describe');
      expect(off.stderr()).toMatch(/original stored as ccr_[0-9a-f]{32}\n/);
    } finally {
      await off.close();
    }
  });
});
