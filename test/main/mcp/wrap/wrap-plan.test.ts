// What wrap and unwrap do to a config file's text, for every client format
// the import reads: the entry starts the proxy with the same command line
// after `--`, every byte outside the entry stays, and unwrapping gives back
// the text byte for byte — or refuses, saying why.

import { parse } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../../../src/main/mcp/import/config-parse';
import { proxiedArgv, type Launcher } from '../../../../src/main/mcp/wrap/proxy-launch';
import { planUnwrap, planWrap } from '../../../../src/main/mcp/wrap/wrap-plan';
import { WrapRefusal, type WrapRefusalCode } from '../../../../src/main/mcp/wrap/wrap-refusal';
import { CLAUDE_CODE, CODEX, CODEX_INLINE_CRLF_BOM, CURSOR_ONE_LINE, DESKTOP, VSCODE, WINDSURF_CRLF_BOM, formats, kindOf } from './config-texts';

const launcher: Launcher = { runtime: '/opt/node/bin/node', cli: '/opt/caveman/out/main/cli.js' };
const WRAP_ARGS = [launcher.cli, 'proxy', '--'];

function refusal(run: () => unknown): { code: WrapRefusalCode; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof WrapRefusal) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** The text outside the entry's spans: what must stay byte for byte. */
function outside(text: string, spans: readonly { start: number; end: number }[]): string[] {
  return [0, ...spans.flatMap((span) => [span.start, span.end]), text.length].flatMap((at, i, all) => (i % 2 === 0 ? [text.slice(at, all[i + 1])] : []));
}

describe.each(formats)('%s', (_label, path, text, server, project) => {
  const ref = { server, project };

  it("wrap: the entry starts this install's proxy with the same command line after --, env and other keys kept; nothing outside the entry moves", () => {
    const kind = kindOf(path);
    const isIt = (s: { name: string; project?: string }) => s.name === server && s.project === project;
    const servers = parseConfigText(text, kind);
    const before = servers.find(isIt)!;
    const plan = planWrap(path, text, ref, launcher, {});
    expect(plan.server).toEqual({ command: before.command, args: before.args });
    expect(plan.launch).toEqual({ command: launcher.runtime, args: [...WRAP_ARGS, before.command, ...(before.args ?? [])] });

    const after = parseConfigText(plan.after, kind);
    expect(after.find(isIt)).toEqual({ ...before, command: launcher.runtime, args: plan.launch.args });
    // Every other server reads the same.
    expect(after.filter((s) => !isIt(s))).toEqual(servers.filter((s) => !isIt(s)));

    // The text between and around the entry's spans is there in order, unchanged.
    const parts = outside(text, plan.entry.spans);
    expect(plan.after.startsWith(parts[0]!)).toBe(true);
    expect(plan.after.endsWith(parts.at(-1)!)).toBe(true);
    let from = 0;
    for (const part of parts) {
      const at = plan.after.indexOf(part, from);
      expect(at, JSON.stringify(part)).toBeGreaterThanOrEqual(from);
      from = at + part.length;
    }
    expect(proxiedArgv(plan.launch)).toEqual({ flags: [], server: plan.server });
  });

  it('unwrap gives back the text byte for byte', () => {
    const wrapped = planWrap(path, text, ref, launcher, {}).after;
    const unwrapped = planUnwrap(path, wrapped, ref, { path: `${path}.bak`, text });
    expect(Buffer.from(unwrapped.after).equals(Buffer.from(text))).toBe(true);
    expect(unwrapped.exact).toBe(true);
  });
});

describe('wrap', () => {
  it('the proxy options go between proxy and --: --level, then each --include-tools and --exclude-tools value as given', () => {
    const plan = planWrap('/c.json', DESKTOP, { server: 'everything' }, launcher, {
      level: 'signatures',
      includeTools: ['get_*,echo', 'add'],
      excludeTools: ['print_env'],
    });
    const flags = ['--level', 'signatures', '--include-tools', 'get_*,echo', '--include-tools', 'add', '--exclude-tools', 'print_env'];
    expect(plan.launch.args).toEqual([launcher.cli, 'proxy', ...flags, '--', 'npx', '-y', '@modelcontextprotocol/server-everything']);
    expect(proxiedArgv(plan.launch)?.flags).toEqual(flags);
  });

  it('a JSONC file keeps its comments, trailing commas and the other server exactly', () => {
    const after = planWrap('/w/.vscode/mcp.json', VSCODE, { server: 'fetch' }, launcher, {}).after;
    for (const kept of [
      '// Servers for this workspace',
      '/* the one we wrap */',
      '"command": "/opt/node/bin/node", // Python',
      '"env": { "TOKEN": "${input:token}", },',
      '\t\t"remote": { "type": "http", "url": "https://mcp.example.com/mcp" },\n\t},\n}\n',
    ]) {
      expect(after).toContain(kept);
    }
    expect(after).toContain('\t\t\t"args": [\n\t\t\t\t"/opt/caveman/out/main/cli.js",\n');
    expect(parse(after, [], { allowTrailingComma: true }).inputs).toEqual([{ type: 'promptString', id: 'token', password: true }]);
  });

  it('a one-line file stays on one line; CRLF stays CRLF and the BOM stays', () => {
    expect(planWrap('/c.json', CURSOR_ONE_LINE, { server: 'tiny' }, launcher, {}).after).not.toContain('\n');
    const windsurf = planWrap('/m.json', WINDSURF_CRLF_BOM, { server: 'git' }, launcher, {}).after;
    expect(windsurf.startsWith('\uFEFF{\r\n')).toBe(true);
    expect(windsurf.replace(/\r\n/g, '')).not.toContain('\n');
    expect(windsurf).toContain('            "args": [\r\n                "/opt/caveman/out/main/cli.js",\r\n');
  });

  it('two servers wrapped one after the other unwrap in either order to the original', () => {
    const first = planWrap('/c.json', DESKTOP, { server: 'everything' }, launcher, {}).after;
    const both = planWrap('/c.json', first, { server: 'github' }, launcher, {}).after;
    // Each backup is the file as its wrap read it.
    const githubFirst = planUnwrap('/c.json', both, { server: 'github' }, { path: 'b2', text: first });
    expect(githubFirst.exact).toBe(true);
    expect(planUnwrap('/c.json', githubFirst.after, { server: 'everything' }, { path: 'b1', text: DESKTOP }).after).toBe(DESKTOP);
    const everythingFirst = planUnwrap('/c.json', both, { server: 'everything' }, { path: 'b1', text: DESKTOP });
    expect(everythingFirst.exact).toBe(false);
    expect(planUnwrap('/c.json', everythingFirst.after, { server: 'github' }, { path: 'b2', text: first }).after).toBe(DESKTOP);
  });

  it('a name only one project of ~/.claude.json has is found without --project', () => {
    expect(planWrap('/h/.claude.json', CLAUDE_CODE, { server: 'memory' }, launcher, {}).entry.project).toBe('/work/app');
  });
});

describe('Codex config.toml', () => {
  it('keeps comments, quoting and spacing; sets the value in place, adds args after the command and a variable inside the env it has', () => {
    const electron = { ...launcher, env: { ELECTRON_RUN_AS_NODE: '1' } };
    let text = CODEX;
    for (const server of ['context7', 'github', 'bare']) text = planWrap('/h/.codex/config.toml', text, { server }, electron, {}).after;
    const args = (server: string) => JSON.stringify([launcher.cli, 'proxy', '--', ...server.split(' ')]).replace(/","/g, '", "');
    expect(text).toBe(
      CODEX.replace('command = "npx" # from npm', `command = "${launcher.runtime}" # from npm`)
        .replace('args = ["-y", "@upstash/context7-mcp"]', `args = ${args('npx -y @upstash/context7-mcp')}`)
        .replace('env = { "API_KEY" = "value" }', 'env = { "API_KEY" = "value", ELECTRON_RUN_AS_NODE = "1" }')
        .replace("command = 'docker'", `command = "${launcher.runtime}"`)
        .replace(/args = \[\n {2}"run".*?\n\]/s, `args = ${args('docker run -i --rm ghcr.io/github/github-mcp-server')}`)
        .replace('GITHUB_PERSONAL_ACCESS_TOKEN = "ghp_x"', 'GITHUB_PERSONAL_ACCESS_TOKEN = "ghp_x"\nELECTRON_RUN_AS_NODE = "1"')
        .replace('command = "my-server"', `command = "${launcher.runtime}"\nargs = ${args('my-server')}\nenv = { ELECTRON_RUN_AS_NODE = "1" }`),
    );
  });

  it('an inline entry stays inline and dotted keys stay dotted, on CRLF lines after the BOM', () => {
    let text = CODEX_INLINE_CRLF_BOM;
    for (const server of ['inline', 'dotted']) text = planWrap('/h/.codex/config.toml', text, { server }, { ...launcher, env: { E: '1' } }, {}).after;
    expect(text).toBe(
      '\uFEFF[mcp_servers]\r\ninline = { command = "/opt/node/bin/node", args = ["/opt/caveman/out/main/cli.js", "proxy", "--", "uvx", "mcp-server-git"], ' +
        'env = { E = "1" } }\r\ndotted.command = "/opt/node/bin/node"\r\ndotted.args = ["/opt/caveman/out/main/cli.js", "proxy", "--", "node", ' +
        '"server.mjs"]\r\ndotted.env.DEBUG = "1"\r\ndotted.env.E = "1"\r\n',
    );
  });

  it('a URL server is not wrapped; an argument with quotes, a backslash or a control character is written as a TOML string that reads back the same', () => {
    expect(refusal(() => planWrap('/h/.codex/config.toml', CODEX, { server: 'figma' }, launcher, {})).code).toBe('not-stdio');
    const odd = 'a "quoted" C:\\path\ttab\u007f';
    const text = `[mcp_servers.odd]\ncommand = "x"\nargs = [${JSON.stringify(odd)}]\n`.replace('\u007f', '\\u007F');
    const after = planWrap('/c.toml', text, { server: 'odd' }, launcher, {}).after;
    expect(parseConfigText(after, 'codex')[0]!.args).toEqual([launcher.cli, 'proxy', '--', 'x', odd]);
  });
});

describe('refusals', () => {
  const wrapped = planWrap('/c.json', DESKTOP, { server: 'everything' }, launcher, {}).after;

  it('no such server: the message lists the servers there are', () => {
    expect(refusal(() => planWrap('/c.json', DESKTOP, { server: 'evrything' }, launcher, {}))).toEqual({
      code: 'no-such-server',
      message: 'no server "evrything" in /c.json; it lists: everything, github',
    });
    expect(refusal(() => planWrap('/h/.claude.json', CLAUDE_CODE, { server: 'x' }, launcher, {})).message).toBe(
      'no server "x" in /h/.claude.json; it lists: context7, memory (project /work/app)',
    );
    expect(refusal(() => planWrap('/c.json', '{"mcpServers": {}}', { server: 'x' }, launcher, {})).message).toBe(
      'no server "x" in /c.json; it lists no servers',
    );
    expect(refusal(() => planUnwrap('/c.json', DESKTOP, { server: 'x' }, { path: 'b', text: DESKTOP })).code).toBe('no-such-server');
  });

  it('an unknown format: not JSON(C), not an object, or no list of servers', () => {
    expect(refusal(() => planWrap('/c.json', '{"mcpServers": ', { server: 'x' }, launcher, {}))).toMatchObject({
      code: 'unknown-format',
      message: expect.stringMatching(/^\/c\.json is not valid JSON \(\w+ at line 1, column \d+\)$/),
    });
    expect(refusal(() => planWrap('/c.json', '[]', { server: 'x' }, launcher, {})).message).toBe('/c.json is not a JSON object');
    expect(refusal(() => planWrap('/settings.json', '{"editor.fontSize": 14, "mcp": {"servers": {}}}', { server: 'x' }, launcher, {}))).toEqual({
      code: 'unknown-format',
      message:
        '/settings.json is not an MCP client config wrap knows: it has no "mcpServers" list (Claude Desktop, Claude ' +
        'Code, Cursor, Windsurf, Gemini CLI), no "servers" list (VS Code) and is not TOML (Codex)',
    });
    expect(refusal(() => planWrap('/h/.codex/config.toml', '[mcp_servers.a]\ncommand = "x"\ncommand = "y"\n', { server: 'a' }, launcher, {}))).toEqual({
      code: 'unknown-format',
      message: '/h/.codex/config.toml is not valid TOML (Defining a key multiple times is invalid at line 3, column 1)',
    });
  });

  it('wrapping twice: our own entry, or one routed through the proxy by hand or with npx', () => {
    expect(refusal(() => planWrap('/c.json', wrapped, { server: 'everything' }, launcher, {}))).toEqual({
      code: 'already-wrapped',
      message:
        '"everything" in /c.json already starts through caveman-shrink proxy (it serves npx -y @modelcontextprotocol/server-everything): nothing was changed',
    });
    const otherInstall = { runtime: '/usr/bin/node', cli: '/home/me/caveman/out/main/cli.js' };
    expect(refusal(() => planWrap('/c.json', wrapped, { server: 'everything' }, otherInstall, {})).code).toBe('already-wrapped');
    for (const entry of [
      { command: 'caveman-shrink', args: ['proxy', '--', 'npx', 'srv'] },
      { command: 'npx', args: ['-y', 'caveman-shrink', 'proxy', '--level', 'leads', '--', 'uvx', 'srv'] },
      { command: 'C:\\tools\\caveman-shrink.cmd', args: ['proxy', '--', 'srv.exe'] },
    ]) {
      expect(refusal(() => planWrap('/c.json', JSON.stringify({ mcpServers: { s: entry } }), { server: 's' }, launcher, {})).code).toBe('already-wrapped');
    }
    // A server that merely has a "proxy" argument is not the proxy.
    expect(
      planWrap(
        '/c.json',
        JSON.stringify({ mcpServers: { s: { command: 'npx', args: ['-y', 'some-proxy', 'proxy', '--', 'x'] } } }),
        { server: 's' },
        launcher,
        {},
      ).launch.args.slice(3),
    ).toEqual(['npx', '-y', 'some-proxy', 'proxy', '--', 'x']);
  });

  it('an HTTP server, or an entry the import cannot start either', () => {
    expect(refusal(() => planWrap('/w/.vscode/mcp.json', VSCODE, { server: 'remote' }, launcher, {}))).toEqual({
      code: 'not-stdio',
      message:
        '"remote" in /w/.vscode/mcp.json is reached by URL (http) — wrap rewrites only entries that start a command, since a client\'s own ' +
        'sign-in to a URL server (OAuth) would not pass through the proxy; "caveman-shrink proxy --url" serves one whose headers are enough',
    });
    expect(refusal(() => planWrap('/c.json', '{"mcpServers": {"s": {"command": "x", "args": "-y"}}}', { server: 's' }, launcher, {}))).toEqual({
      code: 'unusable-entry',
      message: '"s" in /c.json cannot be wrapped: "args" is not a list',
    });
    expect(refusal(() => planWrap('/c.json', '{"mcpServers": {"s": "npx srv"}}', { server: 's' }, launcher, {})).code).toBe('unusable-entry');
  });

  it('a name listed twice, or in more than one project without --project', () => {
    expect(refusal(() => planWrap('/c.json', '{"mcpServers": {"s": {"command": "a"}, "s": {"command": "b"}}}', { server: 's' }, launcher, {}))).toEqual({
      code: 'duplicate-server',
      message: '"s" is listed 2 times in /c.json: remove the extra ones first',
    });
    const twoProjects = JSON.stringify({ projects: { '/a': { mcpServers: { m: { command: 'x' } } }, '/b': { mcpServers: { m: { command: 'y' } } } } });
    expect(refusal(() => planWrap('/h/.claude.json', twoProjects, { server: 'm' }, launcher, {}))).toEqual({
      code: 'ambiguous-server',
      message: '"m" is in 2 projects of /h/.claude.json (/a, /b): name one with --project',
    });
    expect(planWrap('/h/.claude.json', twoProjects, { server: 'm', project: '/b' }, launcher, {}).server.command).toBe('y');
  });

  it('unwrap of an entry that is not wrapped', () => {
    expect(refusal(() => planUnwrap('/c.json', DESKTOP, { server: 'github' }, { path: 'b', text: DESKTOP }))).toEqual({
      code: 'not-wrapped',
      message: '"github" in /c.json does not start through caveman-shrink proxy: nothing to unwrap',
    });
  });

  it('unwrap without the backup, or with a backup that does not hold the server', () => {
    expect(refusal(() => planUnwrap('/c.json', wrapped, { server: 'everything' }, { path: '/c.json.bak', text: undefined }))).toEqual({
      code: 'no-backup',
      message:
        '"everything" starts through the proxy, but the backup its wrap left (/c.json.bak) is gone, so its original ' +
        'text is not known; it serves npx -y @modelcontextprotocol/server-everything: edit the entry by hand',
    });
    expect(
      refusal(() =>
        planUnwrap('/c.json', wrapped, { server: 'everything' }, { path: '/c.json.bak', text: '{"mcpServers": {"github": {"command": "docker"}}}' }),
      ).code,
    ).toBe('backup-without-server');
  });

  it('unwrap of an entry changed since the wrap: a key added, its server changed, a comment added', () => {
    const changes: [string, string][] = [
      ['an env added', wrapped.replace('"args": [\n        "/opt', '"env": { "A": "1" },\n      "args": [\n        "/opt')],
      ['the server after -- changed', wrapped.replace('"@modelcontextprotocol/server-everything"\n', '"@modelcontextprotocol/server-everything@latest"\n')],
      ['a comment added', wrapped.replace('"command": "/opt/node/bin/node",', '"command": "/opt/node/bin/node", // mine')],
    ];
    for (const [what, text] of changes) {
      expect(text, what).not.toBe(wrapped);
      const refused = refusal(() => planUnwrap('/c.json', text, { server: 'everything' }, { path: '/c.json.bak', text: DESKTOP }));
      expect(refused.code, what).toBe('entry-changed');
      expect(refused.message).toMatch(
        /^"everything" changed since it was wrapped \(.+\); unwrapping would lose that change, so nothing was changed — its text before the wrap is in \/c\.json\.bak$/,
      );
    }
  });

  it('unwrap of a file reformatted since the wrap (only whitespace changed): the entry comes back as it was, and wrap works again', () => {
    const reformatted = JSON.stringify(JSON.parse(wrapped), null, 2);
    expect(reformatted).not.toBe(wrapped);
    const plan = planUnwrap('/c.json', reformatted, { server: 'everything' }, { path: '/c.json.bak', text: DESKTOP });
    expect(plan.exact).toBe(false);
    expect(JSON.parse(plan.after)).toEqual(JSON.parse(DESKTOP));
    expect(plan.after).toContain('"everything": {\n      "command": "npx",\n      "args": ["-y", "@modelcontextprotocol/server-everything"]\n    }');
    expect(planWrap('/c.json', plan.after, { server: 'everything' }, launcher, {}).launch.args).toEqual([
      ...WRAP_ARGS,
      'npx',
      '-y',
      '@modelcontextprotocol/server-everything',
    ]);

    const codex = planWrap('/h/.codex/config.toml', CODEX, { server: 'github' }, launcher, {}).after;
    const respaced = codex.replace('args = ["/opt', 'args = [\n  "/opt').replace('GITHUB_PERSONAL_ACCESS_TOKEN = ', 'GITHUB_PERSONAL_ACCESS_TOKEN=');
    expect(planUnwrap('/h/.codex/config.toml', respaced, { server: 'github' }, { path: 'b', text: CODEX }).after).toBe(CODEX);
  });

  it('unwrap when something else in the file changed: the entry comes back exactly, the other change stays', () => {
    const elsewhere = wrapped.replace('"Alt+Space"', '"Ctrl+Space"');
    const plan = planUnwrap('/c.json', elsewhere, { server: 'everything' }, { path: 'b', text: DESKTOP });
    expect(plan.exact).toBe(false);
    expect(plan.after).toBe(DESKTOP.replace('"Alt+Space"', '"Ctrl+Space"'));
  });
});

describe('a launcher with variables (the desktop app: ELECTRON_RUN_AS_NODE=1)', () => {
  const electron: Launcher = {
    runtime: '/opt/Caveman Shrink/caveman-shrink',
    cli: '/opt/Caveman Shrink/resources/app.asar.unpacked/out/main/cli.js',
    env: { ELECTRON_RUN_AS_NODE: '1' },
  };

  it.each(formats)(
    '%s: the entry gets the variable in its "env" (kept beside its own), and unwrap gives the text back byte for byte',
    (_label, path, text, server, project) => {
      const kind = kindOf(path);
      const isIt = (s: { name: string; project?: string }) => s.name === server && s.project === project;
      const before = parseConfigText(text, kind).find(isIt)!;
      const plan = planWrap(path, text, { server, project }, electron, {});
      const after = parseConfigText(plan.after, kind).find(isIt)!;
      expect(after.command).toBe(electron.runtime);
      expect(after.env).toEqual({ ...before.env, ELECTRON_RUN_AS_NODE: '1' });
      expect(plan.env).toEqual({ ELECTRON_RUN_AS_NODE: '1' });
      const unwrapped = planUnwrap(path, plan.after, { server, project }, { path: `${path}.bak`, text });
      expect(unwrapped.after).toBe(text);
      expect(unwrapped.exact).toBe(true);
    },
  );

  it('unwrap still refuses an entry whose other variables changed since the wrap', () => {
    const plan = planWrap('/c.json', DESKTOP, { server: 'github' }, electron, {});
    const changed = plan.after.replace('"ghp_x"', '"ghp_y"');
    expect(refusal(() => planUnwrap('/c.json', changed, { server: 'github' }, { path: 'b', text: DESKTOP })).code).toBe('entry-changed');
  });
});
