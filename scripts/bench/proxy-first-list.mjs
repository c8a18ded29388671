// How long a client waits for its first tools/list through the proxy: from
// starting `caveman-shrink proxy` to the answer, the client sending
// initialize at once and tools/list as soon as initialize is answered (as
// real clients do). On a generated 3.6 MB catalog of 344 tools served by
// test/fixtures/mcp/raw-line-server.mjs; cold starts each use a new store
// (a listing never seen), warm starts one store that has seen it; direct
// starts run the server alone, the floor the proxy is measured against.
//
// With --catalog FILE, that catalog's tools are served instead, to
// see what a small server costs a client that races its first request.
//
//   npm run build && node scripts/bench/proxy-first-list.mjs [--runs 20] [--cli out/main/cli.js] [--catalog FILE]

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCatalog } from './generate-catalog.mjs';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const flag = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const cli = resolve(flag('cli', join(repo, 'out/main/cli.js')));
const runs = Number(flag('runs', '20'));
const named = flag('catalog', undefined);
const TOOLS = 344;

/** The bench's generated catalog regrouped into TOOLS larger tools (about 10 KB each, as large real servers write them). */
function largeToolCatalog() {
  const small = JSON.parse(generateCatalog(6.5e6, 7)).tools;
  const tools = [];
  for (let n = 0; n < TOOLS; n++) {
    const group = small.slice(Math.floor((n * small.length) / TOOLS), Math.floor(((n + 1) * small.length) / TOOLS));
    const [first, ...rest] = group;
    const properties = { ...first.inputSchema.properties };
    rest.forEach((tool, k) => Object.entries(tool.inputSchema.properties).forEach(([key, value]) => (properties[`${key}_${k + 2}`] = value)));
    tools.push({ ...first, description: group.map((tool) => tool.description).join(' '), inputSchema: { ...first.inputSchema, properties } });
  }
  return JSON.stringify({ tools });
}

/** Milliseconds from starting the proxy (or, without a store, the server itself) to the client's tools/list answer. */
function firstList(storeDir, catalog) {
  return new Promise((done, fail) => {
    const started = performance.now();
    const server = [join(repo, 'test/fixtures/mcp/raw-line-server.mjs'), catalog];
    const args = storeDir === undefined ? server : [cli, 'proxy', '--store', join(storeDir, 'ccr.db'), '--', process.execPath, ...server];
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    const chunks = [];
    child.stdout.on('data', (chunk) => {
      chunks.push(chunk);
      if (!chunk.includes(0x0a)) return;
      const lines = Buffer.concat(chunks).toString('utf8').split('\n');
      chunks.length = 0;
      if (lines.at(-1) !== '') chunks.push(Buffer.from(lines.at(-1)));
      for (const line of lines.slice(0, -1)) {
        if (line.startsWith('{"jsonrpc":"2.0","id":1,')) {
          send({ method: 'notifications/initialized' });
          send({ id: 2, method: 'tools/list' });
        } else if (line.includes('"id":2,')) {
          const elapsed = performance.now() - started;
          child.stdin.end();
          child.once('close', () => done(elapsed));
        }
      }
    });
    child.once('error', fail);
    send({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'first-list', version: '1' } } });
  });
}

const figures = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(2)} s, max ${(sorted.at(-1) / 1000).toFixed(2)} s`;
};

const dir = mkdtempSync(join(tmpdir(), 'caveman-first-list-'));
try {
  const catalog = join(dir, 'catalog.json');
  // One line: the server writes the listing as a single JSON-RPC message.
  const text = named === undefined ? largeToolCatalog() : JSON.stringify({ tools: JSON.parse(readFileSync(named, 'utf8')).tools });
  writeFileSync(catalog, text);
  const direct = [];
  for (let n = 0; n < runs; n++) direct.push(await firstList(undefined, catalog));
  const cold = [];
  for (let n = 0; n < runs; n++) {
    const store = mkdtempSync(join(dir, 'cold-'));
    cold.push(await firstList(store, catalog));
  }
  const warmStore = mkdtempSync(join(dir, 'warm-'));
  await firstList(warmStore, catalog);
  const warm = [];
  for (let n = 0; n < runs; n++) warm.push(await firstList(warmStore, catalog));
  const tools = named === undefined ? TOOLS : JSON.parse(text).tools.length;
  console.log(`first tools/list through the proxy, ${(text.length / 1e6).toFixed(1)} MB, ${tools} tools, ${runs} starts each:`);
  console.log(`  direct (the server alone, no proxy): ${figures(direct)}`);
  console.log(`  cold (a listing never seen): ${figures(cold)}`);
  console.log(`  warm (seen before, same options): ${figures(warm)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
