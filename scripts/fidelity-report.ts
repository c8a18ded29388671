// Fidelity v2 figures for the real catalogs: per catalog, the
// tokens of the minified input, what a shrink leaves with default options and
// with shared sub-schemas, the saving beyond minification, the peer
// caveman-shrink@0.1.1's figure, the facts-kept ledger by category and the
// leads. With --before (the built lib.js of an earlier commit) it adds that
// commit's figures and lists fact sentences it dropped that are kept now.
//
//   npx tsx scripts/fidelity-report.ts [--before ../base/out/main/lib.js] [--sentences 10]
//
// All counts are o200k_base, inferred (local tokenizer), like every figure of the product.

import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lint } from '../src/main/library/lint';
import { closeSharedCounter } from '../src/main/library/shared-counter';
import { descriptionSites, sitesByLocation } from '../src/main/engine/guarantees/description-sites';
import { parseJson } from '../src/main/engine/json/parse-json';
import { FACT_CATEGORY_NAMES, isFactSentence } from '../src/main/engine/transform/fact-taxonomy';
import { splitSentences } from '../src/main/engine/transform/split-sentences';
import { outputText, transformCatalog } from '../src/main/engine/transform/transform-catalog';
import type { LintReport } from '../src/shared/contracts';
// @ts-expect-error -- a plain .mjs helper of the bench, without types
import { peerShrink } from './bench/peer.mjs';

const repo = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const REAL = join(repo, 'test/fixtures/shared/real');

interface BaseLib {
  lint(bytes: Uint8Array): Promise<{ total: { tokens_after: number } }>;
  shrink(bytes: Uint8Array, options: { store: string }): Promise<{ result: { output: Uint8Array } }>;
  closeSharedCounter(): Promise<void>;
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const beforePath = option('--before');
const sentenceCount = Number(option('--sentences') ?? 10);
const base = beforePath ? ((await import(pathToFileURL(resolve(beforePath)).href)) as BaseLib) : undefined;

const pct = (saved: number, of: number) => `${((saved / of) * 100).toFixed(1)}%`;
const beyond = (after: number, minified: number) => pct(minified - after, minified);

interface Row {
  name: string;
  tools: number;
  minified: number;
  before?: number;
  now: number;
  shared: number;
  peer: number;
  report: LintReport;
  lost: { location: string; sentence: string }[];
}

const rows: Row[] = [];
for (const name of readdirSync(REAL)
  .filter((n) => n.endsWith('.json'))
  .sort()) {
  const bytes = readFileSync(join(REAL, name));
  const text = bytes.toString('utf8');
  const report = await lint(bytes);
  const shared = await lint(bytes, { shareSchemas: true });
  const peer = (await lint(Buffer.from(peerShrink(text) as string))).total.tokens_before;
  const row: Row = {
    name,
    tools: report.tools.length,
    minified: report.tokens_minified,
    now: report.tokens_after,
    shared: shared.tokens_after,
    peer,
    report,
    lost: [],
  };
  if (base) {
    row.before = (await base.lint(bytes)).total.tokens_after;
    const baseOutput = Buffer.from((await base.shrink(bytes, { store: ':memory:' })).result.output).toString('utf8');
    row.lost = lostThenKept(text, baseOutput, outputText(transformCatalog(parseJson(text))!));
  }
  rows.push(row);
}

/** Fact sentences the earlier output dropped that the current output keeps, by location. */
function lostThenKept(input: string, before: string, now: string): { location: string; sentence: string }[] {
  const beforeSites = sitesByLocation(descriptionSites(parseJson(before)));
  const nowSites = sitesByLocation(descriptionSites(parseJson(now)));
  const seen = new Map<string, number>();
  const lost: { location: string; sentence: string }[] = [];
  for (const site of descriptionSites(parseJson(input))) {
    const n = seen.get(site.location) ?? 0;
    seen.set(site.location, n + 1);
    const text = site.text.trim();
    for (const span of splitSentences(text)) {
      const sentence = text.slice(span.start, span.end);
      if (!isFactSentence(sentence)) continue;
      const was = beforeSites.get(site.location)?.[n]?.text ?? '';
      const is = nowSites.get(site.location)?.[n]?.text ?? '';
      if (!was.includes(sentence) && is.includes(sentence)) lost.push({ location: site.location, sentence });
    }
  }
  return lost;
}

const sum = (pick: (row: Row) => number) => rows.reduce((s, row) => s + pick(row), 0);
const lines: string[] = [];
lines.push(
  '| catalog | tools | minified | before: after · beyond min. | now: after · beyond min. | shared schemas: after ' +
    '· beyond min. | peer: after · beyond min. | facts found / kept / redundant / dropped | leads whole |',
);
lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) {
  const { facts } = row.report;
  lines.push(
    `| ${row.name} | ${row.tools} | ${row.minified} | ` +
      `${row.before === undefined ? '–' : `${row.before} · ${beyond(row.before, row.minified)}`} | ${row.now} · ` +
      `${beyond(row.now, row.minified)} | ${row.shared} · ${beyond(row.shared, row.minified)} | ${row.peer} · ` +
      `${beyond(row.peer, row.minified)} | ${facts.found} / ${facts.kept} / ${facts.redundant} / ${facts.dropped} | ` +
      `${facts.leads.whole + facts.leads.shortened} of ${facts.leads.found} |`,
  );
}
const minified = sum((r) => r.minified);
const totalFacts = (key: 'found' | 'kept' | 'redundant' | 'dropped') => sum((r) => r.report.facts[key]);
lines.push(
  `| **all 9** | ${sum((r) => r.tools)} | ${minified} | ` +
    `${
      base
        ? `${sum((r) => r.before!)} · ${beyond(
            sum((r) => r.before!),
            minified,
          )}`
        : '–'
    } ` +
    `| ${sum((r) => r.now)} · ${beyond(
      sum((r) => r.now),
      minified,
    )} | ${sum((r) => r.shared)} · ` +
    `${beyond(
      sum((r) => r.shared),
      minified,
    )} | ${sum((r) => r.peer)} · ` +
    `${beyond(
      sum((r) => r.peer),
      minified,
    )} | ${totalFacts('found')} / ${totalFacts('kept')} / ` +
    `${totalFacts('redundant')} / ${totalFacts('dropped')} | ` +
    `${sum((r) => r.report.facts.leads.whole + r.report.facts.leads.shortened)} of ` +
    `${sum((r) => r.report.facts.leads.found)} |`,
);
if (base) lines.push('', `Price of fidelity v2 (now − before), summed: ${sum((r) => r.now) - sum((r) => r.before!)} tokens.`);

lines.push('', 'Facts by category, kept / redundant / dropped (a sentence counts in every category it matches; categories with none are left out):', '');
lines.push(`| catalog | ${FACT_CATEGORY_NAMES.join(' | ')} |`);
lines.push(`|---|${FACT_CATEGORY_NAMES.map(() => '---:').join('|')}|`);
for (const row of rows) {
  const cells = FACT_CATEGORY_NAMES.map((category) => {
    const tally = row.report.facts.by_category[category];
    return tally && tally.kept + tally.redundant + tally.dropped > 0 ? `${tally.kept}/${tally.redundant}/${tally.dropped}` : '';
  });
  lines.push(`| ${row.name} | ${cells.join(' | ')} |`);
}

if (base) {
  // A spread over the catalogs: one distinct sentence from each in turn.
  const picked: string[] = [];
  const queues = rows.map((row) => ({ row, lost: row.lost.filter((l, i, all) => all.findIndex((m) => m.sentence === l.sentence) === i) }));
  for (let round = 0; picked.length < sentenceCount && queues.some((q) => q.lost.length > round); round++) {
    for (const queue of queues) {
      const entry = queue.lost[round];
      if (entry && picked.length < sentenceCount) picked.push(`- ${queue.row.name} \`${entry.location}\`: “${entry.sentence.replace(/\s+/gu, ' ')}”`);
    }
  }
  lines.push('', `Fact sentences the earlier commit dropped and this one keeps (${sum((r) => r.lost.length)} in all; ${picked.length} shown):`, '', ...picked);
}

console.log(lines.join('\n'));
await closeSharedCounter();
await base?.closeSharedCounter();
