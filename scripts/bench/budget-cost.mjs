// What a budget costs a shrink (docs/levels.md, "Budgets"; goal: at most 2×
// a plain shrink): a budgeted shrink, timed in turn with a plain shrink at
// the same ceiling into the same kind of store, round by round, on the
// generated 344-tool 3.6 MB catalog (the default listing: ceiling skeletons,
// 16,000 tokens, most tools stepped to names) and on github-mcp-server with
// the ceiling facts and 8,000 tokens (every level counted). The ratio is the
// median of the per-round ratios (measure.mjs).

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { closeSharedCounter, RecoveryStore, shrink } from '../../out/main/lib.js';
import { generateWideCatalog } from './generate-catalog.mjs';
import { formatMs, interleaved, middle, pairedRatio } from './measure.mjs';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');

export const BUDGET_CASES = [
  { name: 'generated-wide-344', bytes: () => Buffer.from(generateWideCatalog(344)), level: 'skeletons', budget: 16_000 },
  { name: 'github-mcp-server', bytes: () => readFileSync(join(root, 'test/fixtures/shared/real/github-mcp-server.json')), level: 'facts', budget: 8_000 },
];

/** Each case's plain and budgeted medians and their paired ratio; `storeAt` gives a fresh store path. */
export async function budgetCost(rounds, storeAt) {
  const results = [];
  for (const { name, bytes: make, level, budget } of BUDGET_CASES) {
    const bytes = make();
    const store = RecoveryStore.open(storeAt());
    const shrinkWith = (options) => {
      let handle;
      return {
        work: async () => {
          handle = (await shrink(bytes, { store, level, ...options })).result.recovery_handle;
        },
        after: () => handle && store.delete(handle),
      };
    };
    const times = await interleaved(rounds, { plain: shrinkWith({}), budgeted: shrinkWith({ budget }) });
    store.close();
    results.push({ name, level, budget, plainMs: middle(times.plain), budgetedMs: middle(times.budgeted), ratio: pairedRatio(times.budgeted, times.plain) });
  }
  return results;
}

/** The lines the bench prints. */
export function budgetCostLines(results) {
  return results.map(
    (r) =>
      `  ${r.name.padEnd(20)} ceiling ${r.level.padEnd(9)} budget ${String(r.budget).padStart(6)}  ` +
      `plain ${formatMs(r.plainMs).padStart(6)} ms  budgeted ${formatMs(r.budgetedMs).padStart(6)} ms  ${r.ratio}× (goal ≤ 2×)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = mkdtempSync(join(tmpdir(), 'caveman-budget-cost-'));
  let stores = 0;
  try {
    for (const line of budgetCostLines(await budgetCost(Number(process.argv[2] ?? 9), () => join(dir, `store-${stores++}.db`)))) console.log(line);
  } finally {
    await closeSharedCounter();
    rmSync(dir, { recursive: true, force: true });
  }
}
