// The browser host's command line, and the entry itself once the services
// factory exists: one stdout line with the address, a clean exit on SIGTERM.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseWebHostArgs } from '../../../src/main/web-host/web-host-args';
import { send } from './harness';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

describe('web-host arguments', () => {
  it('defaults to any free port, the default store and the built renderer', () => {
    expect(parseWebHostArgs([])).toEqual({
      port: 0,
      storePath: undefined,
      rendererDir: undefined,
      allowCommands: false,
      eventLoopReport: false,
      files: [],
      help: false,
    });
  });

  it('reads --port, --store and --renderer', () => {
    expect(parseWebHostArgs(['--port', '8123', '--store', '/tmp/x.db', '--renderer=/tmp/r'])).toEqual({
      port: 8123,
      storePath: '/tmp/x.db',
      rendererDir: '/tmp/r',
      allowCommands: false,
      eventLoopReport: false,
      files: [],
      help: false,
    });
    expect(parseWebHostArgs(['--help']).help).toBe(true);
  });

  it('takes the other arguments as catalog files to open, relative to where the command was typed', () => {
    expect(parseWebHostArgs(['a.json', '--port', '9', '/abs/b.json', '--', '-dash.json'], '/home/me/work').files).toEqual([
      '/home/me/work/a.json',
      '/abs/b.json',
      '/home/me/work/-dash.json',
    ]);
  });

  it('refuses bad usage with a readable message', () => {
    for (const argv of [['--port', '-1'], ['--port', '65536'], ['--port', 'x'], ['--port', '1.5'], ['--store', ''], ['--nope']]) {
      expect(() => parseWebHostArgs(argv), argv.join(' ')).toThrow();
    }
  });
});

// Runs only once src/main/services/app-services.ts exists (the lead is writing it).
const hasServices = existsSync(join(repo, 'src/main/services/app-services.ts'));

describe.skipIf(!hasServices)('web-host entry', () => {
  it('prints one line with the address, serves it, and exits 0 on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caveman-web-host-main-'));
    try {
      mkdirSync(join(dir, 'renderer'));
      writeFileSync(join(dir, 'renderer', 'index.html'), '<html><head></head><body></body></html>');
      const built = process.env.CAVEMAN_WEB_HOST;
      const argv = built ? [resolve(repo, built)] : ['--import', 'tsx', join(repo, 'src/main/web-host/main.ts')];
      const child = spawn(process.execPath, [...argv, '--port', '0', '--store', join(dir, 'ccr.db'), '--renderer', join(dir, 'renderer')], {
        cwd: repo,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
      const line = await new Promise<string>((done, fail) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString('utf8');
          if (stdout.includes('\n')) done(stdout.slice(0, stdout.indexOf('\n')));
        });
        void exited.then((code) => fail(new Error(`exited ${code} before printing: ${stderr}`)));
      });
      const match = /^Caveman Shrink is running at (http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+))$/.exec(line);
      expect(match, line).not.toBeNull();
      const port = Number(match![2]);
      const redirect = await send(port, `/?token=${match![3]}`);
      expect(redirect.status).toBe(303);
      const info = await send(port, '/api/app:info', {
        method: 'POST',
        headers: { 'x-caveman-token': match![3], 'content-type': 'application/json' },
        body: '{}',
      });
      expect(info.json()).toMatchObject({ ok: true, value: { platform: 'browser' } });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stdout).toBe(`${line}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('web-host --event-loop-report', () => {
  it('is off by default and on with the flag', () => {
    expect(parseWebHostArgs(['--event-loop-report']).eventLoopReport).toBe(true);
  });
});

describe('web-host --allow-commands', () => {
  it('is off by default and on with the flag', () => {
    expect(parseWebHostArgs([]).allowCommands).toBe(false);
    expect(parseWebHostArgs(['--allow-commands']).allowCommands).toBe(true);
  });
});
