// Times an app analysis the way the app runs it: a fresh process starts the
// built job worker (out/main/job-worker.js), sends it a generated catalog as
// an `analyze` call, and waits for the answer (shrink, per-tool report,
// guarantee checks, diff, transfer back). Each run is a fresh process, so its
// peak RSS (VmHWM, worker threads included) is that analysis's alone; a tiny
// catalog is analysed first so the vocabulary load is not timed.
//
// With --before DIR (a copy of `out/` from an earlier build, inside the
// project so it finds node_modules, e.g. scratch/out-before) both builds run
// interleaved in the same minutes, and the ratio after/before is printed:
// absolute times on a shared machine are noise, ratios within a run are not.
//
//   npm run build && node scripts/measure-analysis.mjs [--mib 32] [--runs 5] [--before scratch/out-before]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { generateCatalog } from './bench/generate-catalog.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    mib: { type: 'string', default: '32' },
    runs: { type: 'string', default: '5' },
    before: { type: 'string' },
    after: { type: 'string', default: join(root, 'out') },
    child: { type: 'string' },
    catalog: { type: 'string' },
  },
});

if (values.child) {
  await child(values.child, values.catalog);
} else {
  await parent();
}

/** One analysis in this process; prints {ms, rssMb} as JSON. */
async function child(outDir, catalogPath) {
  const store = mkdtempSync(join(tmpdir(), 'caveman-measure-analysis-'));
  const worker = new Worker(pathToFileURL(join(outDir, 'main/job-worker.js')), {
    workerData: { storePath: join(store, 'ccr.db'), maxBytesSetting: undefined },
  });
  let nextId = 1;
  const call = (bytes) =>
    new Promise((resolvePromise, reject) => {
      const id = nextId++;
      const onMessage = (message) => {
        if (message.id !== id || message.type === 'progress') return;
        worker.off('message', onMessage);
        if (message.type === 'error') reject(new Error(message.error.message));
        else resolvePromise(message.value);
      };
      worker.on('message', onMessage);
      worker.postMessage({ type: 'call', id, op: 'analyze', args: { analysisId: `a${id}`, name: 'catalog.json', tokenizer: 'o200k_base', bytes } }, [
        bytes.buffer,
      ]);
    });
  try {
    await call(new TextEncoder().encode(generateCatalog(16 * 1024)));
    const bytes = new Uint8Array(readFileSync(catalogPath));
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const product = await call(bytes);
    const ms = performance.now() - started;
    // CPU time of every thread of this process: far less sensitive to a busy machine than wall time.
    const cpu = process.cpuUsage(cpuStarted);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    if (!product.outcome.ok) throw new Error(`the analysis failed: ${product.outcome.error.message}`);
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    const { tokens_before: before, tokens_after: after } = product.outcome.report;
    console.log(JSON.stringify({ ms, cpuMs, rssMb: hwm ? Number(hwm[1]) / 1024 : null, tokens: `${before} → ${after}` }));
  } finally {
    await worker.terminate();
    rmSync(store, { recursive: true, force: true });
  }
}

async function parent() {
  const runs = Math.max(1, Number(values.runs));
  const targetBytes = Math.min(Number(values.mib) * 1024 * 1024, 32 * 1024 * 1024);
  const dir = mkdtempSync(join(tmpdir(), 'caveman-measure-catalog-'));
  const catalogPath = join(dir, 'catalog.json');
  writeFileSync(catalogPath, generateCatalog(targetBytes));
  const builds = [...(values.before ? [{ label: 'before', dir: resolve(values.before) }] : []), { label: 'after', dir: resolve(values.after) }];
  const results = new Map(builds.map((build) => [build.label, []]));
  try {
    console.log(`catalog: ${(targetBytes / 1024 / 1024).toFixed(2)} MiB (generated), ${runs} runs per build, interleaved`);
    for (let run = 0; run < runs; run++) {
      // Alternate the order so neither build always runs first in a round.
      const order = run % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) {
        const line = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', build.dir, '--catalog', catalogPath], {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        });
        const measured = JSON.parse(line.trim().split('\n').at(-1));
        results.get(build.label).push(measured);
        console.log(
          `  run ${run + 1} ${build.label}: ${Math.round(measured.ms)} ms (CPU ${Math.round(measured.cpuMs)} ms), peak ` +
            `RSS ${Math.round(measured.rssMb)} MB, tokens ${measured.tokens}`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const summary = new Map();
  for (const [label, list] of results) {
    const ms = median(list.map((m) => m.ms));
    const cpuMs = median(list.map((m) => m.cpuMs));
    const rss = Math.max(...list.map((m) => m.rssMb));
    summary.set(label, { ms, cpuMs, rss });
    console.log(`${label}: median ${Math.round(ms)} ms, CPU ${Math.round(cpuMs)} ms, peak RSS ${Math.round(rss)} MB (largest of ${list.length})`);
  }
  if (summary.has('before')) {
    const [before, after] = [summary.get('before'), summary.get('after')];
    console.log(
      `ratio after / before: time ${(after.ms / before.ms).toFixed(2)}×, CPU ` +
        `${(after.cpuMs / before.cpuMs).toFixed(2)}×, peak RSS ${(after.rss / before.rss).toFixed(2)}×`,
    );
  }
}
