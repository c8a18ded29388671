// The Servers view's cost table: for each level, what the listing costs in
// each rendering without the proxy (before) and through it (after), with
// caveman_describe counted where the proxy lists it, and with the tools a
// person unticked left out; and each server's line of Measure all's table
// (the CLI's servers --measure too), added up per client and in all. Pure:
// measurements and names in, rows out.
//
// Leaving tools out is figured from each tool's exact share of the shrunk
// listing (the shares and the envelope sum to the total), so a filtered row
// is an estimate: a listing without those tools can join a token or two
// differently at the seams. Such rows say so (estimate: true).

import type { LevelName, McpClient, ServerCosts, ServerWrapState, TokenTriple } from './contracts';
import { LEVELS } from './levels';
import { wrappedListing } from './profiles';

/** In the order a person reads them: what Claude sees first, then OpenAI, the JSON last. */
export const RENDERINGS = ['anthropic', 'openai', 'json'] as const;
export type RenderingKey = (typeof RENDERINGS)[number];

/** Column heads, and what each rendering is (docs/transform.md). */
export const RENDERING_LABELS: Record<RenderingKey, { head: string; title: string }> = {
  json: { head: 'JSON', title: 'The tools/list result as sent, compact JSON' },
  anthropic: { head: 'Claude', title: 'What Claude sees: the tools as an MCP client hands them to the Messages API' },
  openai: { head: 'OpenAI', title: 'What an OpenAI model sees: the harmony format’s namespace functions' },
};

export interface CostRow {
  level: LevelName;
  /** The listing without the proxy: every tool, as the server lists it. */
  before: TokenTriple;
  /** Through the proxy at this level: the kept tools shrunk, plus caveman_describe when it is listed. */
  after: TokenTriple;
  /** caveman_describe's part of `after` (0 when the level shortens nothing). */
  describe: TokenTriple;
  /** The tools listed through the proxy (caveman_describe not counted). */
  tools: number;
  /** Figured from per-tool shares (some tools are left out). */
  estimate: boolean;
}

export function costRows(costs: ServerCosts, excluded: ReadonlySet<string>): CostRow[] {
  const left = costs.tools.map((tool) => excluded.has(tool.name));
  const estimate = left.some(Boolean);
  return costs.levels.map((level) => {
    const triple = (pick: (rendering: RenderingKey) => number): TokenTriple => ({ json: pick('json'), anthropic: pick('anthropic'), openai: pick('openai') });
    const leftOut = (rendering: RenderingKey) => level.tools.reduce((sum, tool, i) => sum + (left[i] ? tool[rendering] : 0), 0);
    const describe = level.describeTool.tokens;
    return {
      level: level.level,
      before: triple((rendering) => level.total[rendering].tokens_before),
      after: triple((rendering) => level.total[rendering].tokens_after - leftOut(rendering) + describe[rendering]),
      describe,
      tools: left.filter((out) => !out).length,
      estimate,
    };
  });
}

/** What one server costs the model on every request it is listed in, as Claude sees it (the anthropic rendering). */
export interface ServerCostLine {
  /** As the entry is now: the listing itself when it is direct; through the proxy at its level, with its tool filters, when wrapped. */
  asConfigured: number;
  /** Through the proxy at each level (caveman_describe included), the entry's own tool filters kept. */
  levels: Record<LevelName, number>;
  /** Some figure comes from tool shares (tools filtered out by name): an estimate. */
  estimate: boolean;
}

/** The tool names a wrapped entry excludes by name (a pattern stays a pattern: not counted as a name). */
export function excludedByEntry(wrap: ServerWrapState): string[] {
  if (wrap.state !== 'wrapped') return [];
  return (wrap.excludeTools ?? []).flatMap((value) => value.split(',')).map((name) => name.trim());
}

/** `client`: whose config file holds the entry (a wrapped entry without --profile gets that client's profile). */
export function serverCostLine(costs: ServerCosts, wrap: ServerWrapState, client: McpClient): ServerCostLine {
  const rows = costRows(costs, new Set(excludedByEntry(wrap)));
  const levels = Object.fromEntries(rows.map((row) => [row.level, row.after.anthropic])) as Record<LevelName, number>;
  const before = costs.levels[0]?.total.anthropic.tokens_before ?? 0;
  if (wrap.state !== 'wrapped') return { asConfigured: before, levels, estimate: false };
  const { level, budget } = wrappedListing(wrap, client);
  // A budget's plan is not measured here: the listing is at most the budget (the ceiling's cost when that is less).
  const capped = budget !== undefined && budget < levels[level];
  return { asConfigured: capped ? budget : levels[level], levels, estimate: capped || rows.some((row) => row.estimate) };
}

/** The lines added up: what a client sends on every request with all of these servers listed. */
export function sumCostLines(lines: readonly ServerCostLine[]): ServerCostLine {
  const sum = (of: (line: ServerCostLine) => number | undefined) => lines.reduce((total, line) => total + (of(line) ?? 0), 0);
  const levels = Object.fromEntries(LEVELS.map((level) => [level, sum((line) => line.levels[level])])) as Record<LevelName, number>;
  return { asConfigured: sum((line) => line.asConfigured), levels, estimate: lines.some((line) => line.estimate) };
}
