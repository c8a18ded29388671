// The Servers view shows every server's command, URL and wrap diff, and
// none of their secrets: what main sends the page for the list and for a
// wrap's preview carries no argument, env value or URL credential that
// says it is secret (src/shared/redact.ts), while the file keeps them all.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerEditPreview, ServersOverview } from '../../../src/shared/contracts';
import { createAppServices, type AppServices } from '../../../src/main/services/app-services';
import { serviceClient } from '../../helpers/services';
import { TINY_SERVER } from '../mcp/servers';
import { useHome } from '../../helpers/home-env';

const CLI = resolve(process.env.CAVEMAN_CLI ?? 'out/main/cli.js');
const SECRETS = /k-42-arg|t-77-env|pw-99|abc-55/;
let dir: string;
let config: string;
let services: AppServices;
let restoreHome: () => void;
const { call } = serviceClient(() => services);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'caveman-server-secrets-'));
  const home = join(dir, 'home');
  mkdirSync(join(home, '.cursor'), { recursive: true });
  config = join(home, '.cursor', 'mcp.json');
  const keyed = { command: process.execPath, args: [TINY_SERVER, '--api-key', 'k-42-arg'], env: { API_TOKEN: 't-77-env' } };
  writeFileSync(config, JSON.stringify({ mcpServers: { keyed, remote: { url: 'https://me:pw-99@mcp.example.com/mcp?key=abc-55' } } }, null, 2));
  restoreHome = useHome(home);
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

it('the list and a wrap preview show each command and URL with its secrets as ***', async () => {
  const overview = await call<ServersOverview>('listServers', {});
  expect(JSON.stringify(overview)).not.toMatch(SECRETS);
  const keyed = overview.servers.find((row) => row.server.name === 'keyed')!;
  expect(keyed.server.args).toEqual([TINY_SERVER, '--api-key', '***']);
  expect(overview.servers.find((row) => row.server.name === 'remote')!.server.url).toBe('https://***@mcp.example.com/mcp?key=***');

  const preview = await call<ServerEditPreview>('previewServerEdit', { serverId: keyed.server.id, action: 'wrap' });
  expect(JSON.stringify(preview)).not.toMatch(SECRETS);
  expect(preview.serves).toBe(`${process.execPath} ${TINY_SERVER} --api-key ***`);
  expect(preview.diff).toContain('"API_TOKEN": "***"');
  expect(readFileSync(config, 'utf8')).toMatch(/k-42-arg[\s\S]*t-77-env[\s\S]*pw-99[\s\S]*abc-55/);
});
