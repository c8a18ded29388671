// The proxy under load, as a process, against test/fixtures/mcp/raw-line-server.mjs:
//
//   memory  a client that stops reading while the server sends 150 × 10 MiB
//           notifications: the proxy's peak RSS (VmHWM), and whether Node
//           warned MaxListenersExceededWarning.
//   storm   the server sends 1,000 notifications/tools/list_changed at once
//           after the client listed; pings every 20 ms meanwhile: their
//           latency (p50, max), the re-listings the server was asked for and
//           the list_changed the client got.
//
//   npm run build && node scripts/bench/proxy-load.mjs memory|storm [--cli out/main/cli.js]
//
// --cli names another build (an older checkout's out/main/cli.js) to compare.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const mode = process.argv[2];
const cliAt = process.argv.indexOf('--cli');
const cli = resolve(cliAt > 0 ? process.argv[cliAt + 1] : join(repo, 'out/main/cli.js'));
const server = [process.execPath, join(repo, 'test/fixtures/mcp/raw-line-server.mjs')];
const INITIALIZE = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'proxy-load', version: '1' } };

/** Starts the proxy; `lines` receives each stdout line, `stderr` collects stderr. */
function startProxy(onLine) {
  const dir = mkdtempSync(join(tmpdir(), 'caveman-proxy-load-'));
  const child = spawn(process.execPath, [cli, 'proxy', '--store', join(dir, 'ccr.db'), '--', ...server], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
  let partial = '';
  child.stdout.setEncoding('utf8').on('data', (text) => {
    const parts = (partial + text).split('\n');
    partial = parts.pop();
    for (const line of parts) onLine(line);
  });
  const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  const stop = async () => {
    child.stdin.end();
    child.stdout.resume();
    await new Promise((done) => child.once('close', done));
    rmSync(dir, { recursive: true, force: true });
  };
  return { child, send, stderr: () => stderr, stop };
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const peakRssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
};

async function memory() {
  const answers = [];
  const proxy = startProxy((line) => answers.push(line.length < 200 ? JSON.parse(line) : { bytes: line.length }));
  proxy.send({ id: 1, method: 'initialize', params: INITIALIZE });
  while (answers.length === 0) await sleep(10);
  proxy.child.stdout.pause(); // the client stops reading
  proxy.send({ id: 2, method: 'tools/call', params: { name: 'flood', arguments: { count: 150, mib: 10 } } });
  let peak = 0;
  for (let n = 0; n < 100; n++) {
    await sleep(100);
    peak = Math.max(peak, peakRssMiB(proxy.child.pid));
  }
  console.log(`memory: the proxy's peak RSS with a client that stopped reading while the server sent 150 × 10 MiB: ${peak.toFixed(0)} MiB`);
  const warned = proxy.stderr().includes('MaxListenersExceededWarning');
  proxy.child.kill('SIGKILL');
  await proxy.stop();
  console.log(`memory: MaxListenersExceededWarning on stderr: ${warned ? 'yes' : 'no'}`);
}

async function storm() {
  const pings = new Map();
  const latencies = [];
  let changed = 0;
  let stormDone = false;
  const waiting = new Map();
  const proxy = startProxy((line) => {
    const message = JSON.parse(line);
    if (message.method === 'notifications/tools/list_changed') changed++;
    if (pings.has(message.id)) latencies.push(performance.now() - pings.get(message.id));
    if (message.id === 'storm') stormDone = true;
    waiting.get(message.id)?.(message);
  });
  const ask = (id, method, params) => new Promise((done) => (waiting.set(id, done), proxy.send({ id, method, ...(params ? { params } : {}) })));
  await ask('init', 'initialize', INITIALIZE);
  await ask('list', 'tools/list');
  proxy.send({ id: 'storm', method: 'tools/call', params: { name: 'storm', arguments: { count: 1000 } } });
  for (let n = 0; n < 150 && !(stormDone && n > 50); n++) {
    const id = `ping-${n}`;
    pings.set(id, performance.now());
    proxy.send({ id, method: 'ping' });
    await sleep(20);
  }
  await sleep(2000);
  const sorted = [...latencies].sort((a, b) => a - b);
  const relisted = (proxy.stderr().match(/tools\/list (shrunk|served|passed)/g) ?? []).length - 1;
  console.log(
    `storm: ${sorted.length} pings during 1,000 list_changed: p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, ` +
      `max ${sorted.at(-1).toFixed(1)} ms; re-listings ${relisted}; list_changed to the client ${changed}`,
  );
  await proxy.stop();
}

if (mode === 'memory') await memory();
else if (mode === 'storm') await storm();
else {
  console.error('usage: node scripts/bench/proxy-load.mjs memory|storm [--cli PATH]');
  process.exit(2);
}
