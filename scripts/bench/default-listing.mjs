// The listing a client that lists every tool gets by default (the listing
// profile, docs/clients.md): its ceiling with its budget, counted as Claude
// is handed it (the describe tool included), on the nine real catalogs and on
// the generated 344-tool, 3.6 MB catalog (generateWideCatalog). Prints each
// catalog's listing as it came and as listed, how many tools at each level,
// and the share listed with a typed skeleton or richer. A budget below a
// catalog's floor lists every tool at names, as the proxy does.
//
//   npm run build && node scripts/bench/default-listing.mjs [--ceiling LEVEL] [--budget TOKENS]

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PROFILES, closeSharedCounter, lint } from '../../out/main/lib.js';
import { generateWideCatalog } from './generate-catalog.mjs';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const { listing } = PROFILES;
const { values } = parseArgs({
  options: { ceiling: { type: 'string', default: listing.ceiling }, budget: { type: 'string', default: String(listing.budget) } },
});
const budget = Number(values.budget);
const realDir = join(root, 'test/fixtures/shared/real');
const real = readdirSync(realDir)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({ name, bytes: readFileSync(join(realDir, name)) }));
const generated = { name: 'generated-wide-344.json', bytes: Buffer.from(generateWideCatalog(344)) };

const count = (n) => n.toLocaleString('en-US');
const percent = (before, after) => `${((1 - after / before) * 100).toFixed(1)}%`;
const RICH = new Set(['full', 'facts', 'leads', 'overviews', 'signatures', 'skeletons']);

async function measure({ name, bytes }) {
  const report = await lint(bytes, { level: values.ceiling, budget }).catch((error) =>
    error.code === 'cave_bad_request' && /floor/.test(error.message) ? lint(bytes, { level: 'names', budget: Number.MAX_SAFE_INTEGER }) : Promise.reject(error),
  );
  const before = report.visible.anthropic.tokens_before;
  const listed = report.budget.listing_tokens;
  const rich = report.tools.filter((tool) => RICH.has(tool.level)).length;
  return { name, mb: bytes.length / 1e6, tools: report.tools.length, before, listed, levels: report.budget.tools, rich };
}

try {
  console.log(`Default listing: ceiling ${values.ceiling}, budget ${count(budget)} tokens (o200k_base, Claude's view, describe tool included)\n`);
  const rows = [];
  for (const catalog of [...real, generated]) rows.push(await measure(catalog));
  const line = (r) => {
    const levels = Object.entries(r.levels).map(([level, n]) => `${n} ${level}`);
    const seen = `${count(r.before).padStart(8)} → ${count(r.listed).padStart(7)} (${percent(r.before, r.listed).padStart(5)})`;
    return `${r.name.padEnd(26)} ${String(r.tools).padStart(4)}  ${seen}  ${levels.join(', ')}`;
  };
  for (const r of rows) console.log(line(r));
  const nine = rows.slice(0, real.length);
  const sum = (key) => nine.reduce((total, r) => total + r[key], 0);
  console.log(
    `\nthe nine real catalogs: ${count(sum('before'))} → ${count(sum('listed'))} (${percent(sum('before'), sum('listed'))} saved); ` +
      `${sum('rich')} of ${sum('tools')} tools (${((sum('rich') / sum('tools')) * 100).toFixed(1)}%) with a typed skeleton or richer`,
  );
  const big = rows.at(-1);
  console.log(
    `${big.name} (${big.mb.toFixed(2)} MB): ${count(big.before)} → ${count(big.listed)}; ${big.rich} of ${big.tools} tools with a typed skeleton or richer`,
  );
} finally {
  await closeSharedCounter();
}
