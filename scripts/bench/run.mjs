// `npm run bench`: Caveman Shrink against the floor — what any shrink must
// at least do (parse once, serialise once, count the input and the output
// once with the same tokenizer) measured with JSON.parse, JSON.stringify and
// the project's own exact counter in this same run; beside it the old floor,
// counted with gpt-tokenizer (the counter the project used before its own) — and against a peer,
// caveman-shrink@0.1.1. Every product time is also given as a ratio to the
// floor: absolute times on shared machines are noise, ratios within one run
// are not. The CLI's cold start is also given in milliseconds (its goal is
// absolute: at most 200 ms on the small real catalogs).
//
//   npm run bench [-- --quick] [-- --only NAME[,NAME…]] [-- --skip-history] [-- --skip-proxy] [-- --skip-share-schemas] [-- --skip-budget]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { countTokens as gptTokenizerCount } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as exactCount } from '../../out/main/count-tokens.js';
import { closeSharedCounter, lint, recover, RecoveryStore, sameSelectionProfile, selectionProfile, shrink } from '../../out/main/lib.js';
import { generateCatalog, generateSmallTools } from './generate-catalog.mjs';
import { historyAtScale } from './history-at-scale.mjs';
import { cliRunMs, nodeStartMs } from './cold-start.mjs';
import { formatMs, interleaved, median, middle, pairedRatio, ratio, WARM_UP_RUNS } from './measure.mjs';
import { peerShrink } from './peer.mjs';
import { proxyLineReading } from './proxy-line.mjs';
import { shareSchemasScaling } from './share-schemas-scaling.mjs';
import { budgetCost, budgetCostLines } from './budget-cost.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'skip-history': { type: 'boolean', default: false },
    'skip-proxy': { type: 'boolean', default: false },
    'skip-share-schemas': { type: 'boolean', default: false },
    'skip-budget': { type: 'boolean', default: false },
  },
});
const TOKEN_OPTIONS = { disallowedSpecial: new Set() };
const countTokens = (text) => exactCount(text, 'o200k_base');
const MiB = 1024 * 1024;

function cases() {
  const generated = (values.quick ? [1] : [1, 8, 32]).map((mib) => ({ name: `generated-${mib}MiB.json`, text: generateCatalog(mib * MiB), kind: 'generated' }));
  generated.push({ name: 'generated-10k-small-tools.json', text: generateSmallTools(10_000), kind: 'generated' });
  const realDir = join(root, 'test/fixtures/shared/real');
  const real = readdirSync(realDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f, text: readFileSync(join(realDir, f), 'utf8'), kind: 'real' }));
  const only = values.only?.split(',');
  return [...generated, ...real].filter((c) => !only || only.some((name) => c.name.includes(name)));
}

function repetitions(bytes) {
  if (bytes > 16 * MiB) return 5;
  if (bytes > 4 * MiB) return 9;
  if (bytes > 512 * 1024) return 9;
  return 21;
}

const work = mkdtempSync(join(tmpdir(), 'caveman-bench-'));
let storeSerial = 0;
const freshStore = () => join(work, `store-${storeSerial++}`, 'ccr.db');

async function measureCase({ name, text, kind }) {
  const bytes = Buffer.from(text);
  const runs = repetitions(bytes.length);
  countTokens('warm');
  gptTokenizerCount('warm', TOKEN_OPTIONS);

  // The floor: parse, serialise, count input and output, single thread.
  const floorWith = (count) => () => {
    const value = JSON.parse(text);
    const out = JSON.stringify(value);
    count(text);
    count(out);
  };
  // Ours, in-process: the library shrink into an open durable store (as the app
  // and a long-running caller use it); the handle is deleted after each run,
  // untimed, so every run really commits the original. Timed in rounds with
  // both floors, so that the ratios compare runs made under the same load.
  let result;
  const owned = RecoveryStore.open(freshStore());
  const times = await interleaved(runs, {
    floor: { work: floorWith(countTokens) },
    shrink: {
      work: async () => {
        ({ result } = await shrink(bytes, { store: owned }));
      },
      after: () => result.recovery_handle && owned.delete(result.recovery_handle),
    },
  });
  owned.close();
  const [floorMs, shrinkMs] = [times.floor, times.shrink].map(middle);
  // Measured apart: gpt-tokenizer's garbage, collected during the next run, would slow whatever follows it.
  const oldFloorMs = await median(
    runs,
    floorWith((t) => gptTokenizerCount(t, TOKEN_OPTIONS)),
  );
  const lintMs = await median(runs, () => lint(bytes));
  const store = freshStore();
  const kept = await shrink(bytes, { store });
  const recoverMs = await median(runs, () => recover(kept.result.recovery_handle, { store }));

  // The CLI end to end (`caveman-shrink < file`, a new process each time, into
  // one store as a user's) — 15 runs on small catalogs, whose figure is the
  // cold start — and the peak memory of one shrink in its own process.
  const file = join(work, name);
  writeFileSync(file, bytes);
  const cliStore = freshStore();
  const cliMs = await median(bytes.length < 512 * 1024 ? 15 : Math.min(runs, 5), () => cliRunMs(join(root, 'out/main/cli.js'), file, cliStore));
  const child = spawnSync(process.execPath, [join(root, 'scripts/bench/shrink-child.mjs'), file, freshStore()], { encoding: 'utf8' });
  // The same child's one shrink is a process's first: cold code, workers starting, vocabulary loading.
  const { maxRssBytes, ms: firstShrinkMs } = JSON.parse(child.stdout);

  // The peer, on the same catalog.
  let peerOut = '';
  const peerMs = await median(runs, () => {
    peerOut = peerShrink(text);
  });
  const peerTokens = countTokens(peerOut);
  const peerKeepsProfile = sameSelectionProfile(selectionProfile(bytes), selectionProfile(peerOut));
  const oursKeepsProfile = sameSelectionProfile(selectionProfile(bytes), selectionProfile(result.output));

  return {
    name,
    kind,
    bytes: bytes.length,
    tools: selectionProfile(bytes).tools.length,
    floorMs,
    oldFloorMs,
    shrinkMs,
    firstShrinkMs,
    lintMs,
    cliMs,
    recoverMs,
    maxRssBytes,
    tokensBefore: result.tokens_before,
    tokensAfter: result.tokens_after,
    saved: result.ratio,
    ratios: {
      shrink: pairedRatio(times.shrink, times.floor),
      shrinkToOldFloor: ratio(shrinkMs, oldFloorMs),
      lint: ratio(lintMs, floorMs),
      cli: ratio(cliMs, floorMs),
      recover: ratio(recoverMs, floorMs),
      peer: ratio(peerMs, floorMs),
    },
    rssGoalBytes: 8 * bytes.length + 200 * 1e6,
    selectionProfileKept: oursKeepsProfile,
    peer: {
      ms: peerMs,
      tokensAfter: peerTokens,
      saved: Math.round((1 - peerTokens / result.tokens_before) * 10000) / 10000,
      selectionProfileKept: peerKeepsProfile,
    },
  };
}

function table(rows) {
  const header = [
    'catalog',
    'MiB',
    'floor ms',
    'old floor ms',
    'shrink ×',
    'shrink × old',
    'first shrink ms',
    'lint ×',
    'cli ×',
    'cli ms',
    'recover ×',
    'peak RSS MB',
    'RSS goal MB',
    'tokens before→after',
    'saved',
    'peer ×',
    'peer saved',
    'profile ours/peer',
  ];
  const lines = rows.map((r) => [
    r.name,
    (r.bytes / MiB).toFixed(2),
    formatMs(r.floorMs),
    formatMs(r.oldFloorMs),
    String(r.ratios.shrink),
    String(r.ratios.shrinkToOldFloor),
    formatMs(r.firstShrinkMs),
    String(r.ratios.lint),
    String(r.ratios.cli),
    formatMs(r.cliMs),
    String(r.ratios.recover),
    (r.maxRssBytes / 1e6).toFixed(0),
    (r.rssGoalBytes / 1e6).toFixed(0),
    `${r.tokensBefore}→${r.tokensAfter}`,
    `${(r.saved * 100).toFixed(1)}%`,
    String(r.ratios.peer),
    `${(r.peer.saved * 100).toFixed(1)}%`,
    `${r.selectionProfileKept ? 'kept' : 'LOST'}/${r.peer.selectionProfileKept ? 'kept' : 'LOST'}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [fmt(header), ...lines.map(fmt)].join('\n');
}

try {
  console.log(`Caveman Shrink bench — node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), o200k_base`);
  const rows = [];
  for (const c of cases()) {
    process.stderr.write(`measuring ${c.name} …\n`);
    rows.push(await measureCase(c));
  }
  console.log(
    `\nTimes are medians after ${WARM_UP_RUNS} untimed runs; "×" columns are ratios to the floor measured in this ` +
      `run (the shrink\'s: the median of per-round ratios, the floor and the shrink timed in turn) (JSON.parse + ` +
      `JSON.stringify + counting input and output once, one thread, with our exact counter); "old" is the same floor ` +
      `counted with gpt-tokenizer; "first shrink ms" is the one shrink of a fresh process (workers starting, code not ` +
      `yet optimised).\n`,
  );
  console.log(table(rows));
  const nodeMs = await median(15, nodeStartMs);
  console.log(`\n"cli ms" is \`caveman-shrink < catalog\` end to end; Node itself starting and stopping (node -e 0) took ${formatMs(nodeMs)} ms in this run.`);

  let history = null;
  if (!values['skip-history']) {
    process.stderr.write('measuring history at 100,000 handles …\n');
    history = await historyAtScale(values.quick ? 20_000 : 100_000);
    console.log(
      `\nHistory with ${history.handles} handles (opened and synced in ${formatMs(history.openAndSyncMs)} ms); plain ` +
        `indexed point query ${formatMs(history.pointQueryMs)} ms`,
    );
    const sorted = Object.entries(history.sortedPageMs).map(([sort, ms]) => [`page sorted by ${sort}`, ms]);
    const rows = [
      ['first page (50)', history.firstPageMs],
      ['page halfway down', history.farPageMs],
      ...sorted,
      ['search by name', history.searchMs],
      ['search by handle', history.handleSearchMs],
      ['put (durable)', history.putMs],
      ['recover', history.recoverMs],
    ];
    for (const [label, ms] of rows) {
      console.log(`  ${label.padEnd(26)} ${formatMs(ms).padStart(8)} ms  (${ratio(ms, history.pointQueryMs)}× the point query)`);
    }
  }

  let proxyLine = null;
  if (!values['skip-proxy']) {
    process.stderr.write('measuring the proxy reading a 2 and a 20 MiB line …\n');
    proxyLine = await proxyLineReading(values.quick ? 3 : 5);
    console.log('\nThe proxy reading one long line (a tools/list request, its answer cached), against JSON.parse of the line in this run:');
    for (const mib of [2, 20])
      console.log(
        `  ${String(mib).padStart(2)} MiB  ${formatMs(proxyLine[mib].readMs).padStart(8)} ms  ` +
          `(${ratio(proxyLine[mib].readMs, proxyLine[mib].parseMs)}× JSON.parse)`,
      );
    console.log(`  20 MiB / 2 MiB of those ratios: ${proxyLine.growth} (linear reading: about 1; quadratic about 10)`);
    process.stderr.write('measuring checked calls through the proxy …\n');
    const checked = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/bench/checked-call-latency.ts'), '', values.quick ? '2' : '5'], {
      encoding: 'utf8',
    });
    console.log(`\nChecked calls (the relay's own overhead and what checking adds, in this run):\n${checked.stdout.trimEnd()}${checked.stderr}`);
  }

  let shareSchemas = null;
  if (!values['skip-share-schemas']) {
    process.stderr.write('measuring --share-schemas at 1, 2, 4 and 8 MiB …\n');
    shareSchemas = shareSchemasScaling(values.quick ? 1 : 3);
    console.log('\n`caveman-shrink shrink --share-schemas` on one tool with many distinct repeated sub-schemas (the CPU sharing adds to a shrink):');
    for (const row of shareSchemas.rows)
      console.log(`  ${String(row.mib).padStart(2)} MiB  ${formatMs(row.sharingMs).padStart(8)} ms  (shrink ${formatMs(row.plainMs)} ms)`);
    console.log(`  grows as n^${shareSchemas.exponent} from 1 to 8 MiB (linear: about 1; quadratic: about 2)`);
  }

  let budget = null;
  if (!values['skip-budget']) {
    process.stderr.write('measuring a budgeted shrink against a plain one …\n');
    budget = await budgetCost(values.quick ? 5 : 9, freshStore);
    console.log('\nA budgeted shrink against a plain shrink at the same ceiling (the paired ratio of their times, round by round):');
    for (const line of budgetCostLines(budget)) console.log(line);
  }

  const out = join(root, 'bench-results');
  mkdirSync(out, { recursive: true });
  const file = join(out, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { node: process.version, cores: availableParallelism(), cpu: cpus()[0]?.model, nodeStartMs: nodeMs, rows, history, proxyLine, shareSchemas, budget },
      null,
      2,
    ),
  );
  console.log(`\nresults: ${basename(out)}/${basename(file)}`);
} finally {
  await closeSharedCounter();
  rmSync(work, { recursive: true, force: true });
}
