// `caveman-shrink wrap` / `unwrap` on real files in a temporary home folder,
// in this process with the built CLI as the launcher it writes (the wrapped
// entry names out/main/cli.js, so the build is what a client starts); the
// Claude Desktop journey runs wrap and unwrap as processes of the build: a
// wrapped entry started the way a client starts it lists the shrunk tools
// and caveman_describe through the real server; unwrap gives every client format back byte for byte
// (cmp); every refusal exits 1 with one line and leaves the file alone.

import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { applyPatch } from 'diff';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runWrapCommand } from '../../../../src/main/cli/commands/wrap-command';
import { UsageError } from '../../../../src/main/cli/usage-error';
import { runCommand } from '../../../helpers/cli';
import { commitWrap, prepareWrap } from '../../../../src/main/mcp/wrap/wrap-server';
import { assertWritable } from '../../../../src/main/mcp/wrap/config-file';
import { wrapStateOf } from '../../../../src/main/mcp/wrap/wrap-state';
import { EVERYTHING_BIN, FILESYSTEM_BIN, REPO, sdkListAll, node } from '../servers';
import { CODEX, DESKTOP, formats } from './config-texts';

const CLI = join(REPO, 'out/main/cli.js');
beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (the wrapped entry starts the built CLI)`);
});

let home: string;
beforeEach(() => {
  home = realpathSync(mkdtempSync(join(tmpdir(), 'caveman-wrap-home-')));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The command in this process, HOME the temporary home, wrapping with the built CLI. */
async function cli(...args: string[]): Promise<Run> {
  const launcher = { runtime: realpathSync(process.execPath), cli: realpathSync(CLI) };
  const run = await runCommand(args, { env: { HOME: home }, launcher });
  return { status: run.status, stdout: run.stdout.toString('utf8'), stderr: run.stderr };
}

/** The built CLI as its own process, from the home folder. */
function cliProcess(...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: home, env: { ...process.env, HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function write(relative: string, text: string): string {
  const path = join(home, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const cmp = (a: string, b: string) => spawnSync('cmp', [a, b], { encoding: 'utf8' });
const backupOf = (config: string, server: string) => `${config}.caveman-shrink-${server}.bak`;
const files = (folder: string) => readdirSync(folder).sort();

/** One line on stderr naming the command, exit 1, and the file and its folder exactly as before. */
async function expectRefused(run: Promise<Run>, config: string, message: RegExp): Promise<void> {
  const before = existsSync(config) ? readFileSync(config) : undefined;
  const listing = existsSync(dirname(config)) ? files(dirname(config)) : [];
  const result = await run;
  expect(result.status, result.stderr).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.endsWith('\n') && result.stderr.split('\n').length === 2, result.stderr).toBe(true);
  expect(result.stderr).toMatch(message);
  if (before !== undefined) expect(readFileSync(config).equals(before)).toBe(true);
  if (listing.length > 0) expect(files(dirname(config))).toEqual(listing);
}

describe('a wrapped Claude Desktop entry, started the way a client starts it', () => {
  it('lists the shrunk tools and caveman_describe from the real server; unwrap gives back the file (cmp)', async () => {
    const store = join(home, 'store', 'ccr.db');
    const files = join(home, 'files');
    mkdirSync(files);
    const config = write(
      '.config/Claude/claude_desktop_config.json',
      JSON.stringify(
        {
          mcpServers: {
            everything: { command: process.execPath, args: [EVERYTHING_BIN], env: { CAVEMAN_CCR_DB: store } },
            filesystem: { command: process.execPath, args: [FILESYSTEM_BIN, files] },
          },
          globalShortcut: 'Alt+Space',
        },
        null,
        2,
      ) + '\n',
    );
    const original = join(home, 'original.json');
    writeFileSync(original, readFileSync(config));

    const wrapped = await cliProcess('wrap', '--config', config, '--server', 'everything');
    expect(wrapped.status, wrapped.stderr).toBe(0);
    expect(wrapped.stderr).toBe('');
    expect(wrapped.stdout).toBe(
      `wrapped "everything" in ${config}\n` +
        `  it starts: ${realpathSync(process.execPath)} ${CLI} proxy -- ${process.execPath} ${EVERYTHING_BIN}\n` +
        `  backup:    ${backupOf(config, 'everything')} (unwrap puts the entry back from it)\n` +
        'restart the client (or reload its MCP servers) to start it through the proxy\n',
    );
    expect(cmp(backupOf(config, 'everything'), original).status).toBe(0);

    const entries = (
      JSON.parse(readFileSync(config, 'utf8')) as { mcpServers: Record<string, { command: string; args: string[]; env?: Record<string, string> }> }
    ).mcpServers;
    expect(entries.filesystem).toEqual({ command: process.execPath, args: [FILESYSTEM_BIN, files] });
    const entry = entries.everything!;
    expect(entry).toEqual({
      command: realpathSync(process.execPath),
      args: [CLI, 'proxy', '--', process.execPath, EVERYTHING_BIN],
      env: { CAVEMAN_CCR_DB: store },
    });

    // As Claude Desktop does: the entry's command, args and env over a minimal environment, from another folder.
    const transport = new StdioClientTransport({
      command: entry.command,
      args: entry.args,
      env: { ...getDefaultEnvironment(), ...entry.env },
      cwd: tmpdir(),
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'claude-desktop-like', version: '1' });
    await client.connect(transport);
    try {
      const listed = await client.listTools();
      const direct = (await sdkListAll(node(EVERYTHING_BIN))).tools as { name: string; description?: string }[];
      expect(listed.tools.map((tool) => tool.name)).toEqual([...direct.map((tool) => tool.name), 'caveman_describe']);
      const shortened = listed.tools.filter(
        (tool) => tool.description !== direct.find((each) => each.name === tool.name)?.description && tool.name !== 'caveman_describe',
      );
      expect(shortened.length).toBeGreaterThan(0);
      // Claude Desktop is not a client the proxy knows: it gets the listing profile, and stderr names the client and the profile.
      expect(stderr).toContain('tools/list for "claude-desktop-like" 1: profile listing');
      expect(stderr).toMatch(
        /tools\/list shrunk at skeletons and below, within a budget of 9,000 tokens: \d+ tools, [\d,]+ → [\d,]+ tokens as the model sees them/,
      );
      // The store the entry's env named is the one the proxy used: the env reached it.
      expect(existsSync(store)).toBe(true);
      const answer = (await client.callTool({ name: 'caveman_describe', arguments: { name: shortened[0]!.name } })) as { content: { text: string }[] };
      // Listed as a skeleton: one line says what was deferred, then the definition as the server wrote it.
      expect(answer.content[0]!.text).toMatch(new RegExp(`^${shortened[0]!.name} was listed as a typed skeleton: `));
      expect(JSON.parse(answer.content[1]!.text)).toEqual(direct.find((tool) => tool.name === shortened[0]!.name));
      expect(await client.callTool({ name: 'echo', arguments: { message: 'wrapped' } })).toEqual({ content: [{ type: 'text', text: 'Echo: wrapped' }] });
    } finally {
      await client.close();
    }

    const unwrapped = await cliProcess('unwrap', '--config', config, '--server', 'everything');
    expect(unwrapped.status, unwrapped.stderr).toBe(0);
    expect(unwrapped.stdout).toBe(
      `unwrapped "everything" in ${config}: the file is byte for byte the one the wrap read; the backup ${backupOf(config, 'everything')} was removed\n`,
    );
    expect(cmp(config, original).status).toBe(0);
    expect(existsSync(backupOf(config, 'everything'))).toBe(false);
  });
});

describe.each(formats)('%s', (_label, relative, text, server, project) => {
  it('wrap, then unwrap: cmp finds the file as it was; the backup is the original too', async () => {
    const config = write(relative, text);
    const original = write('original', text);
    const which = [...(project !== undefined ? ['--project', project] : [])];
    const listing = files(dirname(config));
    const wrapped = await cli('wrap', '--config', config, '--server', server, ...which);
    expect(wrapped.status, wrapped.stderr).toBe(0);
    expect(readFileSync(config, 'utf8')).toContain(CLI);
    const backup = wrapped.stdout.match(/backup: {4}(.+) \(unwrap/)![1]!;
    expect(cmp(backup, original).status).toBe(0);
    const unwrapped = await cli('unwrap', '--config', config, '--server', server, ...which);
    expect(unwrapped.status, unwrapped.stderr).toBe(0);
    expect(cmp(config, original).status).toBe(0);
    expect(files(dirname(config))).toEqual(listing);
    expect(existsSync(backup)).toBe(false);
  });
});

describe('the file itself', () => {
  it('unwraps after a whitespace-only reformat (JSON.stringify(…, null, 2)), and then wraps again', async () => {
    const config = write('.claude.json', JSON.stringify({ numStartups: 3, mcpServers: { everything: { command: 'npx', args: ['-y', 'srv'] } } }));
    expect((await cli('wrap', '--config', config, '--server', 'everything')).status).toBe(0);
    writeFileSync(config, JSON.stringify(JSON.parse(readFileSync(config, 'utf8')), null, 2));
    const unwrapped = await cli('unwrap', '--config', config, '--server', 'everything');
    expect(unwrapped.status, unwrapped.stderr).toBe(0);
    expect(unwrapped.stdout).toContain('the entry is back exactly as it was; the rest of the file changed since the wrap');
    expect(JSON.parse(readFileSync(config, 'utf8'))).toEqual({ numStartups: 3, mcpServers: { everything: { command: 'npx', args: ['-y', 'srv'] } } });
    const again = await cli('wrap', '--config', config, '--server', 'everything');
    expect(again.status, again.stderr).toBe(0);
  });

  it('--dry-run prints a unified diff that is exactly the wrap, and writes nothing', async () => {
    const config = write('.config/Claude/claude_desktop_config.json', DESKTOP);
    const listing = files(dirname(config));
    const dry = await cli('wrap', '--config', config, '--server', 'everything', '--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout.startsWith(`--- ${config}\tbefore\n+++ ${config}\tafter\n@@ `)).toBe(true);
    expect(dry.stderr).toBe(`caveman-shrink wrap: dry run: nothing was written; a wrap would also create the backup ${backupOf(config, 'everything')}\n`);
    expect(readFileSync(config, 'utf8')).toBe(DESKTOP);
    expect(files(dirname(config))).toEqual(listing);

    expect((await cli('wrap', '--config', config, '--server', 'everything')).status).toBe(0);
    expect(applyPatch(DESKTOP, dry.stdout)).toBe(readFileSync(config, 'utf8'));
    const undo = await cli('unwrap', '--config', config, '--server', 'everything', '--dry-run');
    expect(undo.status).toBe(0);
    expect(applyPatch(readFileSync(config, 'utf8'), undo.stdout)).toBe(DESKTOP);
    expect(existsSync(backupOf(config, 'everything'))).toBe(true);
  });

  it('writes --check-calls and each --no-check-tools value into the entry, which reads them back', async () => {
    const config = write('.config/Claude/claude_desktop_config.json', DESKTOP);
    const wrapped = await cli(
      'wrap',
      '--config',
      config,
      '--server',
      'everything',
      '--check-calls',
      'all',
      '--no-check-tools',
      'get_*,echo',
      '--no-check-tools',
      'add',
    );
    expect(wrapped.status, wrapped.stderr).toBe(0);
    const entry = (JSON.parse(readFileSync(config, 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers.everything!;
    const args = entry.args.slice(entry.args.indexOf('proxy') + 1, entry.args.indexOf('--'));
    expect(args).toEqual(['--check-calls', 'all', '--no-check-tools', 'get_*,echo', '--no-check-tools', 'add']);
    expect(wrapStateOf({ transport: 'stdio', ...entry })).toMatchObject({ state: 'wrapped', checkCalls: 'all', noCheckTools: ['get_*,echo', 'add'] });
    expect((await cli('wrap', '--config', config, '--server', 'x', '--check-calls', 'some')).status).toBe(2);
    expect((await cli('unwrap', '--config', config, '--server', 'everything')).status).toBe(0);
    expect(readFileSync(config, 'utf8')).toBe(DESKTOP);
  });

  it('writes --budget into the entry after --level, which reads it back; a budget that is not a whole number is a usage mistake', async () => {
    const config = write('.config/Claude/claude_desktop_config.json', DESKTOP);
    const wrapped = await cli('wrap', '--config', config, '--server', 'everything', '--level', 'skeletons', '--budget', '4000');
    expect(wrapped.status, wrapped.stderr).toBe(0);
    const entry = (JSON.parse(readFileSync(config, 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers.everything!;
    expect(entry.args.slice(entry.args.indexOf('proxy') + 1, entry.args.indexOf('--'))).toEqual(['--level', 'skeletons', '--budget', '4000']);
    expect(wrapStateOf({ transport: 'stdio', ...entry })).toMatchObject({ state: 'wrapped', level: 'skeletons', budget: 4000 });
    for (const budget of ['0', 'lots', '1.5']) expect((await cli('wrap', '--config', config, '--server', 'x', '--budget', budget)).status).toBe(2);
    expect((await cli('unwrap', '--config', config, '--server', 'everything')).status).toBe(0);
    expect(readFileSync(config, 'utf8')).toBe(DESKTOP);
  });

  it('writes --no-usage into the entry only when given, and reads it back', async () => {
    const config = write('.config/Claude/claude_desktop_config.json', DESKTOP);
    const flagsOf = () => {
      const entry = (JSON.parse(readFileSync(config, 'utf8')) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers.everything!;
      return { flags: entry.args.slice(entry.args.indexOf('proxy') + 1, entry.args.indexOf('--')), state: wrapStateOf({ transport: 'stdio', ...entry }) };
    };
    expect((await cli('wrap', '--config', config, '--server', 'everything', '--budget', '4000', '--no-usage')).status).toBe(0);
    expect(flagsOf().flags).toEqual(['--budget', '4000', '--no-usage']);
    expect(flagsOf().state).toMatchObject({ state: 'wrapped', budget: 4000, noUsage: true });
    expect((await cli('unwrap', '--config', config, '--server', 'everything')).status).toBe(0);
    expect((await cli('wrap', '--config', config, '--server', 'everything', '--budget', '4000')).status).toBe(0);
    expect(flagsOf().flags).toEqual(['--budget', '4000']);
    expect(flagsOf().state).not.toHaveProperty('noUsage');
  });

  it("--dry-run's diff shows no secret of the file: env values and secret args are ***, the file keeps them", async () => {
    const text = DESKTOP.replace('"--rm",', '"--rm", "--api-key", "k-42",');
    const config = write('.config/Claude/claude_desktop_config.json', text);
    for (const server of ['github', 'everything']) {
      const dry = await cli('wrap', '--config', config, '--server', server, '--dry-run');
      expect(dry.status, dry.stderr).toBe(0);
      expect(dry.stdout).not.toMatch(/ghp_x|k-42/);
    }
    const dry = await cli('wrap', '--config', config, '--server', 'github', '--dry-run');
    expect(dry.stdout).toContain('"GITHUB_PERSONAL_ACCESS_TOKEN": "***"');
    expect(dry.stdout).toContain('"--api-key", "***"');
    expect((await cli('wrap', '--config', config, '--server', 'github')).status).toBe(0);
    expect(readFileSync(config, 'utf8')).toContain('"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_x"');
    expect(readFileSync(config, 'utf8')).toContain('"k-42"');
  });

  it("--dry-run on Codex's TOML hides its secrets too: an env sub-table, an inline env and a URL token are ***", async () => {
    const text = CODEX.replace('"ghcr.io/github/github-mcp-server",', '"ghcr.io/github/github-mcp-server", "--api-key", \'k-42\',').replace(
      'url = "https://mcp.figma.com/mcp"',
      'url = "https://mcp.figma.com/mcp?token=t-77"',
    );
    const config = write('.codex/config.toml', text);
    for (const server of ['github', 'context7', 'bare']) {
      const dry = await cli('wrap', '--config', config, '--server', server, '--dry-run');
      expect(dry.status, dry.stderr).toBe(0);
      expect(dry.stdout).not.toMatch(/ghp_x|k-42|t-77|"value"/);
    }
    const dry = await cli('wrap', '--config', config, '--server', 'github', '--dry-run');
    expect(dry.stdout).toContain('GITHUB_PERSONAL_ACCESS_TOKEN = "***"');
    expect(dry.stdout).toContain('"--api-key", "***"');
    expect((await cli('wrap', '--config', config, '--server', 'github')).status).toBe(0);
    expect(readFileSync(config, 'utf8')).toContain('GITHUB_PERSONAL_ACCESS_TOKEN = "ghp_x"');
  });

  it('keeps the mode (an env with a token is often 0600) for the file and the backup, and follows a link', async () => {
    const real = write('dotfiles/claude.json', DESKTOP);
    chmodSync(real, 0o600);
    const config = join(home, '.config/Claude/claude_desktop_config.json');
    mkdirSync(dirname(config), { recursive: true });
    symlinkSync(real, config);
    const wrapped = await cli('wrap', '--config', config, '--server', 'github');
    expect(wrapped.status, wrapped.stderr).toBe(0);
    expect(lstatSync(config).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toContain(CLI);
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(statSync(backupOf(real, 'github')).mode & 0o777).toBe(0o600);
    expect((await cli('unwrap', '--config', config, '--server', 'github')).status).toBe(0);
    expect(readFileSync(real, 'utf8')).toBe(DESKTOP);
    expect(statSync(real).mode & 0o777).toBe(0o600);
    expect(files(join(home, 'dotfiles'))).toEqual(['claude.json']);
  });

  it('refuses to write a file that changed after it was read, and leaves no backup or temporary file', async () => {
    const config = write('.cursor/mcp.json', DESKTOP);
    const prepared = await prepareWrap({ config, ref: { server: 'everything' }, launcher: { runtime: process.execPath, cli: CLI }, options: {} });
    const edited = DESKTOP.replace('Alt+Space', 'Ctrl+Space');
    writeFileSync(config, edited);
    await expect(commitWrap(prepared)).rejects.toMatchObject({
      code: 'changed-since-read',
      message: `${config} changed while it was being edited (another program wrote it); nothing was written — run it again`,
    });
    expect(readFileSync(config, 'utf8')).toBe(edited);
    expect(files(dirname(config))).toEqual(['mcp.json']);
    expect((await prepareWrap({ config, ref: { server: 'everything' }, launcher: { runtime: process.execPath, cli: CLI }, options: {} })).after).toContain(
      'Ctrl+Space',
    );
  });
});

describe('refusals: exit 1, one line, nothing written', () => {
  it('a read-only (0444) file is refused with why, never replaced — by wrap, its dry run, and unwrap', async () => {
    const config = write('.config/Claude/claude_desktop_config.json', DESKTOP);
    expect((await cli('wrap', '--config', config, '--server', 'everything')).status).toBe(0);
    const wrapped = readFileSync(config, 'utf8');
    chmodSync(config, 0o444);
    const line =
      /^caveman-shrink unwrap: .+claude_desktop_config\.json is read-only \(mode 0444\), so it is left as it is; make it writable \(chmod u\+w\) and run it again — nothing was changed\n$/;
    await expectRefused(cli('unwrap', '--config', config, '--server', 'everything'), config, line);
    expect(readFileSync(config, 'utf8')).toBe(wrapped);
    await expectRefused(cli('wrap', '--config', config, '--server', 'github'), config, /^caveman-shrink wrap: .+ is read-only \(mode 0444\)/);
    await expectRefused(cli('wrap', '--config', config, '--server', 'github', '--dry-run'), config, /is read-only/);
    expect(statSync(config).mode & 0o777).toBe(0o444);
    expect(readFileSync(config, 'utf8')).toBe(wrapped);
  });

  it("the mode is read for this process: its owner's write bit, else its group's, else everyone's (root: any write bit)", () => {
    const read = { path: '/c.json', bytes: Buffer.alloc(0), text: '', mode: 0o644, uid: 501, gid: 20 };
    expect(() => assertWritable(read, { uid: 501, gids: [20] })).not.toThrow();
    expect(() => assertWritable({ ...read, mode: 0o444 }, { uid: 501, gids: [20] })).toThrow('is read-only (mode 0444)');
    expect(() => assertWritable(read, { uid: 502, gids: [20] })).toThrow('is read-only (mode 0644)');
    expect(() => assertWritable({ ...read, mode: 0o664 }, { uid: 502, gids: [20] })).not.toThrow();
    expect(() => assertWritable({ ...read, mode: 0o666 }, { uid: 503, gids: [30] })).not.toThrow();
    expect(() => assertWritable({ ...read, mode: 0o444 }, { uid: 0, gids: [0] })).toThrow('is read-only');
    expect(() => assertWritable({ ...read, mode: 0o400 | 0o020 }, { uid: 0, gids: [0] })).not.toThrow();
  });

  it('a missing file, an unknown format, a missing server (with the servers there are)', async () => {
    const missing = join(home, '.cursor', 'mcp.json');
    await expectRefused(cli('wrap', '--config', missing, '--server', 'x'), missing, /^caveman-shrink wrap: .+\/\.cursor\/mcp\.json does not exist\n$/);
    const settings = write('.config/Code/User/settings.json', '{ "editor.fontSize": 14 }\n');
    await expectRefused(
      cli('wrap', '--config', settings, '--server', 'x'),
      settings,
      /^caveman-shrink wrap: .+settings\.json is not an MCP client config wrap knows: it has no "mcpServers" list/,
    );
    const folder = join(home, '.codeium');
    mkdirSync(folder);
    await expectRefused(cli('wrap', '--config', folder, '--server', 'x'), join(folder, 'x'), /^caveman-shrink wrap: .+\/\.codeium is not a file\n$/);
    const latin1 = join(home, 'latin1.json');
    writeFileSync(latin1, Buffer.from('{"mcpServers": {"caf\xe9": {"command": "x"}}}', 'latin1'));
    await expectRefused(
      cli('wrap', '--config', latin1, '--server', 'x'),
      latin1,
      /^caveman-shrink wrap: .+latin1\.json is not UTF-8 text, as every MCP client config is\n$/,
    );
    const config = write('.config/Claude/claude_desktop_config.json', DESKTOP);
    await expectRefused(
      cli('wrap', '--config', config, '--server', 'evrything'),
      config,
      /^caveman-shrink wrap: no server "evrything" in .+; it lists: everything, github\n$/,
    );
    await expectRefused(cli('unwrap', '--config', config, '--server', 'evrything'), config, /^caveman-shrink unwrap: no server "evrything"/);
  });

  it('wrapping twice, a backup in the way, unwrapping what is not wrapped', async () => {
    const config = write('.config/Claude/claude_desktop_config.json', DESKTOP);
    await expectRefused(
      cli('unwrap', '--config', config, '--server', 'everything'),
      config,
      /^caveman-shrink unwrap: "everything" in .+ does not start through caveman-shrink proxy: nothing to unwrap\n$/,
    );
    writeFileSync(backupOf(config, 'everything'), 'an old backup');
    await expectRefused(
      cli('wrap', '--config', config, '--server', 'everything'),
      config,
      /^caveman-shrink wrap: a backup from an earlier wrap of this server is in the way: .+everything\.bak \(unwrap first, or move it away\); nothing was changed\n$/,
    );
    rmSync(backupOf(config, 'everything'));
    expect((await cli('wrap', '--config', config, '--server', 'everything')).status).toBe(0);
    await expectRefused(
      cli('wrap', '--config', config, '--server', 'everything'),
      config,
      /^caveman-shrink wrap: "everything" in .+ already starts through caveman-shrink proxy \(it serves npx -y @modelcontextprotocol\/server-everything\): nothing was changed\n$/,
    );
  });

  it('unwrap after the entry was edited, or with its backup gone', async () => {
    const config = write('.config/Claude/claude_desktop_config.json', DESKTOP);
    expect((await cli('wrap', '--config', config, '--server', 'everything')).status).toBe(0);
    const wrapped = readFileSync(config, 'utf8');
    writeFileSync(config, wrapped.replace('"@modelcontextprotocol/server-everything"\n', '"@modelcontextprotocol/server-everything@1"\n'));
    await expectRefused(
      cli('unwrap', '--config', config, '--server', 'everything'),
      config,
      /^caveman-shrink unwrap: "everything" changed since it was wrapped \(it now serves .+@1, the backup has .+\); unwrapping would lose that change, so nothing was changed — its text before the wrap is in .+everything\.bak\n$/,
    );
    writeFileSync(config, wrapped);
    rmSync(backupOf(config, 'everything'));
    await expectRefused(
      cli('unwrap', '--config', config, '--server', 'everything'),
      config,
      /^caveman-shrink unwrap: "everything" starts through the proxy, but the backup its wrap left \(.+\) is gone, so its original text is not known; it serves npx -y @modelcontextprotocol\/server-everything: edit the entry by hand\n$/,
    );
  });

  it('Claude Code: a name in two projects needs --project', async () => {
    const config = write(
      '.claude.json',
      JSON.stringify({ projects: { '/a': { mcpServers: { m: { command: 'x' } } }, '/b': { mcpServers: { m: { command: 'y' } } } } }),
    );
    await expectRefused(
      cli('wrap', '--config', config, '--server', 'm'),
      config,
      /^caveman-shrink wrap: "m" is in 2 projects of .+ \(\/a, \/b\): name one with --project\n$/,
    );
    const wrapped = await cli('wrap', '--config', config, '--server', 'm', '--project', '/b');
    expect(wrapped.status, wrapped.stderr).toBe(0);
    expect(wrapped.stdout).toMatch(/^wrapped "m" \(project \/b\) in /);
    expect(wrapped.stdout).toMatch(/\.claude\.json\.caveman-shrink-m-[0-9a-f]{8}\.bak/);
    expect((await cli('unwrap', '--config', config, '--server', 'm', '--project', '/b')).status).toBe(0);
  });
});

describe('usage mistakes: exit 2', () => {
  it('no --config or --server, a level that does not exist', async () => {
    for (const args of [
      ['wrap', '--server', 'x'],
      ['wrap', '--config', 'c.json'],
      ['unwrap', '--config', 'c.json'],
      ['wrap', '--config', 'c.json', '--server', 'x', '--level', 'tiny'],
    ]) {
      const run = await cli(...args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^error: /);
    }
  });

  it('an option the proxy of this install does not take is refused before anything is read', async () => {
    const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough() };
    const launcher = { runtime: process.execPath, cli: CLI };
    await expect(runWrapCommand({ config: join(home, 'none.json'), server: 'x', level: 'leads' }, io, ['--env', '--name'], launcher)).rejects.toThrow(
      new UsageError("this install's proxy does not take --level, so a server wrapped with it would not start"),
    );
    await expect(runWrapCommand({ config: join(home, 'none.json'), server: 'x', includeTools: ['a'] }, io, ['--level'], launcher)).rejects.toThrow(UsageError);
    // With the options known, the same call reads the file (and refuses: there is none).
    expect(await runWrapCommand({ config: join(home, 'none.json'), server: 'x', level: 'leads' }, io, ['--level'], launcher)).toBe(1);
  });
});
