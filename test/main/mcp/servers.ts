// Real MCP servers for the tests: the npm packages (devDependencies) run
// with this Node and their bin file — never through npx — and the tiny
// server we control (test/fixtures/mcp/tiny-server.mjs). Plus the reference
// listing: what the SDK's own Client lists, every page.

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpTarget } from '../../../src/main/mcp/connection/server-target';

const require = createRequire(import.meta.url);
export const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** The bin file an npm package declares (its first, or the only one). */
export function packageBin(name: string): string {
  const manifestPath = require.resolve(`${name}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0]!;
  return join(dirname(manifestPath), bin);
}

export const EVERYTHING_BIN = packageBin('@modelcontextprotocol/server-everything');
export const FILESYSTEM_BIN = packageBin('@modelcontextprotocol/server-filesystem');
export const TINY_SERVER = join(REPO, 'test/fixtures/mcp/tiny-server.mjs');

export const node = (script: string, ...args: string[]): McpTarget => ({ transport: 'stdio', command: process.execPath, args: [script, ...args] });

export function transportFor(target: McpTarget): Transport {
  if (target.transport === 'stdio')
    return new StdioClientTransport({
      command: target.command,
      args: target.args,
      env: { ...(process.env as Record<string, string>), ...target.env },
      stderr: 'ignore',
    });
  return new StreamableHTTPClientTransport(new URL(target.url));
}

/** Every tool the SDK's Client lists (client.listTools, following nextCursor). */
export async function sdkListAll(target: McpTarget): Promise<{ tools: unknown[]; pages: number }> {
  const client = new Client({ name: 'reference', version: '1' });
  await client.connect(transportFor(target));
  try {
    const tools: unknown[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      tools.push(...page.tools);
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== undefined);
    return { tools, pages };
  } finally {
    await client.close();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** server-everything over streamable HTTP on a free port; resolves once it listens. */
export async function startHttpEverything(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [EVERYTHING_BIN, 'streamableHttp'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolveStart, reject) => {
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      if (stderr.includes('listening on port')) resolveStart();
    });
    child.once('exit', (code) => reject(new Error(`server-everything exited (${code}): ${stderr}`)));
  });
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => void child.kill() };
}

export const HTTP_SERVER = join(REPO, 'test/fixtures/mcp/http-server.mjs');

/** Our SDK-built HTTP server (test/fixtures/mcp/http-server.mjs) on a port of its own; resolves with its URL once it listens. */
export async function startHttpServer(mode: 'streamable' | 'sse'): Promise<{ url: string; stop(): void }> {
  const child: ChildProcess = spawn(process.execPath, [HTTP_SERVER, mode], { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await new Promise<string>((resolveStart, reject) => {
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
      const listening = /listening on (\S+)/.exec(stderr);
      if (listening) resolveStart(listening[1]!);
    });
    child.once('exit', (code) => reject(new Error(`http-server ${mode} exited (${code}): ${stderr}`)));
  });
  return { url, stop: () => void child.kill() };
}
