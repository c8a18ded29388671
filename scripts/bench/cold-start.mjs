// The CLI's cold start, end to end as a user runs it: `caveman-shrink <
// small.json` in a new process each time, the catalog on stdin, into a store
// that already exists (as a user's does after the first run). Beside it,
// `node -e 0` in the same loop: the part of every figure that is Node
// starting, which no change of ours can remove. Runs are interleaved, so a
// busy machine slows every column alike; figures are medians.
//
//   node scripts/bench/cold-start.mjs [--runs 15] [--before /tmp/out-before]
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatMs, middle } from './measure.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * CPU milliseconds (user + system) of this process's finished children, from
 * /proc (10 ms steps), or NaN off Linux: on a busy machine a child's CPU time
 * moves far less than its wall time.
 */
function childrenCpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Wall and CPU milliseconds of running `args` with node. */
export function timed(args, options) {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const run = spawnSync(process.execPath, args, options);
  return { run, ms: performance.now() - started, cpuMs: childrenCpuMs() - cpuBefore };
}

/** Wall and CPU milliseconds of one `node <cli> < file` run into `store` (throws when the CLI fails). */
export function cliRun(cli, file, store) {
  const input = openSync(file, 'r');
  try {
    const { run, ms, cpuMs } = timed([cli], { stdio: [input, 'ignore', 'pipe'], env: { ...process.env, CAVEMAN_CCR_DB: store } });
    if (run.status !== 0) throw new Error(`${cli} < ${file} exited ${run.status}: ${run.stderr}`);
    return { ms, cpuMs };
  } finally {
    closeSync(input);
  }
}

/** Milliseconds of one `node <cli> < file` run into `store`. */
export const cliRunMs = (cli, file, store) => cliRun(cli, file, store).ms;

/** Wall and CPU milliseconds of `node -e 0`: Node starting and stopping, nothing else. */
export function nodeStart() {
  const { ms, cpuMs } = timed(['-e', '0'], {});
  return { ms, cpuMs };
}

export const nodeStartMs = () => nodeStart().ms;

/** The real catalogs of at most `maxTools` tools. */
export function smallRealCatalogs(maxTools = 10) {
  const dir = join(root, 'test/fixtures/shared/real');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name))
    .filter((file) => (JSON.parse(readFileSync(file, 'utf8')).tools ?? []).length <= maxTools);
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, before: { type: 'string' } } });
  const builds = [['ours', join(root, 'out')], ...(values.before ? [['ours (before)', resolve(values.before)]] : [])];
  const files = smallRealCatalogs();
  const work = mkdtempSync(join(tmpdir(), 'caveman-cold-'));
  try {
    const times = new Map();
    const add = (key, measured) => times.set(key, [...(times.get(key) ?? []), measured]);
    for (let i = 0; i < Number(values.runs); i++) {
      add('node -e 0', nodeStart());
      for (const [name, out] of builds) {
        for (const file of files) add(`${name}\t${basename(file)}`, cliRun(join(out, 'main/cli.js'), file, join(work, `${name.replace(/\W+/g, '-')}.db`)));
      }
    }
    const medians = (key) => ({ ms: middle(times.get(key).map((m) => m.ms)), cpuMs: middle(times.get(key).map((m) => m.cpuMs)) });
    const baseline = medians('node -e 0');
    console.log(`CLI cold start, medians of ${values.runs} interleaved runs: wall ms (CPU ms of the process)`);
    console.log(`${'node -e 0'.padEnd(43)}${formatMs(baseline.ms).padStart(8)} (${baseline.cpuMs})`);
    for (const key of times.keys()) {
      if (key === 'node -e 0') continue;
      const [name, file] = key.split('\t');
      const { ms, cpuMs } = medians(key);
      console.log(
        `${name.padEnd(15)}${file.padEnd(28)}${formatMs(ms).padStart(8)} (${cpuMs})   over node -e 0: ` +
          `${formatMs(ms - baseline.ms)} (${cpuMs - baseline.cpuMs})`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
