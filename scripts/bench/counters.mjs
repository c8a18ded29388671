// The token counters alone, side by side on the same JSON text: ours (the
// built out/main/count-tokens.js), gpt-tokenizer (the counter before issue
// 13) and OpenAI's tiktoken (WASM); with --before, also another build of
// ours (e.g. a copy of out/ from before a change), so old and new are
// measured in the same run. Each count runs in a fresh process after its
// vocabulary is loaded, so no counter profits from another's warm-up; runs
// are interleaved (every counter once, then again) so a busy machine slows
// them alike; the figure is the median of `--runs` processes. Run after
// `npm run build`:
//
//   node scripts/bench/counters.mjs [--runs 3] [--before /tmp/out-before] [--counters ours,gpt-tokenizer]
//
// `--texts runs` counts long unbroken runs instead of catalogs: 1,
// 8 and 32 MiB of one letter, of random lower-case letters, of "[" and of one
// CJK character, each one piece the pre-split cannot cut, beside 8 MiB of
// catalog as the yardstick (CPU time a MiB, and its multiple of the catalog's). tiktoken's merging
// is quadratic in such a piece, so pick ours (the tests hold its counts to
// tiktoken's), e.g. before and after a change:
//
//   node scripts/bench/counters.mjs --texts runs --runs 1 --before /tmp/out-before --counters 'ours (before),ours'
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateCatalog } from './generate-catalog.mjs';
import { middle } from './measure.mjs';

const MiB = 1024 * 1024;

/** Our counter as built into `outDir` (an electron-vite out/ folder). */
const oursIn = (outDir) => async () => {
  const { countTokens } = await import(pathToFileURL(join(outDir, 'main/count-tokens.js')).href);
  countTokens('warm', 'o200k_base');
  return (text) => countTokens(text, 'o200k_base');
};

const COUNTERS = {
  ours: oursIn(fileURLToPath(new URL('../../out', import.meta.url))),
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

/** The long runs of `--texts runs`: [label, text] in bytes of UTF-8 (a CJK character is 3). */
function longRuns() {
  const randomLetters = (bytes) => {
    const buffer = Buffer.alloc(bytes);
    let state = 22;
    for (let i = 0; i < bytes; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      buffer[i] = 97 + ((state >>> 16) % 26);
    }
    return buffer.toString('latin1');
  };
  const kinds = [
    ['a', (bytes) => 'a'.repeat(bytes)],
    ['random a-z', randomLetters],
    ['[', (bytes) => '['.repeat(bytes)],
    ['中', (bytes) => '中'.repeat(Math.floor(bytes / 3))],
  ];
  const runs = kinds.flatMap(([kind, make]) => [1, 8, 32].map((mib) => [`${mib} MiB ${kind}`, make(mib * MiB)]));
  // The yardstick: as much catalog text, cut by the pre-split into short pieces.
  return [[CATALOG_LABEL, generateCatalog(8 * MiB).slice(0, 8 * MiB)], ...runs];
}

const CATALOG_LABEL = '8 MiB catalog';

/** Child: count one file with one counter, print {ms, cpuMs, tokens, rssMB}. */
async function child(name, file, beforeDir) {
  const count = await (name === 'ours (before)' ? oursIn(beforeDir) : COUNTERS[name])();
  const text = readFileSync(file, 'utf8');
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const tokens = count(text);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  const rss = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, tokens, rssMB: rss ? Number(rss) / 1024 : null }));
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      before: { type: 'string' },
      counters: { type: 'string' },
      texts: { type: 'string', default: 'catalogs' },
    },
  });
  const runs = Number(values.runs);
  const before = values.before === undefined ? undefined : resolve(values.before);
  const names = values.counters?.split(',') ?? [...(before ? ['ours (before)'] : []), ...Object.keys(COUNTERS)];
  const work = mkdtempSync(join(tmpdir(), 'caveman-counters-'));
  try {
    const texts =
      values.texts === 'runs'
        ? longRuns()
        : [
            ['1 MiB pretty', generateCatalog(MiB)],
            ['8 MiB pretty', generateCatalog(8 * MiB)],
            ['32 MiB minified', JSON.stringify(JSON.parse(generateCatalog(40 * MiB))).slice(0, 32 * MiB)],
          ];
    // measured[name][label] = [{ ms, tokens, rssMB }, …]
    const measured = Object.fromEntries(names.map((name) => [name, Object.fromEntries(texts.map(([label]) => [label, []]))]));
    for (const [label, text] of texts) {
      const file = join(work, `${label.replace(/\W+/g, '-')}.json`);
      writeFileSync(file, text);
      process.stderr.write(`counting ${label} …\n`);
      for (let i = 0; i < runs; i++) {
        for (const name of names) {
          const args = [fileURLToPath(import.meta.url), '--child', name, file, ...(before ? [before] : [])];
          const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 16 * MiB });
          if (run.status !== 0) throw new Error(`${name} on ${label}: ${run.stderr}`);
          measured[name][label].push(JSON.parse(run.stdout));
        }
      }
    }
    const labels = texts.map(([label]) => label);
    const reference = names.includes('tiktoken') ? 'tiktoken' : names[0];
    const tokensOf = (name, label) => measured[name][label][0].tokens;
    const msOf = (name, label, key = 'ms') => middle(measured[name][label].map((m) => m[key]));
    console.log('median milliseconds: wall (CPU time of the process: what a busy machine distorts least)\n');
    if (values.texts === 'runs') {
      printByText(names, labels, measured, msOf, reference);
      return;
    }
    console.log(`counter        ${labels.map((label) => label.padStart(20)).join('')}  peak RSS MB (last)  counts = ${reference}`);
    for (const name of names) {
      const cells = labels.map((label) => `${Math.round(msOf(name, label))} (${Math.round(msOf(name, label, 'cpuMs'))})`.padStart(20));
      const rss = Math.max(...measured[name][labels[labels.length - 1]].map((m) => m.rssMB ?? 0));
      const equal = labels.every((label) => measured[name][label].every((m) => m.tokens === tokensOf(reference, label)));
      console.log(`${name.padEnd(15)}${cells.join('')}  ${rss.toFixed(0).padStart(20)}  ${equal ? 'yes' : 'NO'}`);
    }
    const ratios = (slower, faster) => {
      const times = (key) => labels.map((label) => `${(msOf(slower, label, key) / msOf(faster, label, key)).toFixed(2)}×`).join(' / ');
      if (names.includes(slower) && names.includes(faster)) console.log(`${slower} ÷ ${faster}: wall ${times('ms')}; CPU ${times('cpuMs')}`);
    };
    console.log('');
    ratios('gpt-tokenizer', 'ours');
    ratios('ours (before)', 'ours');
    console.log(`tokens: ${labels.map((label) => `${label} ${tokensOf(reference, label)}`).join(', ')}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * One row a text (the catalog yardstick, then twelve runs): each counter's
 * wall (CPU) and peak RSS; for the last counter its CPU time a MiB and that
 * as a multiple of the catalog's a MiB (linear: the same at 1, 8 and 32 MiB);
 * and how many times faster ours is than before.
 */
function printByText(names, labels, measured, msOf, reference) {
  const cell = (text, width = 22) => String(text).padStart(width);
  const last = names[names.length - 1];
  const mib = (label) => Number(/^(\d+) MiB/.exec(label)[1]);
  const cpuPerMiB = (label) => msOf(last, label, 'cpuMs') / mib(label);
  const compared = names.includes('ours (before)') && names.includes('ours');
  console.log(
    `${'text'.padEnd(20)}${names.map((name) => cell(name) + cell('RSS MB', 8)).join('')}` +
      `${cell(`${last}: CPU ms/MiB`, 22)}${cell('÷ catalog', 11)}${compared ? cell('before ÷ now (CPU)', 20) : ''}  counts equal`,
  );
  for (const label of labels) {
    const cells = names.map(
      (name) =>
        cell(`${Math.round(msOf(name, label))} (${Math.round(msOf(name, label, 'cpuMs'))})`) +
        cell(Math.max(...measured[name][label].map((m) => m.rssMB ?? 0)).toFixed(0), 8),
    );
    const perMiB = cell(cpuPerMiB(label).toFixed(0), 22) + cell(`${(cpuPerMiB(label) / cpuPerMiB(CATALOG_LABEL)).toFixed(1)}×`, 11);
    const ratio = compared
      ? cell(
          `${(msOf('ours (before)', label) / msOf('ours', label)).toFixed(1)}× ` +
            `(${(msOf('ours (before)', label, 'cpuMs') / msOf('ours', label, 'cpuMs')).toFixed(1)}×)`,
          20,
        )
      : '';
    const tokens = measured[reference][label][0].tokens;
    const equal = names.every((name) => measured[name][label].every((m) => m.tokens === tokens));
    console.log(`${label.padEnd(20)}${cells.join('')}${perMiB}${ratio}  ${equal ? 'yes' : 'NO'} (${tokens})`);
  }
}

const at = process.argv.indexOf('--child');
if (at !== -1) await child(process.argv[at + 1], process.argv[at + 2], process.argv[at + 3]);
else await main();
