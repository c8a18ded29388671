// Measures how responsive the process that serves the UI stays while it
// shrinks a 32 MiB catalog: starts the built browser host with
// --event-loop-report, sends the catalog the way the renderer does, waits for
// the job, fetches what the UI fetches next (per-tool report, the diff with
// both pretty texts, history), and prints the largest event-loop stall of the
// host process.
//
//   npm run build && node scripts/measure-responsiveness.mjs [--mib 32]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCatalog } from './bench/generate-catalog.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { mib: { type: 'string', default: '32' } } });
const targetBytes = Math.min(Number(values.mib) * 1024 * 1024, 32 * 1024 * 1024);

const dir = mkdtempSync(join(tmpdir(), 'caveman-responsiveness-'));
const host = spawn(
  process.execPath,
  [
    ...(process.env.CAVEMAN_HOST_NODE_ARGS ? process.env.CAVEMAN_HOST_NODE_ARGS.split(' ') : []),
    join(root, 'out/main/web-host.js'),
    '--port',
    '0',
    '--store',
    join(dir, 'ccr.db'),
    '--event-loop-report',
  ],
  {
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
const stderrLines = [];
let stderrBuffer = '';
host.stderr.setEncoding('utf8').on('data', (chunk) => {
  if (process.env.CAVEMAN_SHOW_HOST_STDERR) process.stderr.write(chunk);
  stderrBuffer += chunk;
  let newline;
  while ((newline = stderrBuffer.indexOf('\n')) !== -1) {
    stderrLines.push(stderrBuffer.slice(0, newline));
    stderrBuffer = stderrBuffer.slice(newline + 1);
  }
});

function cleanUp() {
  host.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

async function eventLoopReport() {
  const seen = stderrLines.length;
  host.kill('SIGUSR2');
  for (let waited = 0; waited < 5000; waited += 20) {
    const line = stderrLines.slice(seen).find((l) => l.startsWith('event-loop: '));
    if (line) return JSON.parse(line.slice('event-loop: '.length));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the host did not report its event loop');
}

try {
  const url = await new Promise((resolve, reject) => {
    host.stdout.setEncoding('utf8').on('data', (text) => {
      if (process.env.CAVEMAN_SHOW_HOST_STDOUT) process.stderr.write(text);
      const match = /running at (\S+)/.exec(text);
      if (match) resolve(match[1]);
    });
    host.on('exit', (code) => reject(new Error(`the host exited (${code}): ${stderrLines.join('\n')}`)));
  });
  const origin = new URL(url).origin;
  const token = new URL(url).searchParams.get('token');
  const headers = { 'x-caveman-token': token };

  const catalog = Buffer.from(generateCatalog(targetBytes));
  console.log(`catalog: ${(catalog.length / 1024 / 1024).toFixed(2)} MiB (generated, deterministic)`);

  // The event stream, as the renderer reads it.
  const events = await fetch(`${origin}/api/events`, { headers });
  const reader = events.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  const nextEvent = async () => {
    for (;;) {
      const newline = pending.indexOf('\n');
      if (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line.trim()) return JSON.parse(line);
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended');
      pending += value;
    }
  };
  const hello = await nextEvent();
  const client = { ...headers, 'x-caveman-client': hello.clientId };

  await eventLoopReport(); // start measuring from here
  const started = performance.now();
  const call = async (channel, body) => {
    const response = await fetch(`${origin}/api/${channel}`, {
      method: 'POST',
      headers: { ...client, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${channel}: ${response.status} ${await response.text()}`);
    return response;
  };
  const analyze = await fetch(`${origin}/api/catalog:analyze`, {
    method: 'POST',
    headers: {
      ...client,
      'content-type': 'application/octet-stream',
      'x-caveman-params': encodeURIComponent(JSON.stringify({ name: 'generated-32MiB.json', tokenizer: 'o200k_base' })),
    },
    body: catalog,
  });
  const { value: job } = await analyze.json();
  let progressEvents = 0;
  let outcome;
  for (;;) {
    const event = await nextEvent();
    if (event.event === 'jobProgress' && event.payload.jobId === job.jobId) progressEvents++;
    if (event.event === 'jobFinished' && event.payload.jobId === job.jobId) {
      outcome = event.payload.outcome;
      break;
    }
  }
  const jobSeconds = (performance.now() - started) / 1000;
  if (!outcome.ok) throw new Error(`the shrink failed: ${outcome.error.message}`);
  const lint = JSON.parse(Buffer.from(await (await call('catalog:lint', { analysisId: outcome.analysisId })).arrayBuffer()).toString('utf8'));
  // The diff's layout and both pretty texts, in one envelope (src/shared/ipc/diff-envelope.ts).
  const diff = await (await call('catalog:diff', { analysisId: outcome.analysisId })).arrayBuffer();
  await (await call('history:list', { limit: 200, offset: 0 })).json();
  const totalSeconds = (performance.now() - started) / 1000;
  const loop = await eventLoopReport();

  console.log(
    `shrink job: ${jobSeconds.toFixed(2)} s (${progressEvents} progress events), tokens ` +
      `${outcome.report.tokens_before} → ${outcome.report.tokens_after}, ${outcome.toolCount} tools`,
  );
  console.log(
    `then fetched: per-tool report (${lint.tools.length} rows), diff with both pretty texts ` +
      `${(diff.byteLength / 1048576).toFixed(1)} MiB, history — ${totalSeconds.toFixed(2)} s in all`,
  );
  console.log(`host event loop during all of it: max stall ${loop.maxMs} ms, p99 ${loop.p99Ms} ms, mean ${loop.meanMs} ms (${loop.samples} samples)`);
  console.log(loop.maxMs <= 50 ? 'within the 50 ms goal' : 'ABOVE the 50 ms goal');
  await reader.cancel();
} finally {
  cleanUp();
}
