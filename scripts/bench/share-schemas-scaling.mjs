// How `--share-schemas` grows with the catalog: one tool whose schema repeats
// many distinct sub-schemas (generate-shared-schemas.mjs) at 1, 2, 4 and
// 8 MiB, each shrunk by the built CLI as a user runs it, with and without
// --share-schemas, runs interleaved; what sharing adds is the difference of
// the two runs' CPU time (user + system, which a busy machine moves far
// less than wall time). Linear sharing keeps that cost per MiB alike at
// every size (the exponent between 1 and 8 MiB near 1; a quadratic pass
// about 2). Run after `npm run build`:
//
//   node scripts/bench/share-schemas-scaling.mjs [RUNS] [--cli out/main/cli.js]

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateSharedSchemas } from './generate-shared-schemas.mjs';
import { timed } from './cold-start.mjs';
import { formatMs, middle } from './measure.mjs';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const MiB = 1024 * 1024;
export const SHARE_SCHEMAS_SIZES_MIB = [1, 2, 4, 8];

/** CPU milliseconds of `caveman-shrink shrink FILE [--share-schemas]`, stdout discarded, into a fresh store. */
function cliCpuMs(cli, file, share, dir) {
  const store = mkdtempSync(join(dir, 'store-'));
  const args = [cli, 'shrink', file, '--store', join(store, 'ccr.db'), ...(share ? ['--share-schemas'] : [])];
  const { run, cpuMs } = timed(args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  rmSync(store, { recursive: true, force: true });
  if (run.status !== 0) throw new Error(`caveman-shrink exited ${run.status}: ${run.stderr}`);
  return cpuMs;
}

/** Per size: the median plain and shared CPU times and what sharing adds; and the growth exponent of that addition from 1 to 8 MiB. */
export function shareSchemasScaling(runs = 3, cli = join(repo, 'out/main/cli.js')) {
  const dir = mkdtempSync(join(tmpdir(), 'caveman-bench-share-'));
  try {
    const rows = SHARE_SCHEMAS_SIZES_MIB.map((mib) => {
      const file = join(dir, `shared-${mib}MiB.json`);
      writeFileSync(file, generateSharedSchemas(mib * MiB));
      const plain = [];
      const shared = [];
      for (let round = 0; round < runs; round++) {
        plain.push(cliCpuMs(cli, file, false, dir));
        shared.push(cliCpuMs(cli, file, true, dir));
      }
      const plainMs = middle(plain);
      const sharedMs = middle(shared);
      return { mib, plainMs, sharedMs, sharingMs: Math.max(sharedMs - plainMs, 1) };
    });
    const first = rows[0];
    const last = rows.at(-1);
    const exponent = Math.log(last.sharingMs / first.sharingMs) / Math.log(last.mib / first.mib);
    return { rows, exponent: Number(exponent.toFixed(2)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { cli: { type: 'string' } } });
  const result = shareSchemasScaling(Number(positionals[0] ?? 3), values.cli ? resolve(values.cli) : undefined);
  for (const row of result.rows)
    console.log(
      `${String(row.mib).padStart(2)} MiB  CPU: shrink ${formatMs(row.plainMs).padStart(8)} ms  --share-schemas ${formatMs(row.sharedMs).padStart(8)} ms  ` +
        `sharing ${formatMs(row.sharingMs).padStart(8)} ms`,
    );
  console.log(`sharing grows as n^${result.exponent} from 1 to 8 MiB (linear: about 1; quadratic: about 2)`);
}
