// Where the checks of SPEC §2.6 accept a missing sentence as deferred
// (docs/levels.md, "Facts at the deferral levels"): only at a deferral level,
// and only in a tool whose own description carries the marker, so the model
// can tell that the tool's details are one describe call away. A sentence
// missing anywhere else is dropped, and fails the check as at `facts`.

import { DEFAULT_LEVEL, defersDetails, type LevelName } from '../../../shared/levels';
import type { JsonDocument } from '../json/json-node';
import { endsWithDeferralMarker } from '../transform/deferral-marker';
import { descriptionSites, type DescriptionSite } from './description-sites';

export interface Deferrals {
  level: LevelName;
  /** The tools (by index) whose own description ends with the marker in the output; empty when the level defers nothing. */
  marked: ReadonlySet<number>;
}

export const NO_DEFERRALS: Deferrals = { level: DEFAULT_LEVEL, marked: new Set() };

/**
 * The marked tools of `after` at `level`. A tool's own description is its
 * envelope's (OpenAI: `function.description`); with several, the last
 * non-empty one carries the marker, as the transform writes it.
 */
export function deferralsOf(after: JsonDocument, level: LevelName): Deferrals {
  return { level, marked: defersDetails(level) ? markedTools(after) : new Set() };
}

/** The tools (by index) of a shrunk catalog whose own description ends with the marker: those whose listing deferred anything. */
export function markedTools(after: JsonDocument): Set<number> {
  const own = new Map<number, string>();
  for (const site of descriptionSites(after)) if (site.owner === undefined && site.text.trim() !== '') own.set(site.toolIndex, site.text);
  const marked = new Set<number>();
  for (const [toolIndex, text] of own) if (endsWithDeferralMarker(text)) marked.add(toolIndex);
  return marked;
}

/** A sentence of `site` missing from the output: deferred (the level defers and the tool is marked) or not. */
export function isDeferred(deferrals: Deferrals, site: DescriptionSite): boolean {
  return deferrals.marked.has(site.toolIndex);
}

/**
 * A lead missing from the output is deferred only where the level does not
 * keep it: at `signatures`, a schema's description removed whole from a
 * marked tool. Every level keeps the tool's own lead, and `leads` every
 * parameter's.
 */
export function isLeadDeferred(deferrals: Deferrals, site: DescriptionSite, counterpart: DescriptionSite | undefined): boolean {
  return deferrals.level === 'signatures' && site.owner !== undefined && counterpart === undefined && isDeferred(deferrals, site);
}
