// Discovery: the documented config locations on every platform, parsing the
// files MCP clients write (fixtures in temp folders laid out like a home
// folder), what the renderer may see, and that nothing is ever started.

import { existsSync, mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectConfigLocations, userConfigLocations } from '../../../../src/main/mcp/import/config-locations';
import { ConfigFormatError, parseConfigText, stripJsonComments } from '../../../../src/main/mcp/import/config-parse';
import { discoverServers, serverInfo, serversInPickedFile } from '../../../../src/main/mcp/import/discover-servers';
import { expandVariables, targetOfDiscovered } from '../../../../src/main/mcp/import/discovered-target';
import { validatorFor, describeErrors } from '../../../../src/main/contracts/contract-validator';
import { CONTRACT_IDS } from '../../../../src/shared/contracts';
import { MAX_INPUT_BYTES } from '../../../../src/shared/errors';
import { watchSpawns } from '../../../helpers/spawn-watch';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'caveman-mcp-home-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function write(path: string, text: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const DESKTOP = JSON.stringify({
  mcpServers: {
    filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'] },
    github: { command: 'docker', args: ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_secret' } },
  },
  globalShortcut: 'Alt+Space',
});

describe('config locations (as documented)', () => {
  it('Claude Desktop, Claude Code, Cursor, VS Code, Windsurf, Codex and Gemini CLI on macOS, Windows and Linux', () => {
    expect(userConfigLocations({ platform: 'darwin', home: '/Users/me', env: {} }).map((l) => l.path)).toEqual([
      '/Users/me/Library/Application Support/Claude/claude_desktop_config.json',
      '/Users/me/.claude.json',
      '/Users/me/.cursor/mcp.json',
      '/Users/me/Library/Application Support/Code/User/mcp.json',
      '/Users/me/.codeium/windsurf/mcp_config.json',
      '/Users/me/.codex/config.toml',
      '/Users/me/.gemini/settings.json',
    ]);
    expect(userConfigLocations({ platform: 'win32', home: 'C:\\Users\\me', env: { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' } }).map((l) => l.path)).toEqual([
      'C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json',
      'C:\\Users\\me\\.claude.json',
      'C:\\Users\\me\\.cursor\\mcp.json',
      'C:\\Users\\me\\AppData\\Roaming\\Code\\User\\mcp.json',
      'C:\\Users\\me\\.codeium\\windsurf\\mcp_config.json',
      'C:\\Users\\me\\.codex\\config.toml',
      'C:\\Users\\me\\.gemini\\settings.json',
    ]);
    // Codex's $CODEX_HOME holds config.toml itself; Gemini CLI's $GEMINI_CLI_HOME stands in for the home folder.
    expect(
      userConfigLocations({ platform: 'linux', home: '/home/me', env: { CODEX_HOME: '/cx', GEMINI_CLI_HOME: '/gm' } })
        .slice(-2)
        .map((l) => [l.client, l.kind, l.path]),
    ).toEqual([
      ['codex', 'codex', '/cx/config.toml'],
      ['gemini', 'gemini', '/gm/.gemini/settings.json'],
    ]);
    expect(
      userConfigLocations({ platform: 'linux', home: '/home/me', env: { XDG_CONFIG_HOME: '/xdg' } }).map((l) => [l.client, l.kind, l.path]),
    ).toContainEqual(['vscode', 'vscode', '/xdg/Code/User/mcp.json']);
    expect(userConfigLocations({ platform: 'linux', home: '/home/me', env: {} }).map((l) => l.path)[0]).toBe(
      '/home/me/.config/Claude/claude_desktop_config.json',
    );
    expect(userConfigLocations({ platform: 'linux', home: '/home/me', env: { XDG_CONFIG_HOME: '/xdg' } }).map((l) => l.path)[0]).toBe(
      '/xdg/Claude/claude_desktop_config.json',
    );
  });

  it('project files (.mcp.json, .cursor, .vscode, .codex and .gemini) in the current folder and each known project, once each, never the home folder', () => {
    const where = { platform: 'linux' as const, home: '/home/me', env: {}, cwd: '/home/me/app' };
    const files = (folder: string) => [
      ['claude-code', `${folder}/.mcp.json`],
      ['cursor', `${folder}/.cursor/mcp.json`],
      ['vscode', `${folder}/.vscode/mcp.json`],
      ['codex', `${folder}/.codex/config.toml`],
      ['gemini', `${folder}/.gemini/settings.json`],
    ];
    expect(projectConfigLocations(where, ['/home/me/app/', '/home/me', '/srv/other']).map((l) => [l.client, l.path])).toEqual([
      ...files('/home/me/app'),
      ...files('/srv/other'),
    ]);
    expect(projectConfigLocations({ ...where, cwd: '/' }, [])).toEqual([]);
  });
});

describe('parsing config files', () => {
  it('Claude Desktop: command, args and env per server, other settings ignored', () => {
    expect(parseConfigText(DESKTOP, 'servers')).toEqual([
      { name: 'filesystem', transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Desktop'] },
      {
        name: 'github',
        transport: 'stdio',
        command: 'docker',
        args: ['run', '-i', '--rm', 'ghcr.io/github/github-mcp-server'],
        env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_secret' },
      },
    ]);
  });

  it('Claude Code ~/.claude.json: user servers at the top, local ones per project; typed http/sse entries with headers', () => {
    const text = JSON.stringify({
      numStartups: 12,
      mcpServers: { context7: { type: 'stdio', command: 'npx', args: ['-y', '@upstash/context7-mcp'], env: {} } },
      projects: {
        '/work/app': { allowedTools: [], mcpServers: { notion: { type: 'http', url: 'https://mcp.notion.com/mcp', headers: { Authorization: 'Bearer x' } } } },
        '/work/empty': { allowedTools: [] },
      },
    });
    expect(parseConfigText(text, 'claude-code-user')).toEqual([
      { name: 'context7', transport: 'stdio', command: 'npx', args: ['-y', '@upstash/context7-mcp'], env: {}, scope: 'user' },
      { name: 'notion', transport: 'http', url: 'https://mcp.notion.com/mcp', headers: { Authorization: 'Bearer x' }, scope: 'local', project: '/work/app' },
    ]);
    expect(parseConfigText(JSON.stringify({ numStartups: 1 }), 'claude-code-user')).toEqual([]);
  });

  it('Cursor mcp.json as JSONC: comments and trailing commas; a url without a type is streamable HTTP; "type": "sse" is SSE', () => {
    const text = `{
      // global servers
      "mcpServers": {
        "remote": { "url": "https://api.example.com/mcp", }, /* trailing comma above */
        "legacy": { "type": "sse", "url": "http://localhost:8000/sse" },
        "slashes": { "command": "node", "args": ["C:/srv/a // b.js", "http://x/*y*/"] },
      },
    }`;
    expect(parseConfigText(text, 'servers')).toEqual([
      { name: 'remote', transport: 'http', url: 'https://api.example.com/mcp' },
      { name: 'legacy', transport: 'sse', url: 'http://localhost:8000/sse' },
      { name: 'slashes', transport: 'stdio', command: 'node', args: ['C:/srv/a // b.js', 'http://x/*y*/'] },
    ]);
    expect(stripJsonComments('{"a": "// not a comment", "b": [1, 2, ], }')).toBe('{"a": "// not a comment", "b": [1, 2 ] }');
  });

  it('an entry it cannot use is kept with the problem; a file it cannot read says why', () => {
    const text = JSON.stringify({
      mcpServers: {
        nothing: {},
        wrongArgs: { command: 'x', args: 'not a list' },
        websocket: { type: 'ws', url: 'ws://x' },
        noUrl: { type: 'http' },
        off: { command: 'node', disabled: true },
        notAnObject: 'npx server',
      },
    });
    const parsed = parseConfigText(text, 'servers');
    expect(parsed.map((server) => [server.name, server.problem ?? null, server.disabled ?? false])).toEqual([
      ['nothing', 'it has neither a "command" nor a "url"', false],
      ['wrongArgs', '"args" is not a list', false],
      ['websocket', 'its type "ws" is not one Caveman Shrink can connect to (stdio, http or sse)', false],
      ['noUrl', 'it has no "url"', false],
      ['off', null, true],
      ['notAnObject', 'the entry is not an object', false],
    ]);
    expect(() => parseConfigText('{"mcpServers": ', 'servers')).toThrow(ConfigFormatError);
    expect(() => parseConfigText('[]', 'servers')).toThrow('not a JSON object');
    expect(() => parseConfigText('{"other": {}}', 'servers')).toThrow('it has no "mcpServers" list');
  });
});

describe('discovery on disk', () => {
  it('finds the servers in every known file and in the projects ~/.claude.json names, and describes the files', async () => {
    const project = join(home, 'src', 'app');
    write(join(home, '.config/Claude/claude_desktop_config.json'), DESKTOP);
    write(
      join(home, '.claude.json'),
      JSON.stringify({
        mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] } },
        projects: { [project]: { mcpServers: {} } },
      }),
    );
    write(join(home, '.cursor/mcp.json'), '{ "mcpServers": { "broken": ');
    write(join(project, '.mcp.json'), JSON.stringify({ mcpServers: { shared: { type: 'sse', url: 'https://mcp.example.com/sse?key=s3cret' } } }));
    write(join(project, '.cursor/mcp.json'), JSON.stringify({ mcpServers: { local: { command: './bin/server', args: ['--stdio'] } } }));

    const found = await discoverServers({ platform: 'linux', home, env: {}, cwd: home });
    expect(found.servers.map((s) => [s.name, s.client, s.scope, s.project ?? null])).toEqual([
      ['filesystem', 'claude-desktop', 'user', null],
      ['github', 'claude-desktop', 'user', null],
      ['memory', 'claude-code', 'user', null],
      ['shared', 'claude-code', 'project', project],
      ['local', 'cursor', 'project', project],
    ]);
    expect(found.files.map((f) => [f.path.slice(home.length), f.status, f.servers])).toEqual([
      ['/.config/Claude/claude_desktop_config.json', 'found', 2],
      ['/.claude.json', 'found', 1],
      ['/.cursor/mcp.json', 'invalid', 0],
      ['/.config/Code/User/mcp.json', 'missing', 0],
      ['/.codeium/windsurf/mcp_config.json', 'missing', 0],
      ['/.codex/config.toml', 'missing', 0],
      ['/.gemini/settings.json', 'missing', 0],
      ['/src/app/.mcp.json', 'found', 1],
      ['/src/app/.cursor/mcp.json', 'found', 1],
    ]);
    expect(found.files[2]?.message).toMatch(/^not valid JSON/);

    // Ids are stable across looks, and differ between servers.
    const again = await discoverServers({ platform: 'linux', home, env: {}, cwd: home });
    expect(again.servers.map((s) => s.id)).toEqual(found.servers.map((s) => s.id));
    expect(new Set(found.servers.map((s) => s.id)).size).toBe(found.servers.length);
  });

  it('reports missing user-level files and starts nothing, even for a command that would leave a mark', async () => {
    const marker = join(home, 'was-started');
    write(
      join(home, '.cursor/mcp.json'),
      JSON.stringify({ mcpServers: { trap: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] } } }),
    );
    const spawns = watchSpawns();
    let found: Awaited<ReturnType<typeof discoverServers>>;
    try {
      found = await discoverServers({ platform: 'linux', home, env: {} });
    } finally {
      spawns.restore();
    }
    expect(found.servers.map((s) => s.name)).toEqual(['trap']);
    expect(found.files.map((f) => f.status)).toEqual(['missing', 'missing', 'found', 'missing', 'missing', 'missing', 'missing']);
    expect(spawns.started).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });

  it('a config file above 32 MiB is unreadable, refused unread in the words every oversized config gets', async () => {
    const huge = write(join(home, '.cursor/mcp.json'), '');
    truncateSync(huge, MAX_INPUT_BYTES + 1); // sparse: nothing is written, the size is all that counts
    const found = await discoverServers({ platform: 'linux', home, env: {} });
    expect(found.files[2]).toMatchObject({ status: 'unreadable', message: 'could not read it: mcp.json is 32.0 MiB; that is no MCP config file' });
  });

  it('VS Code (user mcp.json, a workspace .vscode/mcp.json: "servers", JSONC) and Windsurf (mcp_config.json) are found too', async () => {
    const project = join(home, 'src', 'site');
    write(
      join(home, '.config/Code/User/mcp.json'),
      '{\n  // mine\n  "servers": { "memory": { "type": "stdio", "command": "npx", "args": ["-y",' +
        ' "@modelcontextprotocol/server-memory"], }, },\n  "inputs": [],\n}\n',
    );
    write(
      join(project, '.vscode/mcp.json'),
      JSON.stringify({ servers: { fetch: { command: 'uvx', args: ['mcp-server-fetch'] } }, mcpServers: { ignored: { command: 'x' } } }),
    );
    write(join(home, '.codeium/windsurf/mcp_config.json'), JSON.stringify({ mcpServers: { remote: { serverUrl: 'https://mcp.example.com/mcp' } } }));
    const found = await discoverServers({ platform: 'linux', home, env: {}, cwd: project });
    expect(found.servers.map((s) => [s.name, s.client, s.scope, s.transport, s.project ?? null])).toEqual([
      ['memory', 'vscode', 'user', 'stdio', null],
      ['remote', 'windsurf', 'user', 'http', null],
      ['fetch', 'vscode', 'project', 'stdio', project],
    ]);
    expect(() => parseConfigText('{"mcpServers": {}}', 'vscode')).toThrow('it has no "servers" list');
  });

  it('Codex (config.toml: [mcp_servers.<name>] tables, an env sub-table, a URL server with its token variable) and Gemini CLI \
(settings.json: "httpUrl" is streamable HTTP, "url" HTTP+SSE) are found too', async () => {
    const project = join(home, 'src', 'tool');
    write(
      join(home, '.codex/config.toml'),
      '# mine\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "docs-server"\nargs = ["--port", "4000"]\ncwd = "/srv/docs"\n\n' +
        '[mcp_servers.docs.env]\nAPI_KEY = "value"\n\n[mcp_servers.figma]\nurl = "https://mcp.figma.com/mcp"\nbearer_token_env_var = "FIGMA_TOKEN"\n' +
        'env_http_headers = { "X-Team" = "TEAM" }\nenabled = false\n',
    );
    write(
      join(home, '.gemini/settings.json'),
      '{\n  "theme": "GitHub",\n  // comments are allowed\n  "mcpServers": {\n    "py": { "command": "python", "args": ["-m", "srv"], "timeout": 15000 },\n' +
        '    "streamed": { "httpUrl": "http://localhost:3000/mcp" },\n    "events": { "url": "http://localhost:8080/sse" }\n  }\n}\n',
    );
    write(join(project, '.codex/config.toml'), '[mcp_servers.local]\ncommand = "./bin/server"\n');
    write(join(project, '.gemini/settings.json'), JSON.stringify({ mcpServers: { here: { command: 'node', args: ['srv.js'] } } }));
    const found = await discoverServers({ platform: 'linux', home, env: {}, cwd: project });
    expect(found.servers.map((s) => [s.name, s.client, s.scope, s.transport, s.project ?? null])).toEqual([
      ['docs', 'codex', 'user', 'stdio', null],
      ['figma', 'codex', 'user', 'http', null],
      ['py', 'gemini', 'user', 'stdio', null],
      ['streamed', 'gemini', 'user', 'http', null],
      ['events', 'gemini', 'user', 'sse', null],
      ['local', 'codex', 'project', 'stdio', project],
      ['here', 'gemini', 'project', 'stdio', project],
    ]);
    expect(found.servers[0]).toMatchObject({ command: 'docs-server', args: ['--port', '4000'], cwd: '/srv/docs', env: { API_KEY: 'value' } });
    expect(found.servers[1]).toMatchObject({
      url: 'https://mcp.figma.com/mcp',
      headers: { 'X-Team': '${TEAM}', Authorization: 'Bearer ${FIGMA_TOKEN}' },
      disabled: true,
    });
    expect(found.servers[3]).toMatchObject({ url: 'http://localhost:3000/mcp' });
    expect(() => parseConfigText('[mcp_servers.a]\ncommand = "x"\n[mcp_servers.a]\n', 'codex')).toThrow(/^not valid TOML: /);
    expect(parseConfigText('model = "o3"\n', 'codex')).toEqual([]);
    expect(serversInPickedFile('config.toml', '[mcp_servers.p]\ncommand = "x"\n').servers.map((s) => [s.name, s.command])).toEqual([['p', 'x']]);
  });

  it('a picked file is parsed whatever it is called, VS Code "servers" lists included', () => {
    const picked = serversInPickedFile(
      'team-mcp.json',
      JSON.stringify({ servers: { everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } } }),
    );
    expect(picked.servers.map((s) => [s.name, s.client, s.configPath])).toEqual([['everything', 'picked', 'team-mcp.json']]);
    expect(picked.files).toEqual([{ path: 'team-mcp.json', client: 'picked', status: 'found', servers: 1 }]);
    expect(serversInPickedFile('notes.json', '{"title": "nope"}').files[0]).toMatchObject({ status: 'invalid', message: 'it has no "mcpServers" list' });
  });
});

describe('what the renderer sees, and what main connects to', () => {
  it('env and header values and URL credentials never leave main; the info matches the contract', () => {
    const [desktop] = serversInPickedFile('c.json', DESKTOP).servers.slice(1);
    const info = serverInfo(desktop!);
    expect(info).toMatchObject({ name: 'github', envNames: ['GITHUB_PERSONAL_ACCESS_TOKEN'] });
    expect(JSON.stringify(info)).not.toContain('ghp_secret');
    const [remote] = serversInPickedFile(
      'c.json',
      JSON.stringify({ mcpServers: { r: { url: 'https://me:pw@mcp.example.com/mcp?key=abc', headers: { Authorization: 'Bearer tok' } } } }),
    ).servers;
    const remoteInfo = serverInfo(remote!);
    expect(remoteInfo).toMatchObject({ url: 'https://***@mcp.example.com/mcp?key=***', headerNames: ['Authorization'] });
    expect(JSON.stringify(remoteInfo)).not.toMatch(/pw|abc|tok/);
    const validate = validatorFor(`${CONTRACT_IDS.ipc}#/$defs/McpServerInfo`);
    for (const value of [info, remoteInfo]) expect(validate(value), describeErrors(validate.errors)).toBe(true);
  });

  it('expands ${VAR}, ${VAR:-default}, ${env:VAR}, ${userHome} and ${workspaceFolder} at import time; unset ones stay as written', () => {
    const context = { env: { TOKEN: 't0k', EMPTY: '' }, home: '/home/me' };
    expect(expandVariables('${TOKEN} ${MISSING} ${MISSING:-fallback} ${env:TOKEN} ${userHome}/x ${workspaceFolder}', context, '/work/app')).toBe(
      't0k ${MISSING} fallback t0k /home/me/x /work/app',
    );
    const [server] = serversInPickedFile(
      'c.json',
      JSON.stringify({ mcpServers: { s: { command: '${userHome}/bin/srv', args: ['--token', '${TOKEN}'], env: { KEY: '${TOKEN}' } } } }),
    ).servers;
    expect(targetOfDiscovered(server!, context)).toEqual({ transport: 'stdio', command: '/home/me/bin/srv', args: ['--token', 't0k'], env: { KEY: 't0k' } });
    const [broken] = serversInPickedFile('c.json', JSON.stringify({ mcpServers: { b: {} } })).servers;
    expect(() => targetOfDiscovered(broken!, context)).toThrow(/cannot be imported: it has neither/);
  });

  it('a project server runs in its project folder', () => {
    const found = parseConfigText(JSON.stringify({ projects: { '/work/app': { mcpServers: { p: { command: './srv', cwd: 'tools' } } } } }), 'claude-code-user');
    const target = targetOfDiscovered({ ...found[0]!, id: 'x', client: 'claude-code', configPath: '/h/.claude.json' }, { env: {}, home: '/h' });
    expect(target).toMatchObject({ command: './srv', cwd: '/work/app/tools' });
  });

  it('a server wrapped to start through the proxy is imported from the server itself, with its env and folder', () => {
    // Through the proxy the import would list (and store as the original) the already shrunk tools and caveman_describe.
    const entry = {
      command: '/usr/bin/node',
      args: ['/opt/caveman/out/main/cli.js', 'proxy', '--level', 'leads', '--', 'npx', '-y', '${PKG}'],
      env: { TOKEN: 't' },
      cwd: '/srv',
    };
    const [server] = serversInPickedFile('c.json', JSON.stringify({ mcpServers: { wrapped: entry } })).servers;
    expect(targetOfDiscovered(server!, { env: { PKG: 'server-everything' }, home: '/h' })).toEqual({
      transport: 'stdio',
      command: 'npx',
      args: ['-y', 'server-everything'],
      env: { TOKEN: 't' },
      cwd: '/srv',
    });
  });
});
