// The proxy's own options: the level
// (said on stderr at start; without one, the client's profile picks it:
// proxy-profiles.test.ts), the tools/list line counting
// what the model sees, --share-schemas, the tool filters, and the
// environment the server is given.

import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shrink, visibleTokens } from '../../../../src/main/lib';
import { describeToolDefinition } from '../../../../src/main/library/describe';
import * as listingBytes from '../../../../src/main/mcp/proxy/listing-text';
import { RpcFrame } from '../../../../src/main/mcp/connection/rpc-frame';
import { savingRatio } from '../../../../src/shared/ratio';
import { realFixture } from '../../../helpers/fixtures';
import { cliArgv, tempStore } from '../../../helpers/cli';
import { INITIALIZE, rawProxy, type RawProxy } from './raw-proxy';
import { rawServerListing } from '../raw-server-tools';
import { REPO } from '../servers';
import { formatInt } from '../../../../src/shared/format-figures';

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

const LISTED_SERVER = join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs');
const MARKER = ' …';

/** A server listing github-mcp-server's 117 tools, exactly as the fixture file writes them. */
function githubServer(): string[] {
  const file = join(store.dir, 'github.json');
  writeFileSync(file, realFixture('github-mcp-server.json').bytes);
  return [process.execPath, LISTED_SERVER, file];
}

/** The proxy's tools/list answer: each tool's text as the client got it. */
async function listThrough(proxyArgs: string[], server: string[]): Promise<string[]> {
  proxy = rawProxy(['--store', store.db, ...proxyArgs], server);
  proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
  await proxy.next();
  proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  return pageOfAnswer(await proxy.nextLine(60_000)).tools;
}

/** What the library's shrink hands out for the same catalog and options, tool by tool. */
async function libraryTools(tools: readonly string[], options: Parameters<typeof shrink>[1]): Promise<string[]> {
  const { result } = await shrink(catalogText(tools), { store: ':memory:', ...options });
  return pageOfAnswer(`{"jsonrpc":"2.0","id":0,"result":${new TextDecoder().decode(result.output)}}`).tools;
}

// The listing's byte helpers, over text.
const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const catalogText = (tools: readonly string[]) => decode(listingBytes.catalogBytes(tools.map(encode)));
const pageOfAnswer = (line: string) => ({ tools: listingBytes.pageOfAnswer(RpcFrame.of(encode(line))).tools.map(decode) });
const toolNames = (tools: readonly string[]) => listingBytes.toolNames(tools.map(encode));

const descriptionOf = (tool: string) => (JSON.parse(tool) as { description?: string }).description ?? '';

describe('caveman-shrink proxy --level', () => {
  it('shrinks at --level leads and says so at start; the tools/list line counts what the model sees (anthropic), the describe tool included', async () => {
    const server = githubServer();
    const original = [...(await rawServerListing(server)).tools.values()];
    const listed = await listThrough(['--level', 'leads'], server);
    const describeTool = JSON.stringify(describeToolDefinition());
    expect(listed).toEqual([...(await libraryTools(original, { level: 'leads' })), describeTool]);
    const marked = listed.filter((tool) => descriptionOf(tool).endsWith(MARKER));
    expect(marked.length).toBeGreaterThan(0);

    const stderr = proxy!.stderr();
    expect(stderr).toContain(
      'tools/list is answered shrunk at level leads: each description cut to its lead and ' + 'warnings; the rest is one caveman_describe call away',
    );
    const seen = (await visibleTokens(Buffer.from(catalogText(original)), Buffer.from(catalogText(listed)), 'o200k_base'))!.anthropic;
    const percent = (savingRatio(seen.tokens_before, seen.tokens_after) * 100).toFixed(1);
    expect(stderr).toMatch(
      new RegExp(
        `caveman-shrink proxy: tools/list shrunk at leads: 117 tools, ${formatInt(seen.tokens_before)} → ${formatInt(seen.tokens_after)} ` +
          `tokens as the model sees them \\(${percent}% saved; anthropic rendering, inferred, o200k_base\\); original ` +
          `stored as ccr_[0-9a-f]{32}; caveman_describe adds \\d+ tokens \\(inferred; offered because ${marked.length} of ` +
          `117 tools were shortened\\)\\n`,
      ),
    );
    // Not the JSON figure, which counts the fixture's whitespace.
    const { result } = await shrink(catalogText(original), { store: ':memory:', level: 'leads' });
    expect(result.tokens_before).toBeGreaterThan(seen.tokens_before);

    // A marked tool's details are one call away, the server's own bytes.
    const name = (JSON.parse(marked[0]!) as { name: string }).name;
    proxy!.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'caveman_describe', arguments: { names: [name] } } });
    const answer = (await proxy!.next()) as { result: { content: { text: string }[] } };
    expect(answer.result.content.map((part) => part.text)).toEqual([original[toolNames(original).indexOf(name)]]);
  });

  it('takes --level facts (no marker) and --level signatures with --share-schemas, as the library shrinks them', async () => {
    const server = githubServer();
    const original = [...(await rawServerListing(server)).tools.values()];
    const facts = await listThrough(['--level', 'facts'], server);
    expect(facts.slice(0, -1)).toEqual(await libraryTools(original, { level: 'facts' }));
    expect(facts.filter((tool) => descriptionOf(tool).endsWith(MARKER))).toEqual([]);
    expect(proxy!.stderr()).toContain(
      'tools/list is answered shrunk at level facts: tool descriptions whole, parameter descriptions cut to their lead and fact sentences; the calls ' +
        'of the tools whose listing deferred anything are checked against their original schema (--check-calls deferred, the default) (store:',
    );
    await proxy!.close();

    const signatures = await listThrough(['--level', 'signatures', '--share-schemas'], server);
    expect(signatures.slice(0, -1)).toEqual(await libraryTools(original, { level: 'signatures', shareSchemas: true }));
    expect(proxy!.stderr()).toMatch(/tools\/list shrunk at signatures: 117 tools, [\d,]+ → [\d,]+ tokens as the model sees them/);
  });
});

describe('caveman-shrink proxy --budget', () => {
  it('lists every tool within the budget as the library plans it, and below the floor lists every tool at names, saying so', async () => {
    const server = githubServer();
    const original = [...(await rawServerListing(server)).tools.values()];
    const budgeted = await listThrough(['--level', 'leads', '--budget', '4000'], server);
    expect(budgeted.slice(0, -1)).toEqual(await libraryTools(original, { level: 'leads', budget: 4000 }));
    const seen = (await visibleTokens(Buffer.from(catalogText(original)), Buffer.from(catalogText(budgeted)), 'o200k_base'))!.anthropic;
    expect(seen.tokens_after).toBeLessThanOrEqual(4000);
    expect(proxy!.stderr()).toContain('within a budget of 4,000 tokens as Claude is handed the listing');
    expect(proxy!.stderr()).toContain('tools/list shrunk at leads and below, within a budget of 4,000 tokens: 117 tools');
    await proxy!.close();

    const floor = await listThrough(['--level', 'leads', '--budget', '100'], server);
    expect(floor.slice(0, -1)).toEqual(await libraryTools(original, { level: 'names' }));
    expect(proxy!.stderr()).toMatch(/a budget of 100 tokens is below this catalog's floor: .*; every tool is listed at names\n/);
    expect(proxy!.stderr()).toContain('tools/list shrunk at names: 117 tools');
  });
});

describe('caveman-shrink proxy --include-tools / --exclude-tools', () => {
  it('lists only the tools kept, refuses a call of any other without the server, and reports the saving', async () => {
    const server = githubServer();
    const original = [...(await rawServerListing(server)).tools.values()];
    const names = toolNames(original) as string[];
    const expected = names.filter((name) => (/^(get|list)_/.test(name) || name === 'search_code') && name !== 'list_gists');
    const listed = await listThrough(
      ['--include-tools', 'get_*,list_*', '--include-tools', 'search_code', '--exclude-tools', 'list_gists', '--level', 'leads'],
      server,
    );
    expect(toolNames(listed)).toEqual([...expected, 'caveman_describe']);
    const kept = original.filter((_, at) => expected.includes(names[at]!));
    expect(listed.slice(0, -1)).toEqual(await libraryTools(kept, { level: 'leads' }));

    const seen = (await visibleTokens(Buffer.from(catalogText(original)), Buffer.from(catalogText(listed)), 'o200k_base'))!.anthropic;
    expect(proxy!.stderr()).toContain(
      `tools/list shrunk at leads: ${expected.length} of 117 tools listed (--include-tools get_*,list_*,search_code ` +
        `--exclude-tools list_gists: ${117 - expected.length} filtered out), ${formatInt(seen.tokens_before)} → ` +
        `${formatInt(seen.tokens_after)} tokens as the model sees them`,
    );

    proxy!.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'create_issue', arguments: {} } });
    expect(await proxy!.next()).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: {
        code: -32602,
        message: 'unknown tool "create_issue": this proxy does not list it (--include-tools get_*,list_*,search_code --exclude-tools list_gists)',
      },
    });
    proxy!.send({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'list_gists', arguments: {} } });
    expect((await proxy!.next()).error).toMatchObject({ code: -32602 });
    proxy!.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get_me', arguments: {} } });
    expect(await proxy!.next()).toEqual({ jsonrpc: '2.0', id: 5, result: { content: [{ type: 'text', text: 'server answered get_me' }] } });
    // Nor does the describe tool know a filtered tool.
    proxy!.send({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'caveman_describe', arguments: { names: ['create_issue'] } } });
    expect(((await proxy!.next()) as { result: { isError?: boolean } }).result.isError).toBe(true);
  });
});

describe('the environment the server is given', () => {
  it('is ours without ELECTRON_RUN_AS_NODE (a packaged app sets it for its own binary); --env still sets it', async () => {
    const file = join(store.dir, 'none.json');
    writeFileSync(file, '[]');
    const envOf = async (proxyArgs: string[]) => {
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [...cliArgv(), 'proxy', '--store', store.db, ...proxyArgs, '--', process.execPath, LISTED_SERVER, file],
        cwd: REPO,
        env: { ...(process.env as Record<string, string>), ELECTRON_RUN_AS_NODE: '1', CAVEMAN_TEST_KEPT: 'kept' },
        stderr: 'ignore',
      });
      const client = new Client({ name: 'env-test', version: '1' });
      await client.connect(transport);
      try {
        const value = async (name: string) =>
          ((await client.callTool({ name: 'env', arguments: { name } })) as { content: { text: string }[] }).content[0]!.text;
        return { electron: await value('ELECTRON_RUN_AS_NODE'), kept: await value('CAVEMAN_TEST_KEPT') };
      } finally {
        await client.close();
      }
    };
    expect(await envOf([])).toEqual({ electron: 'null', kept: '"kept"' });
    expect(await envOf(['--env', 'ELECTRON_RUN_AS_NODE=1'])).toEqual({ electron: '"1"', kept: '"kept"' });
  });
});
