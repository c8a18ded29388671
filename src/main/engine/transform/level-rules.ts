// What each level does to a tool, in one table (docs/levels.md): how its
// own description is written, how its schema's descriptions are, and
// whether its schema's structure is kept exact. The writer and the checks
// read these rules instead of naming levels; which levels defer (and mark
// what a tool lost) is src/shared/levels.ts's.

import type { LevelName } from '../../../shared/levels';

export interface LevelRules {
  /** The tool's own description: whole, its lead and warning sentences, or its lead cut short (skeletons, names). */
  toolDescription: 'whole' | 'lead-and-warnings' | 'short-lead';
  /** Each description in its schema: whole, lead and fact sentences, lead and warning sentences, or deferred (gone). */
  schemaDescriptions: 'whole' | 'facts' | 'lead-and-warnings' | 'deferred';
  /** The schema: exact (descriptions aside), its typed skeleton, or `{"type":"object"}`. */
  schema: 'exact' | 'skeleton' | 'object';
}

const RULES: Record<LevelName, LevelRules> = {
  full: { toolDescription: 'whole', schemaDescriptions: 'whole', schema: 'exact' },
  facts: { toolDescription: 'whole', schemaDescriptions: 'facts', schema: 'exact' },
  leads: { toolDescription: 'lead-and-warnings', schemaDescriptions: 'lead-and-warnings', schema: 'exact' },
  overviews: { toolDescription: 'whole', schemaDescriptions: 'deferred', schema: 'exact' },
  signatures: { toolDescription: 'lead-and-warnings', schemaDescriptions: 'deferred', schema: 'exact' },
  skeletons: { toolDescription: 'short-lead', schemaDescriptions: 'deferred', schema: 'skeleton' },
  names: { toolDescription: 'short-lead', schemaDescriptions: 'deferred', schema: 'object' },
};

export function levelRules(level: LevelName): LevelRules {
  return RULES[level];
}

/** Each rule's values from the most kept to the least. */
const ORDERS: { [K in keyof LevelRules]: readonly LevelRules[K][] } = {
  toolDescription: ['whole', 'lead-and-warnings', 'short-lead'],
  schemaDescriptions: ['whole', 'facts', 'lead-and-warnings', 'deferred'],
  schema: ['exact', 'skeleton', 'object'],
};

/**
 * True when `richer` keeps at least what `poorer` keeps of every part of a
 * tool, so it never costs fewer tokens (the marker aside). Levels are not a
 * chain: `leads` cuts a tool's own description that `overviews` keeps, and
 * keeps parameter leads that `overviews` defers.
 */
export function keepsAtLeast(richer: LevelName, poorer: LevelName): boolean {
  const a = RULES[richer];
  const b = RULES[poorer];
  return (Object.keys(ORDERS) as (keyof LevelRules)[]).every(
    (part) => (ORDERS[part] as readonly string[]).indexOf(a[part]) <= (ORDERS[part] as readonly string[]).indexOf(b[part]),
  );
}
