// How much of a tool's selection surface its level keeps exactly
// (docs/levels.md): down to `signatures` all of it; at `skeletons` the
// names, types, required lists and enums of up to 16 values its skeleton
// lists; at `names` the tool's name. A tool that lost nothing, or had
// nowhere to carry the marker (it was shrunk at facts), keeps all of it.

import type { JsonDocument, NodeId } from '../json/json-node';
import { levelRules } from '../transform/level-rules';
import type { Deferrals } from './deferrals';
import { sameSelectionProfile, type ToolSelectionProfile } from './selection-profile';
import { skeletonDifferences } from './skeleton-profile';

export type SelectionScope = 'exact' | 'skeleton' | 'names';

const SCOPES: readonly SelectionScope[] = ['exact', 'skeleton', 'names'];

export function selectionScopeOf(deferrals: Deferrals, toolIndex: number): SelectionScope {
  if (!deferrals.marked.has(toolIndex)) return 'exact';
  const { schema } = levelRules(deferrals.levelOf(toolIndex));
  return schema === 'exact' ? 'exact' : schema === 'skeleton' ? 'skeleton' : 'names';
}

/** The scope that keeps the least among `scopes` (exact for none). */
export function narrowestScope(scopes: readonly SelectionScope[]): SelectionScope {
  return SCOPES[Math.max(0, ...scopes.map((scope) => SCOPES.indexOf(scope)))]!;
}

/** One tool on both sides: its profile and its schemas, in door order. */
export interface ToolSides {
  before: { doc: JsonDocument; profile: ToolSelectionProfile; schemas: readonly NodeId[] };
  after: { doc: JsonDocument; profile: ToolSelectionProfile | undefined; schemas: readonly NodeId[] };
}

/** True when the listing keeps what `scope` promises of the tool's selection surface. */
export function keepsSelection(scope: SelectionScope, { before, after }: ToolSides): boolean {
  if (after.profile === undefined) return false;
  if (scope === 'exact') return sameSelectionProfile({ tools: [before.profile] }, { tools: [after.profile] });
  if (after.profile.name !== before.profile.name) return false;
  if (scope === 'names') return true;
  return before.schemas.every((schema, door) => {
    const listed = after.schemas[door];
    return listed !== undefined && skeletonDifferences(after.doc, listed, before.doc, schema).length === 0;
  });
}
