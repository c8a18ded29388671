// Where the checks accept a missing sentence as deferred (docs/levels.md,
// "Facts at the deferral levels"): only in a tool shrunk at a deferral level
// whose own description carries the marker, so the model can tell that the
// tool's details are one describe call away. A sentence missing anywhere
// else is dropped, and fails the check as at `facts`.

import { DEFAULT_LEVEL, defersDetails, levelOfTool, type CatalogLevels, type LevelName } from '../../../shared/levels';
import type { JsonDocument } from '../json/json-node';
import { endsWithDeferralMarker } from '../transform/deferral-marker';
import { levelRules } from '../transform/level-rules';
import { descriptionSites, type DescriptionSite } from './description-sites';

export interface Deferrals {
  /** The level each tool was shrunk at. */
  levelOf: (toolIndex: number) => LevelName;
  /** The tools (by index) shrunk at a deferral level whose own description ends with the marker in the output. */
  marked: ReadonlySet<number>;
}

export const NO_DEFERRALS: Deferrals = { levelOf: () => DEFAULT_LEVEL, marked: new Set() };

/**
 * The marked tools of `after`, shrunk at `levels`. A tool's own description
 * is its envelope's (OpenAI: `function.description`); with several, the last
 * non-empty one carries the marker, as the transform writes it.
 */
export function deferralsOf(after: JsonDocument, levels: CatalogLevels): Deferrals {
  const levelOf = (toolIndex: number) => levelOfTool(levels, toolIndex);
  if (typeof levels === 'string' && !defersDetails(levels)) return { levelOf, marked: new Set() };
  return { levelOf, marked: new Set([...endingInMarker(after)].filter((toolIndex) => defersDetails(levelOf(toolIndex)))) };
}

/** The tools (by index) whose own description ends with the marker, whatever their level. */
export function endingInMarker(doc: JsonDocument): Set<number> {
  const own = new Map<number, string>();
  for (const site of descriptionSites(doc)) if (site.owner === undefined && site.text.trim() !== '') own.set(site.toolIndex, site.text);
  return new Set([...own].flatMap(([toolIndex, text]) => (endsWithDeferralMarker(text) ? [toolIndex] : [])));
}

/** A sentence of `site` missing from the output: deferred (its tool's level defers and the tool is marked) or not. */
export function isDeferred(deferrals: Deferrals, site: DescriptionSite): boolean {
  return deferrals.marked.has(site.toolIndex);
}

/**
 * A lead missing from the output is deferred only where the tool's level
 * does not keep it, in a marked tool: a schema's description removed whole
 * where the level defers them (overviews and below), and the tool's own lead
 * cut short where the level lists a short lead (skeletons, names). Every
 * other level keeps the tool's own lead, and `leads` every parameter's.
 */
export function isLeadDeferred(deferrals: Deferrals, site: DescriptionSite, counterpart: DescriptionSite | undefined): boolean {
  if (!isDeferred(deferrals, site)) return false;
  const rules = levelRules(deferrals.levelOf(site.toolIndex));
  if (site.owner === undefined) return rules.toolDescription === 'short-lead';
  return counterpart === undefined && rules.schemaDescriptions === 'deferred';
}
