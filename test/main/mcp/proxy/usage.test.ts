// What you use stays rich: the proxy counts the calls it relays per server
// and tool in the store (names and counts only), and under a budget the next
// listing steps the tools called lately down last; --no-usage neither counts
// nor lets counts shape the listing.

import { dirname, join } from 'node:path';
import { mkdirSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as listingBytes from '../../../../src/main/mcp/proxy/listing-text';
import { RpcFrame } from '../../../../src/main/mcp/connection/rpc-frame';
import { RecoveryStore } from '../../../../src/main/store';
import { realFixture } from '../../../helpers/fixtures';
import { runCli, tempStore } from '../../../helpers/cli';
import { INITIALIZE, rawProxy } from './raw-proxy';
import { REPO } from '../servers';

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const BUDGETED = ['--level', 'skeletons', '--budget', '4000', '--name', 'gh'];
const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

interface Listed {
  name: string;
  inputSchema: { properties?: Record<string, unknown>; required?: string[] };
}

function githubServer(): string[] {
  const file = join(store.dir, 'github.json');
  writeFileSync(file, realFixture('github-mcp-server.json').bytes);
  return [process.execPath, join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs'), file];
}

/** Lists through a proxy with `flags`, calls `calls` (each with no arguments) and stops it: the tools as listed. */
async function session(flags: string[], calls: string[] = []): Promise<Listed[]> {
  return (await sessionSaying(flags, calls)).tools;
}

/** session(), with what the proxy wrote on stderr. */
async function sessionSaying(flags: string[], calls: string[] = []): Promise<{ tools: Listed[]; stderr: string }> {
  const proxy = rawProxy(['--store', store.db, ...flags], githubServer());
  try {
    proxy.send({ jsonrpc: '2.0', id: 1, ...INITIALIZE });
    await proxy.next();
    proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const line = await proxy.nextLine(60_000);
    const tools = listingBytes.pageOfAnswer(RpcFrame.of(encode(line))).tools.map((tool) => JSON.parse(decode(tool)) as Listed);
    for (const [at, name] of calls.entries()) {
      proxy.send({ jsonrpc: '2.0', id: 10 + at, method: 'tools/call', params: { name, arguments: {} } });
      expect(JSON.stringify(await proxy.next())).toContain(`server answered ${name}`);
    }
    await proxy.close();
    return { tools, stderr: proxy.stderr() };
  } finally {
    await proxy.close();
  }
}

const counted = (server: string) => {
  const opened = RecoveryStore.open(store.db);
  try {
    return opened.toolCalls(server, 30);
  } finally {
    opened.close();
  }
};
/** The latest shrink of the one original stored: the server's listing. */
const latestShrink = () => {
  const opened = RecoveryStore.open(store.db);
  try {
    const [entry] = opened.history().entries;
    return opened.shrink(entry!.handle)!;
  } finally {
    opened.close();
  }
};
const atNames = (tools: Listed[], name: string) => tools.find((tool) => tool.name === name)!.inputSchema.properties === undefined;
/** A tool whose original schema has parameters, none of them required: a call without arguments is valid (and relayed). */
const takesNoArguments = (original: Listed[], name: string) => {
  const { inputSchema } = original.find((tool) => tool.name === name)!;
  return Object.keys(inputSchema.properties ?? {}).length > 0 && (inputSchema.required ?? []).length === 0;
};

describe('usage counts', () => {
  it('counts the calls relayed, and the next budgeted listing keeps the called tool richer than before', async () => {
    const first = await session(BUDGETED);
    const original = (JSON.parse(decode(realFixture('github-mcp-server.json').bytes)) as { tools: Listed[] }).tools;
    const called = first.find((tool) => atNames(first, tool.name) && takesNoArguments(original, tool.name))!;
    expect(called).toBeDefined();
    const empty = await runCli(['history', '--calls', '--store', store.db]);
    expect(empty.stdout.toString()).toBe('no tool was called through the proxy in the last 30 days\n');
    await session(BUDGETED, [called.name, called.name]);
    expect(counted('gh')).toEqual({ [called.name]: 2 });
    // History shows them: per server and tool, with the last day called.
    const table = await runCli(['history', '--calls', '--store', store.db]);
    expect(table.stdout.toString()).toMatch(new RegExp(`^gh +${called.name} +2 +\\d{4}-\\d{2}-\\d{2}$`, 'm'));
    const json = JSON.parse((await runCli(['history', '--calls', '--json', '--store', store.db])).stdout.toString()) as { days: number; tools: object[] };
    expect(json).toEqual({ days: 30, tools: [{ server: 'gh', tool: called.name, calls: 2, lastCalled: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }] });

    const next = await session(BUDGETED);
    expect(atNames(next, called.name)).toBe(false);
    // The shrink served records the calls its plan stepped by (as ranks), so History remakes that listing.
    expect(latestShrink().calls).toEqual({ [called.name]: 1 });
    // Same counts, same listing: the listing's bytes do not move between starts.
    expect(await session(BUDGETED)).toEqual(next);
  });

  it('--no-usage counts nothing and lists as if nothing was called', async () => {
    const first = await session([...BUDGETED, '--no-usage']);
    const original = (JSON.parse(decode(realFixture('github-mcp-server.json').bytes)) as { tools: Listed[] }).tools;
    const called = first.find((tool) => atNames(first, tool.name) && takesNoArguments(original, tool.name))!;
    await session([...BUDGETED, '--no-usage'], [called.name]);
    expect(counted('gh')).toEqual({});
  });

  it('without a budget the counts change nothing: the listing kept before is the one served', async () => {
    const unbudgeted = ['--level', 'skeletons', '--name', 'gh'];
    const first = await sessionSaying(unbudgeted, ['get_me']);
    expect(counted('gh')).toEqual({ get_me: 1 });
    const again = await sessionSaying(unbudgeted);
    expect(again.tools).toEqual(first.tools);
    expect(again.stderr).toContain('a listing seen before with the same options: answered from the store');
  });

  it('a store that will neither give nor take the counts fails no listing and no call, and says so once', async () => {
    // The counts' table under the name the store uses, with columns it does not have: reads and writes of it fail.
    mkdirSync(dirname(store.db), { recursive: true });
    const db = new Database(store.db);
    db.exec('CREATE TABLE caveman_app_tool_calls (other TEXT)');
    db.close();
    const plain = await session([...BUDGETED, '--no-usage']);
    const original = (JSON.parse(decode(realFixture('github-mcp-server.json').bytes)) as { tools: Listed[] }).tools;
    const called = plain.find((tool) => atNames(plain, tool.name) && takesNoArguments(original, tool.name))!;
    const { tools, stderr } = await sessionSaying(BUDGETED, [called.name, called.name]);
    expect(tools).toEqual(plain);
    expect(stderr.match(/calls not read/g)).toHaveLength(1);
    expect(stderr.match(/tool calls are not counted/g)).toHaveLength(1);
  });
});
