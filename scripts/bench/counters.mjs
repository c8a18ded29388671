// The token counters alone, side by side on the same JSON text: ours (the
// built out/main/count-tokens.js), gpt-tokenizer (the counter before issue
// 13) and OpenAI's tiktoken (WASM). Each count runs in a fresh process after
// its vocabulary is loaded, so no counter profits from another's warm-up;
// the figure is the median of `--runs` processes. Run after `npm run build`:
//
//   node scripts/bench/counters.mjs [--runs 3]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCatalog } from './generate-catalog.mjs';

const MiB = 1024 * 1024;
const COUNTERS = {
  ours: async () => {
    const { countTokens } = await import('../../out/main/count-tokens.js');
    countTokens('warm', 'o200k_base');
    return (text) => countTokens(text, 'o200k_base');
  },
  'gpt-tokenizer': async () => {
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    const options = { disallowedSpecial: new Set() };
    countTokens('warm', options);
    return (text) => countTokens(text, options);
  },
  tiktoken: async () => {
    const { get_encoding } = await import('tiktoken');
    const encoding = get_encoding('o200k_base');
    return (text) => encoding.encode(text, [], []).length;
  },
};

/** Child: count one file with one counter, print {ms, tokens, rssMB}. */
async function child(name, file) {
  const count = await COUNTERS[name]();
  const text = readFileSync(file, 'utf8');
  const started = performance.now();
  const tokens = count(text);
  const ms = performance.now() - started;
  const rss = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  process.stdout.write(JSON.stringify({ ms, tokens, rssMB: rss ? Number(rss) / 1024 : null }));
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
  const runs = Number(values.runs);
  const work = mkdtempSync(join(tmpdir(), 'caveman-counters-'));
  try {
    const texts = [
      ['1 MiB pretty', generateCatalog(MiB)],
      ['8 MiB pretty', generateCatalog(8 * MiB)],
      ['32 MiB minified', JSON.stringify(JSON.parse(generateCatalog(40 * MiB))).slice(0, 32 * MiB)],
    ];
    console.log(`counter        ${texts.map(([label]) => label.padStart(16)).join('')}   peak RSS MB (32 MiB)`);
    const results = {};
    for (const name of Object.keys(COUNTERS)) {
      const cells = [];
      const tokens = [];
      let rss = null;
      for (const [label, text] of texts) {
        const file = join(work, `${label.replace(/\W+/g, '-')}.json`);
        writeFileSync(file, text);
        const times = [];
        for (let i = 0; i < runs; i++) {
          const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', name, file], { encoding: 'utf8', maxBuffer: 16 * MiB });
          if (run.status !== 0) throw new Error(`${name} on ${label}: ${run.stderr}`);
          const measured = JSON.parse(run.stdout);
          times.push(measured.ms);
          tokens.push(measured.tokens);
          rss = measured.rssMB;
        }
        times.sort((a, b) => a - b);
        cells.push(`${Math.round(times[Math.floor(times.length / 2)])} ms`.padStart(16));
      }
      results[name] = tokens;
      console.log(`${name.padEnd(15)}${cells.join('')}   ${rss?.toFixed(0)}`);
    }
    const equal = (a, b) => a.length === b.length && a.every((t, i) => t === b[i]);
    console.log(`\ncounts: ours ${equal(results.ours, results.tiktoken) ? '=' : '≠'} tiktoken, gpt-tokenizer ${equal(results['gpt-tokenizer'], results.tiktoken) ? '=' : '≠'} tiktoken`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf('--child');
if (at !== -1) await child(process.argv[at + 1], process.argv[at + 2]);
else await main();
