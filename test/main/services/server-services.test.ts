// The Servers view's channels through the real services (validating
// dispatcher, the mcp worker, real files in a temporary home): the list
// with each entry's wrap state, a server measured at every level as a job,
// and wrap / unwrap previewed (the diff, the backup named, nothing written)
// then made (the backup written, the entry wrapped with the unticked tools
// excluded), refused when the file changed since the preview. Only servers
// of files main discovered can be edited, and what the page is shown of them
// holds no secret of their commands, URLs or env.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpDiscovery, ServerEditDone, ServerEditPreview, ServerMeasuredEvent, ServersOverview } from '../../../src/shared/contracts';
import { parseConfigText } from '../../../src/main/mcp/import/config-parse';
import { createAppServices, type AppServices } from '../../../src/main/services/app-services';
import { serviceClient } from '../../helpers/services';
import { TINY_SERVER } from '../mcp/servers';
import { useHome } from '../../helpers/home-env';
import { LEVELS } from '../../../src/shared/levels';

const CLI = resolve(process.env.CAVEMAN_CLI ?? 'out/main/cli.js');
let dir: string;
let home: string;
let config: string;
let original: string;
let services: AppServices;
let restoreHome: () => void;
const client = serviceClient(() => services);
const { dispatch, call } = client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-servers-'));
  home = join(dir, 'home');
  mkdirSync(join(home, '.cursor'), { recursive: true });
  config = join(home, '.cursor', 'mcp.json');
  original = `{
  // Cursor's file is JSONC: this comment stays
  "mcpServers": {
    "tiny": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(TINY_SERVER)}, "--tools", "3"] },
    "remote": { "url": "https://me:pw-99@mcp.example.com/mcp?key=abc-55" },
    "hangs": { "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(TINY_SERVER)}, "--mode", "hang"] },
    "keyed": {
      "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(TINY_SERVER)}, "--api-key", "k-42-arg"], "env": { "API_TOKEN": "t-77-env" }
    }
  }
}
`;
  writeFileSync(config, original);
  restoreHome = useHome(home);
  // The desktop app's launcher, with this Node standing in for the Electron binary (it runs the CLI the same way).
  services = await createAppServices({
    storePath: join(dir, 'ccr.db'),
    platform: 'electron',
    launcherHost: { kind: 'electron', execPath: process.execPath },
    cliEntry: CLI,
  });
});
afterAll(async () => {
  await services.close();
  restoreHome();
  rmSync(dir, { recursive: true, force: true });
});

const rowOf = (overview: ServersOverview, name: string) => overview.servers.find((row) => row.server.name === name)!;

async function measured(jobId: string): Promise<ServerMeasuredEvent['outcome']> {
  await services.idle();
  const event = client.events.find((each) => each.event === 'serverMeasured' && (each.payload as ServerMeasuredEvent).jobId === jobId);
  if (!event) throw new Error('no serverMeasured event');
  return (event.payload as ServerMeasuredEvent).outcome;
}

describe('Servers channels (real services)', () => {
  it('lists the discovered servers with their wrap state, starting nothing', async () => {
    const overview = await call<ServersOverview>('listServers', {});
    expect(overview.servers.map((row) => [row.server.name, row.wrap.state])).toEqual([
      ['tiny', 'direct'],
      ['remote', 'unwrappable'],
      ['hangs', 'direct'],
      ['keyed', 'direct'],
    ]);
    expect(rowOf(overview, 'remote').wrap.reason).toContain('reached by URL');
    expect(overview.files.find((file) => file.path === config)).toMatchObject({ status: 'found', servers: 4 });
  });

  it('shows each command and URL with its secrets as ***, in the list and in a wrap preview; the file keeps them', async () => {
    const secrets = /k-42-arg|t-77-env|pw-99|abc-55/;
    const overview = await call<ServersOverview>('listServers', {});
    expect(JSON.stringify(overview)).not.toMatch(secrets);
    expect(rowOf(overview, 'keyed').server.args).toEqual([TINY_SERVER, '--api-key', '***']);
    expect(rowOf(overview, 'remote').server.url).toBe('https://***@mcp.example.com/mcp?key=***');
    const preview = await call<ServerEditPreview>('previewServerEdit', { serverId: rowOf(overview, 'keyed').server.id, action: 'wrap' });
    expect(JSON.stringify(preview)).not.toMatch(secrets);
    expect(preview.serves).toBe(`${process.execPath} ${TINY_SERVER} --api-key ***`);
    expect(preview.diff).toContain('"API_TOKEN": "***"');
    expect(readFileSync(config, 'utf8')).toBe(original);
  });

  it('measures a server at every level as a job: listing, then measuring, then its costs', async () => {
    const tiny = rowOf(await call<ServersOverview>('listServers', {}), 'tiny');
    const started = await call<{ jobId: string; name: string }>('measureServer', { serverId: tiny.server.id, tokenizer: 'o200k_base' });
    expect(started.name).toBe('mcp:tiny');
    const outcome = await measured(started.jobId);
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.costs.tools.map((tool) => tool.name)).toEqual(['echo', 'tool_01', 'tool_02', 'tool_03', 'grow']);
    expect(outcome.costs.levels.map((level) => level.level)).toEqual([...LEVELS]);
    const leads = outcome.costs.levels[2]!;
    expect(leads.total.anthropic.tokens_after).toBeLessThan(leads.total.anthropic.tokens_before);
    const stages = client.events
      .filter((each) => each.event === 'serverProgress' && (each.payload as { jobId: string }).jobId === started.jobId)
      .map((each) => (each.payload as { stage: string }).stage);
    expect(stages[0]).toBe('listing');
    expect(stages.at(-1)).toBe('measuring');
  });

  it('jobs:cancel stops a measuring: the server is stopped and the job ends cancelled', async () => {
    const hangs = rowOf(await call<ServersOverview>('listServers', {}), 'hangs');
    const started = await call<{ jobId: string }>('measureServer', { serverId: hangs.server.id, tokenizer: 'o200k_base' });
    // Once the server is started and asked for its tools (the listing stage has begun).
    await expect
      .poll(() => client.events.some((each) => each.event === 'serverProgress' && (each.payload as { jobId: string }).jobId === started.jobId))
      .toBe(true);
    expect(await call('cancelJob', { jobId: started.jobId })).toEqual({ cancelled: true });
    expect(await measured(started.jobId)).toMatchObject({ ok: false, error: { code: 'cave_cancelled' } });
    expect(await call('cancelJob', { jobId: started.jobId })).toEqual({ cancelled: false });
  });

  it('wrap: the preview shows the diff and names the backup, writing nothing; the commit writes the backup and the \
entry, the unticked tool excluded', async () => {
    const tiny = rowOf(await call<ServersOverview>('listServers', {}), 'tiny');
    const request = {
      serverId: tiny.server.id,
      action: 'wrap',
      level: 'signatures',
      excludeTools: ['tool_02'],
      checkCalls: 'all',
      noCheckTools: ['tool_0{1,3}'],
    } as const;
    const preview = await call<ServerEditPreview>('previewServerEdit', request);
    expect(preview.configPath).toBe(config);
    expect(preview.backupPath).toBe(`${config}.caveman-shrink-tiny.bak`);
    expect(preview.env).toEqual({ ELECTRON_RUN_AS_NODE: '1' });
    expect(preview.starts).toContain(
      `${CLI} proxy --level signatures --exclude-tools tool_02 --check-calls all --no-check-tools tool_0{1,3} -- ${process.execPath} ${TINY_SERVER} --tools 3`,
    );
    expect(preview.diff).toContain('+    "tiny": {');
    expect(preview.diff).toContain('ELECTRON_RUN_AS_NODE');
    expect(readFileSync(config, 'utf8')).toBe(original);
    expect(existsSync(preview.backupPath)).toBe(false);

    expect(await dispatch('commitServerEdit', { ...request, hash: 'f'.repeat(64) })).toMatchObject({
      ok: false,
      code: 'cave_config_refused',
      message: expect.stringContaining('changed since the preview'),
    });
    expect(readFileSync(config, 'utf8')).toBe(original);

    const done = await call<ServerEditDone>('commitServerEdit', { ...request, hash: preview.hash });
    expect(readFileSync(preview.backupPath, 'utf8')).toBe(original);
    expect(readFileSync(config, 'utf8')).toContain("// Cursor's file is JSONC: this comment stays");
    expect(done.row.wrap).toEqual({
      state: 'wrapped',
      level: 'signatures',
      excludeTools: ['tool_02'],
      checkCalls: 'all',
      noCheckTools: ['tool_0{1,3}'],
      serves: `${process.execPath} ${TINY_SERVER} --tools 3`,
      backupPath: preview.backupPath,
    });
    expect(rowOf(await call<ServersOverview>('listServers', {}), 'tiny').wrap.state).toBe('wrapped');
    expect(await dispatch('previewServerEdit', request)).toMatchObject({
      ok: false,
      code: 'cave_config_refused',
      message: expect.stringContaining('already starts through caveman-shrink proxy'),
    });

    // The entry as written starts: a client lists the shrunk tools without the unticked one, and the describe tool.
    const entry = parseConfigText(readFileSync(config, 'utf8'), 'servers').find((server) => server.name === 'tiny')!;
    const mcp = new Client({ name: 'servers-test', version: '1.0.0' });
    await mcp.connect(
      new StdioClientTransport({
        command: entry.command!,
        args: entry.args!,
        env: { ...(process.env as Record<string, string>), ...entry.env, CAVEMAN_CCR_DB: join(dir, 'proxy.db') },
        stderr: 'ignore',
      }),
    );
    try {
      const { tools } = await mcp.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['echo', 'tool_01', 'tool_03', 'grow', 'caveman_describe']);
    } finally {
      await mcp.close();
    }
  });

  it('unwrap gives back the file byte for byte and removes the backup', async () => {
    const tiny = rowOf(await call<ServersOverview>('listServers', {}), 'tiny');
    const preview = await call<ServerEditPreview>('previewServerEdit', { serverId: tiny.server.id, action: 'unwrap' });
    expect(preview).toMatchObject({ action: 'unwrap', exact: true, serves: `${process.execPath} ${TINY_SERVER} --tools 3` });
    const done = await call<ServerEditDone>('commitServerEdit', { serverId: tiny.server.id, action: 'unwrap', hash: preview.hash });
    expect(done).toMatchObject({ exact: true, row: { wrap: { state: 'direct' } } });
    expect(readFileSync(config, 'utf8')).toBe(original);
    expect(existsSync(preview.backupPath)).toBe(false);
  });

  it('a file changed between the preview and the commit is not written', async () => {
    const tiny = rowOf(await call<ServersOverview>('listServers', {}), 'tiny');
    const request = { serverId: tiny.server.id, action: 'wrap' } as const;
    const preview = await call<ServerEditPreview>('previewServerEdit', request);
    const edited = original.replace('"--tools", "3"', '"--tools", "4"');
    writeFileSync(config, edited);
    try {
      expect(await dispatch('commitServerEdit', { ...request, hash: preview.hash })).toMatchObject({ ok: false, code: 'cave_config_refused' });
      expect(readFileSync(config, 'utf8')).toBe(edited);
      expect(existsSync(preview.backupPath)).toBe(false);
    } finally {
      writeFileSync(config, original);
    }
  });

  it("only servers of discovered files can be edited: a picked file's server, an unknown id, a URL server and a tool \
name that is a pattern are refused", async () => {
    const overview = await call<ServersOverview>('listServers', {});
    const picked = await call<McpDiscovery>('readMcpConfig', { fileName: config, bytes: new TextEncoder().encode(original) });
    for (const serverId of [picked.servers[0]!.id, 'mcp-000000000000000000000000']) {
      expect(await dispatch('previewServerEdit', { serverId, action: 'wrap' })).toMatchObject({ ok: false, code: 'cave_not_found' });
      expect(await dispatch('measureServer', { serverId, tokenizer: 'o200k_base' })).toMatchObject({ ok: false, code: 'cave_not_found' });
    }
    expect(await dispatch('previewServerEdit', { serverId: rowOf(overview, 'remote').server.id, action: 'wrap' })).toMatchObject({
      ok: false,
      code: 'cave_config_refused',
      message: expect.stringContaining('reached by URL'),
    });
    expect(await dispatch('previewServerEdit', { serverId: rowOf(overview, 'tiny').server.id, action: 'wrap', excludeTools: ['tool_*'] })).toMatchObject({
      ok: false,
      code: 'cave_config_refused',
      message: expect.stringContaining('reads as a pattern'),
    });
    for (const pattern of ['--level', 'a\nb', ' '])
      expect(await dispatch('previewServerEdit', { serverId: rowOf(overview, 'tiny').server.id, action: 'wrap', noCheckTools: [pattern] })).toMatchObject({
        ok: false,
        code: 'cave_config_refused',
        message: expect.stringContaining('cannot be written as a --no-check-tools value'),
      });
    expect(await dispatch('previewServerEdit', { serverId: rowOf(overview, 'tiny').server.id, action: 'unwrap' })).toMatchObject({
      ok: false,
      code: 'cave_config_refused',
      message: expect.stringContaining('nothing to unwrap'),
    });
    expect(readFileSync(config, 'utf8')).toBe(original);
  });
});
