// The harness's tables in Markdown, from the results file: per client, each
// catalog direct and at each level; and each searching client's recall, the
// intended tool's rank per query direct and through the proxy, with the top
// five its search returned.

import type { CatalogId } from './catalogs';
import type { ClientDriver } from './client-driver';
import type { SessionResult, StepResult } from './session-result';
import { DESCRIBE_TOOL } from './steps';

const number = (value: number) => value.toLocaleString('en-US');
const percent = (value: number, base: number) => (base === 0 ? '' : ` (${value >= base ? '+' : '−'}${((Math.abs(value - base) * 100) / base).toFixed(1)}%)`);
const versus = (value: number | undefined, base: number | undefined) =>
  value === undefined ? '—' : `${number(value)}${base === undefined || value === base ? '' : percent(value, base)}`;

const stepOf = (result: SessionResult | undefined, kind: StepResult['kind']) => result?.steps.find((step) => step.kind === kind);

function loadCell(step: StepResult | undefined, direct: StepResult | undefined): string {
  if (!step) return '—';
  if (!step.answered) return 'no answer';
  const whole = versus(step.addedTokens, direct?.addedTokens);
  return step.serverTokens === undefined ? whole : `${whole}; its tools ${versus(step.serverTokens, direct?.serverTokens)}`;
}

function listingCell(step: StepResult | undefined, direct: StepResult | undefined, toolCount: number): string {
  if (!step?.answered) return '—';
  const shown = step.found.filter((name) => name !== DESCRIBE_TOOL).length;
  const cut = step.wholeTokens === undefined ? 'not cut' : `cut; Codex counted ${number(step.wholeTokens)}`;
  return `${versus(step.addedTokens, direct?.addedTokens)}; ${shown} of ${toolCount} tools (${cut})`;
}

function outcomeCell(step: StepResult | undefined, what: string): string {
  if (!step) return '—';
  if (!step.answered) return 'no answer';
  if (step.notListed) return 'not listed by the proxy';
  return step.exact ? `${what} (${number(step.roundTripMs)} ms)` : `✗ ${(step.answerStart ?? '').replace(/\|/g, '\\|')}`;
}

function tableRow(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** One client's table: a row per catalog and variant. */
export function clientTable(driver: ClientDriver, results: SessionResult[]): string {
  const has = (kind: StepResult['kind']) => driver.steps.has(kind);
  const header = [
    'catalog',
    'server',
    'upfront tokens',
    'first request had the tools',
    ...(has('listing') ? ['ALL_TOOLS listing: tokens read; the server’s tools within it'] : []),
    ...(has('load-name') ? ['load by name', 'load by keywords'] : []),
    'call: server’s answer (round trip)',
    'caveman_describe: server’s bytes',
  ].filter((cell) => cell !== 'load by keywords' || has('load-keywords'));
  const rows = [tableRow(header), tableRow(header.map((_, index) => (index < 2 ? '---' : index === 3 ? ':-:' : '---:')))];
  for (const catalog of [...new Set(results.map((result) => result.catalog))]) {
    const direct = results.find((result) => result.catalog === catalog && result.variant === 'direct');
    for (const result of results.filter((entry) => entry.catalog === catalog)) {
      const sameAsDirect = result === direct;
      const cells = [
        result === results.find((entry) => entry.catalog === catalog) ? catalog : '',
        sameAsDirect ? 'direct' : `${result.variant}${result.entryBy === 'harness' ? ' †' : ''}`,
        result.failure ? `client failed: ${result.failure.split('\n').pop()}` : versus(result.upfrontTokens, sameAsDirect ? undefined : direct?.upfrontTokens),
        result.firstShowsServer ? 'yes' : 'no',
        ...(has('listing') ? [listingCell(stepOf(result, 'listing'), sameAsDirect ? undefined : stepOf(direct, 'listing'), result.serverTools ?? 0)] : []),
        ...(has('load-name') ? [loadCell(stepOf(result, 'load-name'), sameAsDirect ? undefined : stepOf(direct, 'load-name'))] : []),
        ...(has('load-keywords') ? [loadCell(stepOf(result, 'load-keywords'), sameAsDirect ? undefined : stepOf(direct, 'load-keywords'))] : []),
        outcomeCell(stepOf(result, 'call'), '✓'),
        sameAsDirect ? 'not listed direct' : outcomeCell(stepOf(result, 'describe'), '✓ byte for byte'),
      ];
      rows.push(tableRow(cells));
    }
  }
  return rows.join('\n');
}

/** The intended tool's rank in each repetition of a query's search (0: not found). */
export function ranksOf(result: SessionResult | undefined, query: string, tool: string): number[] {
  return (result?.steps ?? []).filter((step) => step.kind === 'recall' && step.target === query).map((step) => step.found.indexOf(tool) + 1);
}

/** The rank a model can count on: the worst over the repetitions (Infinity: missed at least once). */
export const worstRank = (ranks: number[]) => (ranks.length === 0 || ranks.includes(0) ? Infinity : Math.max(...ranks));

/** "3", "2–5" when the repetitions differ, "—" never found, "4 or —" when found only sometimes. */
export function rankCell(ranks: number[]): string {
  const found = ranks.filter((rank) => rank > 0);
  if (found.length === 0) return '—';
  const [low, high] = [Math.min(...found), Math.max(...found)];
  const range = low === high ? String(low) : `${low}–${high}`;
  return found.length < ranks.length ? `${range} or —` : range;
}

/**
 * A searching client's recall on one catalog: the intended tool's rank per query and variant (— not found; a range where repeated
 * searches differ), ✗ where its worst rank is worse than direct's, and a last row counting, per level, the queries direct finds every
 * time that the proxy finds at no worse a rank.
 */
export function recallTable(results: SessionResult[], catalog: CatalogId, queries: Record<string, string>): string {
  const sessions = results.filter((result) => result.catalog === catalog);
  const direct = sessions.find((result) => result.variant === 'direct');
  const levels = sessions.filter((result) => result !== direct);
  const rows = [
    tableRow(['query', 'intended tool', 'direct', ...levels.map((result) => result.variant)]),
    tableRow(['---', '---', ...['', ...levels].map(() => ':-:')]),
  ];
  const noWorse = levels.map(() => 0);
  let foundDirect = 0;
  for (const [query, tool] of Object.entries(queries)) {
    const directRanks = ranksOf(direct, query, tool);
    const directWorst = worstRank(directRanks);
    if (directWorst !== Infinity) foundDirect++;
    const cells = levels.map((result, index) => {
      const ranks = ranksOf(result, query, tool);
      const isWorse = directWorst !== Infinity && worstRank(ranks) > directWorst;
      if (directWorst !== Infinity && !isWorse) noWorse[index]!++;
      return `${rankCell(ranks)}${isWorse ? ' ✗' : ''}`;
    });
    rows.push(tableRow([`"${query}"`, `\`${tool}\``, rankCell(directRanks), ...cells]));
  }
  const total = Object.keys(queries).length;
  rows.push(tableRow(['no worse than direct', '', `found ${foundDirect} of ${total}`, ...noWorse.map((count) => `${count} of ${foundDirect}`)]));
  return rows.join('\n');
}

/** The top five each search returned (its first repetition): direct's, then each level's where it differs. */
export function topFiveTable(results: SessionResult[], catalog: CatalogId, queries: Record<string, string>): string {
  const sessions = results.filter((result) => result.catalog === catalog);
  const rows = [tableRow(['query', 'server', 'top 5']), tableRow(['---', '---', '---'])];
  for (const query of Object.keys(queries)) {
    let previous: string | undefined;
    for (const result of sessions) {
      const found = result.steps.find((step) => step.kind === 'recall' && step.target === query)?.found.slice(0, 5) ?? [];
      const text = found.map((name) => (name === queries[query] ? `**${name}**` : name)).join(', ') || '(nothing)';
      const shown = previous === undefined || text !== previous ? text : 'the same';
      rows.push(tableRow([previous === undefined ? `"${query}"` : '', result.variant, shown]));
      previous ??= text;
    }
  }
  return rows.join('\n');
}
