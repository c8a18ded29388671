// Timings of token counting: single thread against the worker pool, the
// pool's start-up, and counting overlapped with parsing. Printed, never
// asserted (the counts are checked against the single-thread count); run it
// alone so nothing else competes for the cores:
//   node --import tsx scripts/bench/token-timings.ts
import { strict as assert } from 'node:assert';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { countTokens, loadTokenizer } from '../../src/main/engine/tokens/count-tokens';
import type { CountJob } from '../../src/main/engine/tokens/count-job';
import { ParallelTokenCounter, defaultWorkerCount } from '../../src/main/engine/tokens/parallel-counter';
import { realTexts } from '../../test/main/engine/tokens/token-fixtures';

/** A valid ~16 MiB pretty-printed JSON document made of varied copies of the real catalogs. */
function sixteenMiBJson(): string {
  const catalogs = realTexts()
    .filter((entry) => !entry.name.endsWith('(compact)'))
    .map((entry) => JSON.parse(entry.text) as unknown);
  const copies: unknown[] = [];
  let json = '';
  for (let round = 0; json.length < 16 * 1024 * 1024; round++) {
    for (const catalog of catalogs) copies.push(JSON.parse(JSON.stringify(catalog).replaceAll('"name":"', `"name":"r${round}_`)));
    json = JSON.stringify({ catalogs: copies }, null, 2);
  }
  return json;
}

/** Bundles count-worker.ts like the app build does, so start-up is measured without the tsx loader. */
async function builtWorker(): Promise<URL | undefined> {
  try {
    const esbuild = await import('esbuild');
    const outdir = fileURLToPath(new URL('../../node_modules/.cache/caveman-tokens-timing/', import.meta.url));
    mkdirSync(outdir, { recursive: true });
    await esbuild.build({
      entryPoints: [fileURLToPath(new URL('../../src/main/engine/tokens/count-worker.ts', import.meta.url))],
      outdir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'silent',
    });
    return pathToFileURL(`${outdir}count-worker.js`);
  } catch (error) {
    console.log('built-worker timing skipped:', error instanceof Error ? error.message : error);
    return undefined;
  }
}

interface Sample {
  wall: number;
  cpu: number;
}

/** Wall and process CPU time (all threads) of one run. */
async function sample(run: () => unknown): Promise<Sample> {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
}

function summary(samples: Sample[]): string {
  const walls = samples.map((entry) => entry.wall).sort((a, b) => a - b);
  const median = walls[Math.floor(walls.length / 2)] ?? 0;
  const cpuPerWall = samples.reduce((sum, entry) => sum + entry.cpu / entry.wall, 0) / samples.length;
  return `min ${walls[0]?.toFixed(0)} ms, median ${median.toFixed(0)} ms (${samples.length} runs, CPU/wall ${cpuPerWall.toFixed(2)})`;
}

async function main(): Promise<void> {
  const lines: string[] = [`cores: ${availableParallelism()}, default pool: ${defaultWorkerCount()} worker(s)`];
  const load = await sample(() => loadTokenizer('o200k_base'));
  lines.push(`in-thread rank load o200k_base: ${load.wall.toFixed(0)} ms`);
  const loadCl = await sample(() => loadTokenizer('cl100k_base'));
  lines.push(`in-thread rank load cl100k_base: ${loadCl.wall.toFixed(0)} ms`);

  const text = sixteenMiBJson();
  lines.push(`text: ${(text.length / 1024 / 1024).toFixed(1)} Mi UTF-16 units of pretty-printed JSON`);
  const built = await builtWorker();
  const workerScript = built ? { workerScript: built } : {};

  const startups: Sample[] = [];
  for (let run = 0; run < 3; run++) {
    const counter = new ParallelTokenCounter({ workers: 1, ...workerScript });
    startups.push(await sample(() => counter.warmUp(['o200k_base'])));
    await counter.close();
  }
  lines.push(`worker start-up + o200k_base ranks (${built ? 'built worker' : 'tsx source worker'}): ${summary(startups)}`);

  const counter = new ParallelTokenCounter(workerScript);
  await counter.warmUp(['o200k_base', 'cl100k_base']);
  const begins: Sample[] = [];
  for (const tokenizer of ['o200k_base', 'cl100k_base'] as const) {
    const expected = countTokens(text, tokenizer);
    const single: Sample[] = [];
    const parallel: Sample[] = [];
    for (let run = 0; run < 5; run++) {
      single.push(await sample(() => assert.equal(countTokens(text, tokenizer), expected)));
      parallel.push(
        await sample(async () => {
          let job: CountJob | undefined;
          begins.push(await sample(() => (job = counter.begin(text, tokenizer))));
          assert.equal(await job?.finish(), expected);
        }),
      );
    }
    lines.push(`${tokenizer} single-thread: ${summary(single)} -> ${expected} tokens`);
    lines.push(`${tokenizer} parallel, caller + ${counter.size} worker(s): ${summary(parallel)}`);
  }
  lines.push(`begin() on the calling thread (split + copy to shared memory): ${summary(begins)}`);

  // The intended use: count the input in the background while the calling
  // thread parses and re-serialises, then count the output.
  const overlapped: Sample[] = [];
  const serial: Sample[] = [];
  for (let run = 0; run < 3; run++) {
    overlapped.push(
      await sample(async () => {
        const input = counter.begin(text, 'o200k_base');
        const output = counter.begin(JSON.stringify(JSON.parse(text)), 'o200k_base');
        await Promise.all([input.finish(), output.finish()]);
      }),
    );
    serial.push(
      await sample(() => {
        countTokens(text, 'o200k_base');
        countTokens(JSON.stringify(JSON.parse(text)), 'o200k_base');
      }),
    );
  }
  lines.push(`parse + stringify + count input and output, overlapped: ${summary(overlapped)}`);
  lines.push(`same work on one thread: ${summary(serial)}`);
  await counter.close();
  console.log(lines.join('\n'));
}

await main();
