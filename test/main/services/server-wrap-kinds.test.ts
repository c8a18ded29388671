// The Servers tab wraps every config kind the CLI wraps: a home folder and a
// project with one file of each (user files, ~/.claude.json's own project,
// and a project's .mcp.json, .cursor, .vscode, .codex and .gemini files),
// each server previewed, wrapped, read back as wrapped, and unwrapped to
// the same bytes — through the Servers channels' own handlers, with
// discovery on the mcp worker.

import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServersOverview } from '../../../src/shared/contracts';
import type { CallContext } from '../../../src/main/services/dispatch';
import { createServerServices, type ServerServices } from '../../../src/main/services/server-services';
import { WorkerClient } from '../../../src/main/workers/worker-client';
import { CLAUDE_CODE, CODEX, CURSOR_ONE_LINE, DESKTOP, GEMINI, NO_ARGS, VSCODE, WINDSURF_CRLF_BOM } from '../mcp/wrap/config-texts';

const CLI = resolve(process.env.CAVEMAN_CLI ?? 'out/main/cli.js');
let dir: string;
let home: string;
let project: string;
let worker: WorkerClient;
let services: ServerServices;

/** [file under the temporary folder, the server wrapped, the client the tab names, the file's text] */
const KINDS: [string, string, string, string][] = [
  ['home/.config/Claude/claude_desktop_config.json', 'github', 'claude-desktop', DESKTOP],
  ['home/.claude.json', 'context7', 'claude-code', CLAUDE_CODE.replace('/work/app', '<project>')],
  ['home/.claude.json', 'memory', 'claude-code', CLAUDE_CODE.replace('/work/app', '<project>')],
  ['home/.cursor/mcp.json', 'tiny', 'cursor', CURSOR_ONE_LINE],
  ['home/.config/Code/User/mcp.json', 'fetch', 'vscode', VSCODE],
  ['home/.codeium/windsurf/mcp_config.json', 'git', 'windsurf', WINDSURF_CRLF_BOM],
  ['home/.codex/config.toml', 'github', 'codex', CODEX],
  ['home/.gemini/settings.json', 'pythonTools', 'gemini', GEMINI],
  ['app/.mcp.json', 'bare', 'claude-code', NO_ARGS],
  ['app/.cursor/mcp.json', 'cursor-bare', 'cursor', NO_ARGS.replace('"bare"', '"cursor-bare"')],
  ['app/.vscode/mcp.json', 'everything-vs', 'vscode', VSCODE.replace('"fetch"', '"everything-vs"')],
  ['app/.codex/config.toml', 'codex-local', 'codex', '[mcp_servers.codex-local]\ncommand = "./bin/server" # here\n'],
  ['app/.gemini/settings.json', 'gemini-local', 'gemini', GEMINI.replace('"pythonTools"', '"gemini-local"')],
];

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'caveman-server-kinds-')));
  home = join(dir, 'home');
  project = join(dir, 'app');
  for (const [file, , , text] of KINDS) {
    const path = join(dir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text.replace('<project>', project));
  }
  worker = new WorkerClient({ storePath: join(dir, 'ccr.db'), maxBytesSetting: undefined }, 'mcp');
  services = createServerServices({
    worker,
    where: () => ({ platform: 'linux', home, env: {}, cwd: project }),
    launcher: () => ({ runtime: process.execPath, cli: CLI }),
  });
});
afterAll(async () => {
  await worker.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('wrap from the Servers tab, per config kind', () => {
  it.each(KINDS)('%s: "%s" is wrapped, shows as wrapped, and unwraps to the same bytes', async (file, name, client) => {
    const handlers = services.handlers as Required<ServerServices['handlers']>;
    const config = join(dir, file);
    const original = readFileSync(config);
    const rowOf = (overview: ServersOverview) => overview.servers.find((row) => row.server.name === name && row.server.configPath === config)!;
    const row = rowOf(await handlers.listServers({}, context()));
    expect(row.server.client).toBe(client);
    expect(row.wrap.state).toBe('direct');

    const preview = await handlers.previewServerEdit({ serverId: row.server.id, action: 'wrap' }, context());
    expect(preview.configPath).toBe(config);
    const done = await handlers.commitServerEdit({ serverId: row.server.id, action: 'wrap', hash: preview.hash }, context());
    expect(done.row.wrap).toMatchObject({ state: 'wrapped', backupPath: preview.backupPath });
    expect(readFileSync(config, 'utf8')).toContain(CLI);
    expect(rowOf(await handlers.listServers({}, context())).wrap.state).toBe('wrapped');

    const undo = await handlers.previewServerEdit({ serverId: row.server.id, action: 'unwrap' }, context());
    expect(undo.exact).toBe(true);
    await handlers.commitServerEdit({ serverId: row.server.id, action: 'unwrap', hash: undo.hash }, context());
    expect(readFileSync(config).equals(original)).toBe(true);
  });
});

function context(): CallContext {
  return { clientId: 'test', emit: () => undefined };
}
