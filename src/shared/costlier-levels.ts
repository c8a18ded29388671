// The levels of a server's cost table that cost Claude more than a level
// listed before them (one that keeps more of something), and why: the
// Servers view says so beside the level and before a wrap at it, so the
// proxy is never handed a dearer level unawares. Two causes add up to the
// extra: caveman_describe, listed once a level shortens a description, and
// the tools themselves (the " …" marker on a shortened tool, or text the
// richer level cuts and this one keeps: leads and overviews each keep what
// the other cuts, docs/levels.md).

import { formatCount, formatInt } from './format-figures';
import { LEVEL_KEEPS, type LevelName } from './levels';
import type { CostRow } from './server-cost-table';

export interface CostlierLevel {
  level: LevelName;
  /** The cheapest level listed before it (the first of equals). */
  than: LevelName;
  /** Claude's tokens over `than`'s. */
  extra: number;
  /** caveman_describe's part: what it adds here beyond what it adds at `than`. */
  describe: number;
  /** The tools' own part, extra − describe (negative: the cuts save that much, less than the describe tool adds). */
  tools: number;
}

/** Each level that costs Claude more than the cheapest level before it, by level. */
export function costlierLevels(rows: readonly CostRow[]): Map<LevelName, CostlierLevel> {
  const costlier = new Map<LevelName, CostlierLevel>();
  let cheapest: CostRow | undefined;
  for (const row of rows) {
    if (cheapest !== undefined && row.after.anthropic > cheapest.after.anthropic) {
      const extra = row.after.anthropic - cheapest.after.anthropic;
      const describe = row.describe.anthropic - cheapest.describe.anthropic;
      costlier.set(row.level, { level: row.level, than: cheapest.level, extra, describe, tools: extra - describe });
    }
    if (cheapest === undefined || row.after.anthropic < cheapest.after.anthropic) cheapest = row;
  }
  return costlier;
}

/** "leads costs 59 more tokens than facts as Claude sees it: it lists caveman_describe (64 tokens) …, and its cuts save only 5." */
export function costlierWhy({ level, than, extra, describe, tools }: CostlierLevel): string {
  const head = `${level} costs ${formatCount(extra, 'token')} more than ${than} as Claude sees it: `;
  const keeps = `${level} keeps ${LEVEL_KEEPS[level]}; ${than}, ${LEVEL_KEEPS[than]}`;
  if (describe <= 0) return `${head}its tools cost more (${keeps}).`;
  const lists = `it lists caveman_describe (${formatCount(describe, 'token')}) so a model can read what it shortened`;
  if (tools < 0) return `${head}${lists}, and its cuts save only ${formatInt(-tools)}.`;
  if (tools === 0) return `${head}${lists}, and its cuts save nothing.`;
  return `${head}${lists}, and its tools cost ${formatInt(tools)} more (${keeps}).`;
}
