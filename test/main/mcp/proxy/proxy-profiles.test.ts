// The proxy's profiles through the real proxy process: without --level or
// --budget it lists at the profile the client's initialize picks (its
// clientInfo), says on stderr which client and which profile, and
// --profile, --level and --budget override it (src/shared/profiles.ts).

import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shrink } from '../../../../src/main/lib';
import * as listingBytes from '../../../../src/main/mcp/proxy/listing-text';
import { RpcFrame } from '../../../../src/main/mcp/connection/rpc-frame';
import { LISTING_BUDGET, CODE_MODE_BUDGET } from '../../../../src/shared/profiles';
import { realFixture } from '../../../helpers/fixtures';
import { tempStore } from '../../../helpers/cli';
import { INITIALIZE, rawProxy, type RawProxy } from './raw-proxy';
import { rawServerListing } from '../raw-server-tools';
import { REPO } from '../servers';

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

function githubServer(): string[] {
  const file = join(store.dir, 'github.json');
  writeFileSync(file, realFixture('github-mcp-server.json').bytes);
  return [process.execPath, join(REPO, 'test/fixtures/mcp/listed-tools-server.mjs'), file];
}

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const toolsOf = (line: string) => listingBytes.pageOfAnswer(RpcFrame.of(encode(line))).tools.map(decode);

/** The tools the proxy lists (the describe tool left off) to a client that says it is `clientInfo`. */
async function listedFor(clientInfo: { name: string; version: string } | undefined, proxyArgs: string[], server: string[]): Promise<string[]> {
  proxy = rawProxy(['--store', store.db, ...proxyArgs], server);
  const params = clientInfo === undefined ? { ...INITIALIZE.params, clientInfo: undefined } : { ...INITIALIZE.params, clientInfo };
  proxy.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params });
  await proxy.next();
  proxy.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  return toolsOf(await proxy.nextLine(60_000)).filter((tool) => !tool.includes('"name":"caveman_describe"'));
}

async function libraryTools(original: readonly string[], options: Parameters<typeof shrink>[1]): Promise<string[]> {
  const { result } = await shrink(decode(listingBytes.catalogBytes(original.map(encode))), { store: ':memory:', ...options });
  return toolsOf(`{"jsonrpc":"2.0","id":0,"result":${decode(result.output)}}`);
}

describe('the proxy picks a profile from the client', () => {
  it("Claude Code gets tool-search (overviews: its search reads each tool's own description, kept whole)", async () => {
    const server = githubServer();
    const original = [...(await rawServerListing(server)).tools.values()];
    const listed = await listedFor({ name: 'claude-code', version: '2.1.328' }, [], server);
    expect(listed).toEqual(await libraryTools(original, { level: 'overviews' }));
    const stderr = proxy!.stderr();
    expect(stderr).toContain("tools/list is answered shrunk at the profile the client's initialize picks (docs/clients.md, Profiles)");
    expect(stderr).toContain('tools/list for "claude-code" 2.1.328: profile tool-search (Claude Code\'s): ceiling overviews\n');
    expect(stderr).toContain('tools/list shrunk at overviews: 117 tools');
  });

  it("a version not measured gets the client's latest profile; Codex gets code-mode, within its budget", async () => {
    const server = githubServer();
    const original = [...(await rawServerListing(server)).tools.values()];
    await listedFor({ name: 'claude-code', version: '9.0.0' }, [], server);
    expect(proxy!.stderr()).toContain("profile tool-search (Claude Code at a version not measured gets Claude Code's latest)");
    await proxy!.close();

    const codex = await listedFor({ name: 'codex-mcp-client', version: '0.169.0' }, [], server);
    expect(codex).toEqual(await libraryTools(original, { level: 'overviews', budget: CODE_MODE_BUDGET }));
    expect(proxy!.stderr()).toContain(`profile code-mode (Codex's): ceiling overviews within ${CODE_MODE_BUDGET} tokens`);
  });

  it('a client it does not know, or one that sent no clientInfo, gets the listing profile: typed skeletons within a budget', async () => {
    const server = githubServer();
    const original = [...(await rawServerListing(server)).tools.values()];
    const listed = await listedFor({ name: 'some-agent', version: '1' }, [], server);
    expect(listed).toEqual(await libraryTools(original, { level: 'skeletons', budget: LISTING_BUDGET }));
    expect(proxy!.stderr()).toContain(
      'tools/list for "some-agent" 1: profile listing (a client the proxy does not know gets the listing clients\' profile): ' +
        `ceiling skeletons within ${LISTING_BUDGET} tokens`,
    );
    await proxy!.close();

    await listedFor(undefined, [], server);
    expect(proxy!.stderr()).toContain('tools/list for a client that sent no clientInfo: profile listing');
  });

  it('--profile names one whatever the client; --level and --budget override its fields; --level alone serves that level', async () => {
    const server = githubServer();
    const original = [...(await rawServerListing(server)).tools.values()];
    const named = await listedFor({ name: 'claude-code', version: '2.1.328' }, ['--profile', 'listing', '--budget', '5000'], server);
    expect(named).toEqual(await libraryTools(original, { level: 'skeletons', budget: 5000 }));
    expect(proxy!.stderr()).toContain('profile listing (named by --profile; --budget 5000 over it): ceiling skeletons within 5000 tokens');
    await proxy!.close();

    const level = await listedFor({ name: 'claude-code', version: '2.1.328' }, ['--level', 'signatures'], server);
    expect(level).toEqual(await libraryTools(original, { level: 'signatures' }));
    expect(proxy!.stderr()).toContain('tools/list for "claude-code" 2.1.328: no profile (--level signatures alone)');
  });
});
