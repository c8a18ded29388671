// `caveman-shrink proxy -- <server>` end to end: an SDK client talks to the
// proxy (run in this process; how it ends also as a process), which runs
// the real server. tools/list comes back shrunk
// (fewer tokens, the same tools and selection profile), the original is in
// the store under the handle the proxy logged, and a tool call gives exactly
// what it gives without the proxy. Also: one page for a paging server,
// list_changed, fail-open when the store is unusable, and how it ends.

import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EmptyResultSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countTokens } from '../../../../src/main/engine/tokens';
import { catalogBytes, listServerTools } from '../../../../src/main/mcp/import/list-server-tools';
import { RecoveryStore, sameSelectionProfile, selectionProfile } from '../../../../src/main/lib';
import { cliArgv, runCli, runCommand, tempStore } from '../../../helpers/cli';
import { CommandTransport } from '../../../helpers/command-transport';
import { EVERYTHING_BIN, REPO, TINY_SERVER, node, sdkListAll } from '../servers';

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

interface Proxied {
  client: Client;
  stderr: () => string;
  close(): Promise<void>;
}

/** An SDK client connected to `caveman-shrink proxy [options] -- <server…>` (by default at leads), run in this process. */
async function throughProxy(server: string[], options: string[] = ['--store', store.db, '--level', 'leads']): Promise<Proxied> {
  const transport = new CommandTransport(['proxy', ...options, '--', ...server]);
  transport.running.stderrStream.on('data', somethingArrived);
  const client = new Client({ name: 'proxy-test', version: '1' });
  await client.connect(transport);
  return { client, stderr: () => transport.stderr(), close: () => client.close() };
}

const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);
const tokensOf = (tools: unknown[]) => countTokens(JSON.stringify({ tools }), 'o200k_base');

/** Wakes every until() to look again: called on each stderr chunk and each notification. */
const lookAgain = new Set<() => void>();
const somethingArrived = () => lookAgain.forEach((look) => look());

/** Resolves once `check` holds, looking again whenever something arrived (the test's timeout guards a wait that never ends). */
function until(check: () => boolean, _what: string): Promise<void> {
  return new Promise((resolve) => {
    const look = () => {
      if (!check()) return;
      lookAgain.delete(look);
      resolve();
    };
    lookAgain.add(look);
    look();
  });
}

describe('caveman-shrink proxy', () => {
  it('server-everything: shrunk tools/list with the same tools, the original stored, and tool calls unchanged', async () => {
    const direct = await sdkListAll(node(EVERYTHING_BIN));
    const raw = (await listServerTools(node(EVERYTHING_BIN))).tools;
    const proxied = await throughProxy([process.execPath, EVERYTHING_BIN]);
    try {
      const listed = await proxied.client.listTools();
      expect(listed.nextCursor).toBeUndefined();
      // The server's tools, then the proxy's caveman_describe (some descriptions were shortened).
      const served = listed.tools.slice(0, -1);
      expect(listed.tools.at(-1)?.name).toBe('caveman_describe');
      expect(names(served)).toEqual(names(direct.tools as { name: string }[]));
      expect(tokensOf(listed.tools)).toBeLessThan(tokensOf(direct.tools)); // describe tool included
      const shrunkProfile = selectionProfile(Buffer.from(JSON.stringify({ tools: served })));
      expect(sameSelectionProfile(shrunkProfile, selectionProfile(catalogBytes(raw)))).toBe(true);

      // The handle is on stderr once the list was answered, and the store has the original under it.
      await until(() => /ccr_[0-9a-f]{32}/.test(proxied.stderr()), 'the handle line');
      const handle = /original stored as (ccr_[0-9a-f]{32})/.exec(proxied.stderr())![1]!;
      const opened = RecoveryStore.open(store.db, { readonly: true });
      try {
        expect(Buffer.from(opened.get(handle)).equals(Buffer.from(catalogBytes(raw)))).toBe(true);
        expect(opened.details(handle)).toMatchObject({ source_name: 'mcp:node', tool_count: direct.tools.length });
      } finally {
        opened.close();
      }

      // A tool call passes through: the same answer as without the proxy.
      const reference = new Client({ name: 'reference', version: '1' });
      await reference.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING_BIN], stderr: 'ignore' }));
      try {
        const args = { name: 'echo', arguments: { message: 'hello through the proxy' } };
        const viaProxy = await proxied.client.callTool(args);
        expect(viaProxy).toEqual(await reference.callTool(args));
        expect(viaProxy).toEqual({ content: [{ type: 'text', text: 'Echo: hello through the proxy' }] });
        expect(await proxied.client.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } })).toEqual(
          await reference.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } }),
        );
      } finally {
        await reference.close();
      }
    } finally {
      await proxied.close();
    }
  });

  it('a paging server: all pages in one answer, a cursor is refused, list_changed is relayed and the next list is fresh', async () => {
    const proxied = await throughProxy([process.execPath, TINY_SERVER, '--tools', '9', '--page-size', '2']);
    try {
      let changed = 0;
      proxied.client.setNotificationHandler(ToolListChangedNotificationSchema, () => (changed++, somethingArrived()));
      const first = await proxied.client.listTools();
      expect(first.tools).toHaveLength(12); // 11 of the server's and caveman_describe
      expect(first.nextCursor).toBeUndefined();
      await expect(proxied.client.listTools({ cursor: 'page-2' })).rejects.toThrow(/invalid cursor: this proxy answers tools\/list in one page/);
      expect((await proxied.client.listTools()).tools).toHaveLength(12);
      await until(() => proxied.stderr().includes('tools/list shrunk at leads: 11 tools'), 'the first shrink line');
      expect(proxied.stderr().match(/tools\/list shrunk/g)).toHaveLength(1); // listed upstream once, answered twice

      expect(await proxied.client.callTool({ name: 'grow', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'now 12 tools' }] });
      await until(() => changed === 1, 'notifications/tools/list_changed');
      const after = await proxied.client.listTools();
      expect(after.tools).toHaveLength(13);
      expect(names(after.tools).slice(-2)).toEqual(['tool_111', 'caveman_describe']);
      // Shrunk afresh: a second line and a new original, the new tool shortened like the others and described.
      const shrinks = [...proxied.stderr().matchAll(/tools\/list shrunk at leads: (\d+) tools, .*original stored as (ccr_[0-9a-f]{32})/g)];
      expect(shrinks.map((line) => line[1])).toEqual(['11', '12']);
      expect(shrinks[1]![2]).not.toBe(shrinks[0]![2]);
      expect(after.tools.find((tool) => tool.name === 'tool_111')!.description).toMatch(/ …$/);
      const described = (await proxied.client.callTool({ name: 'caveman_describe', arguments: { names: ['tool_111'] } })) as {
        content: { text: string }[];
        isError?: boolean;
      };
      expect(described.isError).toBeUndefined();
      expect(JSON.parse(described.content[0]!.text)).toMatchObject({ name: 'tool_111' });
    } finally {
      await proxied.close();
    }
  });

  it('list_changed: the proxy lists and shrinks again at once, so caveman_describe knows a new tool before the client lists again', async () => {
    const proxied = await throughProxy([process.execPath, TINY_SERVER, '--tools', '3']);
    try {
      let changed = 0;
      proxied.client.setNotificationHandler(ToolListChangedNotificationSchema, () => (changed++, somethingArrived()));
      expect((await proxied.client.listTools()).tools).toHaveLength(6); // echo, 3 tools, grow, caveman_describe
      expect(await proxied.client.callTool({ name: 'grow', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'now 6 tools' }] });
      await until(() => changed === 1, 'notifications/tools/list_changed');

      // Not listed by the client yet: answered from the listing the proxy fetched when the server announced the change.
      const described = (await proxied.client.callTool({ name: 'caveman_describe', arguments: { names: ['tool_105'] } })) as {
        content: { text: string }[];
        isError?: boolean;
      };
      expect(described.isError).toBeUndefined();
      expect(JSON.parse(described.content[0]!.text)).toMatchObject({ name: 'tool_105' });
      const shrinkLines = () => [...proxied.stderr().matchAll(/tools\/list shrunk at leads: (\d+) tools/g)].map((line) => line[1]);
      await until(() => shrinkLines().length === 2, 'the second shrink line');
      expect(shrinkLines()).toEqual(['5', '6']);

      // The client's own tools/list afterwards is answered from that listing: nothing is listed or shrunk a third time.
      expect(names((await proxied.client.listTools()).tools).slice(-3)).toEqual(['grow', 'tool_105', 'caveman_describe']);
      expect(await proxied.client.request({ method: 'ping' }, EmptyResultSchema)).toEqual({});
      expect(shrinkLines()).toEqual(['5', '6']);
    } finally {
      await proxied.close();
    }
  });

  it('fails open: when the store cannot take the original, tools/list passes through unchanged and stderr says so', async () => {
    mkdirSync(store.dir, { recursive: true });
    const notADirectory = join(store.dir, 'a-file');
    writeFileSync(notADirectory, 'x');
    const direct = await sdkListAll(node(TINY_SERVER));
    const proxied = await throughProxy([process.execPath, TINY_SERVER], ['--store', join(notADirectory, 'ccr.db')]);
    try {
      const listed = await proxied.client.listTools();
      expect(listed.tools).toEqual(direct.tools);
      await until(() => proxied.stderr().includes('passed through unchanged'), 'the pass-through line');
      expect(proxied.stderr()).toMatch(/tools\/list passed through unchanged \(7 tools\): the store could not take the original \(.+\); nothing was stored/);
      expect(await proxied.client.callTool({ name: 'echo', arguments: { message: 'still works' } })).toEqual({
        content: [{ type: 'text', text: 'Echo: still works' }],
      });
    } finally {
      await proxied.close();
    }
  });

  it('ends with the client (exit 0) or with the server (exit 1), as a process; a server that cannot start is one sentence', async () => {
    const hungUp = await runCli(['proxy', '--store', store.db, '--', process.execPath, TINY_SERVER]);
    expect(hungUp.status, hungUp.stderr).toBe(0);
    expect(hungUp.stdout.length).toBe(0);
    expect(hungUp.stderr).toContain('caveman-shrink proxy: serving');

    // The client stays connected (stdin open) while the server exits.
    const child = spawn(process.execPath, [...cliArgv(), 'proxy', '--store', store.db, '--', process.execPath, TINY_SERVER, '--mode', 'exit'], {
      cwd: REPO,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status, stderr).toBe(1);
    expect(stderr).toContain('tiny-server: cannot open its configuration file'); // the server's own stderr comes through
    expect(stderr).toContain('caveman-shrink proxy: the server closed its connection (it exited); stopping');

    const missing = await runCommand(['proxy', '--store', store.db, '--', 'caveman-no-such-command']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(
      'caveman-shrink proxy: could not start "caveman-no-such-command": no such command or file (is it installed and on the PATH?)\n',
    );

    expect((await runCommand(['proxy'])).status).toBe(2);
  });
});
