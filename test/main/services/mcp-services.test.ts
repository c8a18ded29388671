// The app's MCP channels through the real services (validating dispatcher,
// real worker threads, a real store): discovery from a home folder laid out
// like a user's, import by id as a job that lists then shrinks, a picked
// config file's content, and failures and cancel as finished jobs.

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisSummary, McpDiscovery } from '../../../src/shared/contracts';
import { createAppServices, type AppServices } from '../../../src/main/services/app-services';
import { serviceClient } from '../../helpers/services';
import { history } from '../../../src/main/library/recover';
import { TINY_SERVER } from '../mcp/servers';
import type { StartQuestion } from '../../../src/main/mcp/import/start-approval';
import { useHome } from '../../helpers/home-env';

let dir: string;
let services: AppServices;
let restoreHome: () => void;
const { dispatch, call, finished, progressOf, progressed } = serviceClient(() => services);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-mcp-services-'));
  const home = join(dir, 'home');
  mkdirSync(join(home, '.cursor'), { recursive: true });
  writeFileSync(
    join(home, '.cursor', 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        tiny: { command: process.execPath, args: [TINY_SERVER, '--tools', '4', '--page-size', '2'], env: { TINY_SECRET: 'do-not-show' } },
        hangs: { command: process.execPath, args: [TINY_SERVER, '--mode', 'hang'] },
        broken: { args: ['no command'] },
      },
    }),
  );
  restoreHome = useHome(home);
  services = await createAppServices({ storePath: join(dir, 'ccr.db'), platform: 'browser', startPolicy: { kind: 'allow' } });
});
afterAll(async () => {
  await services.close();
  restoreHome();
  rmSync(dir, { recursive: true, force: true });
});

const byName = (discovery: McpDiscovery, name: string) => discovery.servers.find((server) => server.name === name)!;

describe('MCP channels (real services)', () => {
  it('discovers without starting anything, then imports by id: listing, then the usual analysis, one job id', async () => {
    const found = await call<McpDiscovery>('discoverMcpServers', {});
    expect(found.servers.map((server) => server.name)).toEqual(['tiny', 'hangs', 'broken']);
    expect(byName(found, 'tiny')).toMatchObject({ transport: 'stdio', client: 'cursor', scope: 'user', envNames: ['TINY_SECRET'] });
    expect(JSON.stringify(found)).not.toContain('do-not-show');
    expect(byName(found, 'broken').problem).toBe('it has neither a "command" nor a "url"');

    const started = await call<{ jobId: string; name: string }>('importMcpServer', {
      server: { discoveredId: byName(found, 'tiny').id },
      tokenizer: 'o200k_base',
    });
    expect(started.name).toBe('mcp:tiny');
    const outcome = (await finished(started.jobId)) as AnalysisSummary;
    expect(outcome).toMatchObject({ ok: true, name: 'mcp:tiny', toolCount: 6, catalogKind: 'tool-list' });
    expect(outcome.report.recovery_handle).toMatch(/^ccr_[0-9a-f]{32}$/);
    expect(outcome.guarantees).toMatchObject({ selection: { ok: true }, construction: { ok: true }, constraints: { ok: true } });
    const stages = progressOf(started.jobId).map((p) => p.stage);
    // the wait for initialize is its own stage (the app showed "Listing the server's tools 0%" for it).
    const before = stages.slice(0, stages.indexOf('listing'));
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before)).toEqual(new Set(['connecting']));
    expect(stages).toContain('queued');
    expect(stages.at(-1)).toBe('diffing');
    expect(history({ store: join(dir, 'ccr.db'), limit: 1 }).entries[0]).toMatchObject({
      handle: outcome.report.recovery_handle,
      source_name: 'mcp:tiny',
      tool_count: 6,
    });
  });

  it('a picked config file (its bytes) lists its servers for import by id, shrunk with the share choice the request carries', async () => {
    const text = JSON.stringify({ mcpServers: { picked: { command: process.execPath, args: [TINY_SERVER, '--tools', '1'] } } });
    const found = await call<McpDiscovery>('readMcpConfig', { fileName: 'team.json', bytes: new TextEncoder().encode(text) });
    expect(found.files).toEqual([{ path: 'team.json', client: 'picked', status: 'found', servers: 1 }]);
    const started = await call<{ jobId: string }>('importMcpServer', {
      server: { discoveredId: byName(found, 'picked').id },
      tokenizer: 'cl100k_base',
      name: 'team tiny',
      shareSchemas: true,
    });
    expect(await finished(started.jobId)).toMatchObject({ ok: true, name: 'team tiny', toolCount: 3, tokenizer: 'cl100k_base', shareSchemas: true });
  });

  it('failures are finished jobs with a typed error; a refused request is a typed answer', async () => {
    const crash = await call<{ jobId: string }>('importMcpServer', {
      server: { transport: 'stdio', command: process.execPath, args: [TINY_SERVER, '--mode', 'crash'] },
      tokenizer: 'o200k_base',
    });
    expect(await finished(crash.jobId)).toMatchObject({
      ok: false,
      name: 'mcp:tiny-server.mjs',
      error: { code: 'cave_mcp_unreachable', message: expect.stringContaining('kaboom') },
    });

    const empty = await call<{ jobId: string }>('importMcpServer', {
      server: { transport: 'stdio', command: process.execPath, args: [TINY_SERVER, '--mode', 'empty'] },
      tokenizer: 'o200k_base',
    });
    expect(await finished(empty.jobId)).toMatchObject({
      ok: false,
      error: { code: 'cave_mcp_no_tools', message: 'mcp:tiny-server.mjs listed no tools — there is nothing to shrink' },
    });

    const slow = await call<{ jobId: string }>('importMcpServer', {
      server: { transport: 'stdio', command: process.execPath, args: [TINY_SERVER, '--mode', 'hang'] },
      tokenizer: 'o200k_base',
      timeoutSeconds: 1,
    });
    expect(await finished(slow.jobId)).toMatchObject({ ok: false, error: { code: 'cave_mcp_timeout' } });

    expect(await dispatch('importMcpServer', { server: { discoveredId: 'mcp-unknown' }, tokenizer: 'o200k_base' })).toMatchObject({
      ok: false,
      code: 'cave_not_found',
    });
    const found = await call<McpDiscovery>('discoverMcpServers', {});
    expect(await dispatch('importMcpServer', { server: { discoveredId: byName(found, 'broken').id }, tokenizer: 'o200k_base' })).toMatchObject({
      ok: false,
      code: 'cave_bad_request',
      message: expect.stringContaining('cannot be imported'),
    });
    for (const server of [
      { transport: 'stdio', command: '' },
      { transport: 'http', url: 'file:///etc/passwd' },
      { transport: 'stdio', command: 'x', env: { 'BAD NAME': 'v' } },
      { transport: 'sse', command: 'x' },
    ]) {
      expect(await dispatch('importMcpServer', { server, tokenizer: 'o200k_base' }), JSON.stringify(server)).toMatchObject({
        ok: false,
        code: 'cave_bad_request',
      });
    }
  });

  it('cancel while listing stops the server; the job ends cancelled', async () => {
    const found = await call<McpDiscovery>('discoverMcpServers', {});
    const started = await call<{ jobId: string }>('importMcpServer', { server: { discoveredId: byName(found, 'hangs').id }, tokenizer: 'o200k_base' });
    // The server answered initialize: the job now waits for tools/list, which the hanging server never answers.
    await progressed(started.jobId, (progress) => progress.stage === 'listing' && progress.fraction > 0);
    expect(await call('cancelJob', { jobId: started.jobId })).toEqual({ cancelled: true });
    expect(await finished(started.jobId)).toMatchObject({ ok: false, error: { code: 'cave_cancelled' } });
  });
});

describe('what the page names needs the host to allow it', () => {
  it('without a policy a typed command, a typed URL and a server from a config file the page sent are refused, and nothing starts; a discovered server \
still imports', async () => {
    const refuseDir = mkdtempSync(join(tmpdir(), 'caveman-mcp-refuse-'));
    const strict = await createAppServices({ storePath: join(refuseDir, 'ccr.db'), platform: 'browser' });
    const context = { clientId: 't', emit: () => undefined };
    const dispatchTo = (request: unknown) => strict.dispatcher.dispatch('importMcpServer', request, context);
    try {
      const marker = join(refuseDir, 'ran');
      const writer = { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] };
      expect(await dispatchTo({ server: { transport: 'stdio', ...writer }, tokenizer: 'o200k_base' })).toMatchObject({ ok: false, code: 'cave_forbidden' });
      expect(
        await dispatchTo({ server: { transport: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: 'x' } }, tokenizer: 'o200k_base' }),
      ).toMatchObject({ ok: false, code: 'cave_forbidden' });

      const read = await strict.dispatcher.dispatch(
        'readMcpConfig',
        { fileName: 'x.json', bytes: new TextEncoder().encode(JSON.stringify({ mcpServers: { e: writer } })) },
        context,
      );
      const picked = (read as { ok: true; value: McpDiscovery }).value.servers[0]!;
      expect(await dispatchTo({ server: { discoveredId: picked.id }, tokenizer: 'o200k_base' })).toMatchObject({
        ok: false,
        code: 'cave_forbidden',
        message: expect.stringContaining('is from a config file chosen in the page'),
      });

      const found = await strict.dispatcher.dispatch('discoverMcpServers', {}, context);
      const tiny = byName((found as { ok: true; value: McpDiscovery }).value, 'tiny');
      expect(await dispatchTo({ server: { discoveredId: tiny.id }, tokenizer: 'o200k_base' })).toMatchObject({ ok: true });
      // Every job ran to its end (a server started for one would have written the marker first, then exited).
      await strict.idle();
      expect(existsSync(marker)).toBe(false);
    } finally {
      await strict.close();
      rmSync(refuseDir, { recursive: true, force: true });
    }
  });

  it("a config file the page sends under a discovered file's path, with a discovered server's name, gets its own id: the discovered server still \
imports", async () => {
    const refuseDir = mkdtempSync(join(tmpdir(), 'caveman-mcp-clash-'));
    const strict = await createAppServices({ storePath: join(refuseDir, 'ccr.db'), platform: 'browser' });
    const context = { clientId: 't', emit: () => undefined };
    const value = <T>(answer: unknown) => (answer as { ok: true; value: T }).value;
    try {
      const tiny = byName(value<McpDiscovery>(await strict.dispatcher.dispatch('discoverMcpServers', {}, context)), 'tiny');
      const marker = join(refuseDir, 'ran');
      const impostor = { mcpServers: { tiny: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] } } };
      const bytes = new TextEncoder().encode(JSON.stringify(impostor));
      const picked = value<McpDiscovery>(await strict.dispatcher.dispatch('readMcpConfig', { fileName: tiny.configPath, bytes }, context)).servers[0]!;
      expect(picked).toMatchObject({ name: 'tiny', configPath: tiny.configPath, client: 'picked' });
      expect(picked.id).not.toBe(tiny.id);
      // The discovered entry is still the one behind its id: it imports (a picked one would be refused here).
      const started = value<{ jobId: string }>(
        await strict.dispatcher.dispatch('importMcpServer', { server: { discoveredId: tiny.id }, tokenizer: 'o200k_base' }, context),
      );
      expect(started.jobId).toEqual(expect.any(String));
      expect(await strict.dispatcher.dispatch('importMcpServer', { server: { discoveredId: picked.id }, tokenizer: 'o200k_base' }, context)).toMatchObject({
        ok: false,
        code: 'cave_forbidden',
      });
      await strict.idle();
      expect(existsSync(marker)).toBe(false);
    } finally {
      await strict.close();
      rmSync(refuseDir, { recursive: true, force: true });
    }
  });

  it('asking the person: a typed command and a picked config server are shown as they would run; declining starts nothing', async () => {
    const refuseDir = mkdtempSync(join(tmpdir(), 'caveman-mcp-ask-'));
    const asked: StartQuestion[] = [];
    const declining = await createAppServices({
      storePath: join(refuseDir, 'ccr.db'),
      platform: 'electron',
      startPolicy: { kind: 'ask', ask: async (question) => (asked.push(question), false) },
    });
    try {
      const marker = join(refuseDir, 'ran');
      const script = `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`;
      const context = { clientId: 't', emit: () => undefined };
      const server = { transport: 'stdio', command: process.execPath, args: ['-e', script] };
      expect(await declining.dispatcher.dispatch('importMcpServer', { server, tokenizer: 'o200k_base' }, context)).toMatchObject({
        ok: false,
        code: 'cave_cancelled',
      });
      const picked = await declining.core.readMcpConfig(
        '/home/me/team.json',
        new TextEncoder().encode(JSON.stringify({ mcpServers: { team: { command: process.execPath, args: ['-e', script], env: { KEY: 'hidden' } } } })),
      );
      expect(
        await declining.dispatcher.dispatch('importMcpServer', { server: { discoveredId: picked.servers[0]!.id }, tokenizer: 'o200k_base' }, context),
      ).toMatchObject({ ok: false, code: 'cave_cancelled' });
      const commandLine = `${process.execPath} -e ${JSON.stringify(script)}`;
      expect(asked).toEqual([
        { title: 'Run a command?', message: 'Caveman Shrink will run this command to list its MCP tools:', detail: commandLine, confirm: 'Run' },
        {
          title: 'Run a command from a config file?',
          message: 'Caveman Shrink will run this command "team" from /home/me/team.json to list its MCP tools:',
          detail: `${commandLine}\n\nWith environment variables: KEY`,
          confirm: 'Run',
        },
      ]);
      // Nothing was left running: no job (a started server would have written the marker before its job ended).
      await declining.idle();
      expect(existsSync(marker)).toBe(false);
    } finally {
      await declining.close();
      rmSync(refuseDir, { recursive: true, force: true });
    }
  });
});
