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

/** Milliseconds of one `node <cli> < file` run into `store` (throws when the CLI fails). */
export function cliRunMs(cli, file, store) {
  const input = openSync(file, 'r');
  try {
    const started = performance.now();
    const run = spawnSync(process.execPath, [cli], { stdio: [input, 'ignore', 'pipe'], env: { ...process.env, CAVEMAN_CCR_DB: store } });
    const ms = performance.now() - started;
    if (run.status !== 0) throw new Error(`${cli} < ${file} exited ${run.status}: ${run.stderr}`);
    return ms;
  } finally {
    closeSync(input);
  }
}

/** Milliseconds of `node -e 0`: Node starting and stopping, nothing else. */
export function nodeStartMs() {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

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
    const add = (key, ms) => times.set(key, [...(times.get(key) ?? []), ms]);
    for (let i = 0; i < Number(values.runs); i++) {
      add('node -e 0', nodeStartMs());
      for (const [name, out] of builds) {
        for (const file of files) add(`${name}\t${basename(file)}`, cliRunMs(join(out, 'main/cli.js'), file, join(work, `${name.replace(/\W+/g, '-')}.db`)));
      }
    }
    const baseline = middle(times.get('node -e 0'));
    console.log(`CLI cold start, median of ${values.runs} interleaved runs (ms); node -e 0: ${formatMs(baseline)} ms`);
    for (const [key, values] of times) {
      if (key === 'node -e 0') continue;
      const [name, file] = key.split('\t');
      console.log(`${name.padEnd(15)}${file.padEnd(28)}${formatMs(middle(values)).padStart(8)} ms   (${formatMs(middle(values) - baseline)} ms over node -e 0)`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
