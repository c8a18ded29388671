// The levels (docs/levels.md): how much a shrink keeps in the listing and
// how much it defers to the describe tool. Down to `signatures` only prose
// is deferred; `skeletons` and `names` defer the schema's detail too, and
// what they list still accepts every call the original accepts.

import type { LevelName } from './contracts';
import { CONTRACT_ENUMS } from './contracts/enums.generated';

export type { LevelName };

/** From the most kept to the least. */
export const LEVELS = CONTRACT_ENUMS.levels as readonly LevelName[];

/** shrink, lint and the app: today's drop-in behaviour. */
export const DEFAULT_LEVEL: LevelName = 'facts';

/** The levels that defer text to the describe tool (and mark what they shortened). */
export const DEFERRING_LEVELS: readonly LevelName[] = ['leads', 'overviews', 'signatures', 'skeletons', 'names'];

/** What each level keeps of the descriptions, in one phrase (the proxy's start line, the app's level switch; docs/levels.md). */
export const LEVEL_KEEPS: Record<LevelName, string> = {
  full: 'every description whole',
  facts: 'tool descriptions whole, parameter descriptions cut to their lead and fact sentences',
  leads: 'each description cut to its lead and warnings',
  overviews: 'tool descriptions whole, parameter descriptions deferred',
  signatures: 'tool descriptions cut to their lead and warnings, parameter descriptions deferred',
  skeletons: 'tool descriptions cut to a short lead, each schema cut to its typed skeleton (names, types, required, short enums)',
  names: 'tool descriptions cut to a short lead, every schema deferred',
};

/** One level for a whole catalog, or one per tool in catalog order (a budget's plan). */
export type CatalogLevels = LevelName | readonly LevelName[];

/** The level of tool `toolIndex` (the default for one a per-tool list does not name). */
export function levelOfTool(levels: CatalogLevels, toolIndex: number): LevelName {
  return typeof levels === 'string' ? levels : (levels[toolIndex] ?? DEFAULT_LEVEL);
}

export function isLevelName(value: unknown): value is LevelName {
  return typeof value === 'string' && (LEVELS as readonly string[]).includes(value);
}

export function defersDetails(level: LevelName): boolean {
  return DEFERRING_LEVELS.includes(level);
}
