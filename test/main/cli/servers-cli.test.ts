// `caveman-shrink servers` on a temporary home (Claude Desktop, Claude Code
// and VS Code configs) and a project folder with a .vscode/mcp.json, run as
// a process from that folder: the listing (client, name, wrapped or not,
// file, command with secrets redacted; nothing started), --measure (each
// server's cost as the model sees it, per client and in all; the project's
// server only when allowed), and `mcp --config FILE --server NAME`.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliArgv, runCommand } from '../../helpers/cli';
import { TINY_SERVER } from '../mcp/servers';
import { LEVELS } from '../../../src/shared/levels';

let dir: string;
let home: string;
let project: string;
let marker: string;
const tiny = (...args: string[]) => ({ command: process.execPath, args: [TINY_SERVER, ...args] });

beforeAll(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'caveman-servers-cli-')));
  home = join(dir, 'home');
  project = join(dir, 'app');
  marker = join(dir, 'project-server-started');
  write(
    join(home, '.config/Claude/claude_desktop_config.json'),
    JSON.stringify({ mcpServers: { small: tiny('--tools', '2'), second: tiny('--tools', '1') } }, null, 2),
  );
  write(join(home, '.claude.json'), JSON.stringify({ mcpServers: { keyed: tiny('--tools', '3', '--api-key', 'sk-live-abcdefghijklmnop1234') } }));
  write(join(home, '.config/Code/User/mcp.json'), JSON.stringify({ servers: { remote: { type: 'http', url: 'http://user:pw@127.0.0.1:9/mcp?key=s3cret' } } }));
  const leavesMark = {
    command: process.execPath,
    args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); import(${JSON.stringify(TINY_SERVER)})`],
  };
  write(join(project, '.vscode/mcp.json'), JSON.stringify({ servers: { theirs: leavesMark } }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** The CLI as its own process, from the project folder, with the temporary home; stdin is not a terminal. */
function servers(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliArgv(), 'servers', ...args], {
      cwd: project,
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let [stdout, stderr] = ['', ''];
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const rowsOf = (table: string) => table.split('\n').map((line) => line.split(/\s{2,}/));

describe('caveman-shrink servers', () => {
  it('lists every server of the known configs: client, name, state, file and command with its secrets redacted; starts nothing', async () => {
    const run = await servers();
    expect(run.status, run.stderr).toBe(0);
    const rows = rowsOf(run.stdout);
    expect(rows[0]).toEqual(['CLIENT', 'NAME', 'STATE', 'FILE', 'COMMAND']);
    expect(rows.slice(1, 6).map((row) => row.slice(0, 4))).toEqual([
      ['Claude Desktop', 'small', 'direct', join(home, '.config/Claude/claude_desktop_config.json')],
      ['Claude Desktop', 'second', 'direct', join(home, '.config/Claude/claude_desktop_config.json')],
      ['Claude Code', 'keyed', 'direct', join(home, '.claude.json')],
      ['VS Code', 'remote', 'URL (http)', join(home, '.config/Code/User/mcp.json')],
      ['VS Code (project)', 'theirs', 'direct', join(project, '.vscode/mcp.json')],
    ]);
    expect(rows[3]![4]).toBe(`${process.execPath} ${TINY_SERVER} --tools 3 --api-key ***`);
    expect(rows[4]![4]).toBe('http://***@127.0.0.1:9/mcp?key=***');
    expect(run.stdout).not.toMatch(/sk-live|s3cret|user:pw/);
    expect(run.stdout.endsWith('5 servers in 4 config files\n')).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });

  it('shows a wrapped entry as wrapped, with its level', async () => {
    const config = join(home, '.config/Claude/claude_desktop_config.json');
    const launcher = { runtime: realpathSync(process.execPath), cli: resolve(process.env.CAVEMAN_CLI ?? 'out/main/cli.js') };
    const wrapped = await runCommand(['wrap', '--config', config, '--server', 'small', '--level', 'signatures'], { env: { HOME: home }, launcher });
    expect(wrapped.status, wrapped.stderr).toBe(0);
    try {
      expect(rowsOf((await servers()).stdout)[1]!.slice(0, 3)).toEqual(['Claude Desktop', 'small', 'wrapped · signatures']);
    } finally {
      expect((await runCommand(['unwrap', '--config', config, '--server', 'small'], { env: { HOME: home } })).status).toBe(0);
    }
  });

  it("--measure: each server as the model sees it, as configured and at each level, per client and in all; a project file's server \
only when allowed", async () => {
    const run = await servers('--measure');
    expect(run.status, run.stderr).toBe(0);
    const rows = rowsOf(run.stdout);
    expect(rows[0]).toEqual(['CLIENT', 'SERVER', 'TOOLS', 'AS CONFIGURED', ...LEVELS.map((level) => level.toUpperCase())]);
    const names = rows.slice(1, 6).map((row) => row.slice(0, 3));
    expect(names).toEqual([
      ['Claude Desktop', 'small', '4'],
      ['Claude Desktop', 'second', '3'],
      ['Claude Desktop', 'total (2)', '7'],
      ['Claude Code', 'keyed', '5'],
      ['all configs', 'total (3)', '12'],
    ]);
    const figures = (row: string[]) => row.slice(3).map((cell) => Number(cell.replace(/,/g, '')));
    const [small, second, desktop, keyed, all] = [1, 2, 3, 4, 5].map((at) => figures(rows[at]!)) as [number[], number[], number[], number[], number[]];
    expect(desktop).toEqual(small.map((value, i) => value + second[i]!));
    expect(all).toEqual(desktop.map((value, i) => value + keyed[i]!));
    // Direct: as configured is the listing itself, more than the proxy lists at signatures.
    expect(small[0]!).toBeGreaterThan(small[1 + LEVELS.indexOf('signatures')]!);
    expect(run.stdout).toContain('tokens per request as the model sees them: the anthropic rendering (what Claude is sent), inferred, o200k_base');
    // Claude Code's model sees the names only: the table says what its figures stand for.
    expect(run.stdout).toContain("Claude Code defers MCP tools: on every request the model sees only the tools' names");
    expect(run.stderr).toContain(`theirs (${join(project, '.vscode/mcp.json')}): ${process.execPath} -e`);
    expect(run.stderr).toContain("theirs: not measured (a project's file: not confirmed (run on a terminal, or add --run-project-servers))");
    expect(run.stderr).toMatch(/remote: not measured \(could not .+http:\/\/\*\*\*@127\.0\.0\.1:9\/mcp\?key=\*\*\*/);
    expect(run.stderr).not.toMatch(/s3cret|user:pw|sk-live/);
    expect(existsSync(marker)).toBe(false);

    const allowed = await servers('--measure', '--run-project-servers');
    expect(rowsOf(allowed.stdout).map((row) => row[1])).toContain('theirs');
    expect(existsSync(marker)).toBe(true);
  });
});

describe('caveman-shrink mcp --config FILE --server NAME', () => {
  it('lists and shrinks that server as `mcp -- COMMAND` would, labelled with its name', async () => {
    const config = join(home, '.claude.json');
    const byName = await runCommand(['mcp', '--config', config, '--server', 'keyed', '--store', join(dir, 'a.db')], { env: { HOME: home } });
    const byCommand = await runCommand([
      'mcp',
      '--store',
      join(dir, 'b.db'),
      '--',
      process.execPath,
      TINY_SERVER,
      '--tools',
      '3',
      '--api-key',
      'sk-live-abcdefghijklmnop1234',
    ]);
    expect(byName.status, byName.stderr).toBe(0);
    expect(byName.stdout.equals(byCommand.stdout)).toBe(true);
  });

  it('a name the file does not list, or --config without --server', async () => {
    const config = join(home, '.claude.json');
    const missing = await runCommand(['mcp', '--config', config, '--server', 'nope'], { env: { HOME: home } });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toBe(`caveman-shrink mcp: no server "nope" in ${config}; it lists: keyed; nothing was printed or stored\n`);
    expect((await runCommand(['mcp', '--config', config])).status).toBe(2);
  });
});
