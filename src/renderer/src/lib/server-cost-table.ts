// The Servers view's cost table: for each level, what the listing costs in
// each rendering without the proxy (before) and through it (after), with
// caveman_describe counted where the proxy lists it, and with the tools a
// person unticked left out. Pure: a measurement and a set of names in, rows out.
//
// Leaving tools out is figured from each tool's exact share of the shrunk
// listing (the shares and the envelope sum to the total), so a filtered row
// is an estimate: a listing without those tools can join a token or two
// differently at the seams. Such rows say so (estimate: true).

import type { LevelName, ServerCosts, TokenTriple } from '../../../shared/contracts';

export const RENDERINGS = ['json', 'anthropic', 'openai'] as const;
export type RenderingKey = (typeof RENDERINGS)[number];

/** Column heads, and what each rendering is (SPEC §2.8). */
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

/** The share saved, (before − after) / before; 0 for an empty listing. */
export function savedShare(before: number, after: number): number {
  return before === 0 ? 0 : (before - after) / before;
}
