// Constraint sentences (docs/spec.md): every description sentence with one of
// today's rule markers (constraint-markers.ts) must still be present, word for
// word, in the same description after the transform — or be redundant with a
// keyword on the same schema node (rule 3 of §2.3, the one way a fact may go),
// or, at a deferral level, be deferred from a marked tool (deferrals.ts).

import type { JsonDocument } from '../json/json-node';
import { hasConstraintMarker } from '../transform/constraint-markers';
import { keywordsOf, redundantWith } from '../transform/schema-redundancy';
import { splitSentences } from '../transform/split-sentences';
import { NO_DEFERRALS, isDeferred, type Deferrals } from './deferrals';
import { descriptionSites, listSites, sitesByLocation, type DescriptionSite } from './description-sites';
import { NO_PROGRESS, perTool, type Progress } from '../tool-progress';

export interface ConstraintSentence {
  tool: string;
  /** Where the description lives: "tool#/description", "tool#/inputSchema/properties/x/description". */
  location: string;
  sentence: string;
}

/** Descriptions of a catalog by location (a location may repeat with duplicate keys). */
export function descriptionsOf(doc: JsonDocument): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [location, sites] of sitesByLocation(descriptionSites(doc)))
    found.set(
      location,
      sites.map((site) => site.text),
    );
  return found;
}

/** The sentences of one description that carry a constraint marker. */
export function constraintSentencesIn(description: string): string[] {
  const text = description.trim();
  return splitSentences(text)
    .map((span) => text.slice(span.start, span.end))
    .filter(hasConstraintMarker);
}

/**
 * Each description's constraint sentences, per document by site (index in
 * descriptionSites): a parsed document never changes, and the same input is
 * checked against the output of every level (the levels comparison, the
 * levels property) — its sentences are split and matched once.
 */
const sentencesBySite = new WeakMap<JsonDocument, (readonly string[] | undefined)[]>();

/** The constraint sentences of `doc`'s site `index` (of `sites`, its descriptionSites), read once. */
function siteSentences(doc: JsonDocument, sites: readonly DescriptionSite[]): (index: number) => readonly string[] {
  let read = sentencesBySite.get(doc);
  if (read === undefined) sentencesBySite.set(doc, (read = []));
  const known = read;
  return (index) => (known[index] ??= constraintSentencesIn(sites[index]!.text));
}

/** Every sentence with a constraint marker, with where it lives. */
export function constraintSentencesOf(doc: JsonDocument, onProgress: Progress = NO_PROGRESS): ConstraintSentence[] {
  const walk = listSites([doc], onProgress);
  const sites = descriptionSites(doc);
  const onTool = perTool(walk, (sites.at(-1)?.toolIndex ?? 0) + 1);
  return sites.flatMap((site) => {
    onTool(site.toolIndex);
    return constraintSentencesIn(site.text).map((sentence) => ({ tool: site.tool, location: site.location, sentence }));
  });
}

/** Constraint sentences of `before` missing from the same description in `after` and neither redundant with a keyword there nor deferred. */
export function missingConstraintSentences(
  before: JsonDocument,
  after: JsonDocument,
  onProgress: Progress = NO_PROGRESS,
  deferrals: Deferrals = NO_DEFERRALS,
): ConstraintSentence[] {
  return constraintSurvival(before, after, onProgress, deferrals).missing;
}

/**
 * The constraint sentences of `before` missing from `after` (see
 * missingConstraintSentences), the count deferred, and how many `before` has
 * in all (constraintSentencesOf's count, from the same walk); `onProgress`
 * hears the tools done (listing both sides' descriptions, then checking).
 */
export function constraintSurvival(
  before: JsonDocument,
  after: JsonDocument,
  onProgress: Progress = NO_PROGRESS,
  deferrals: Deferrals = NO_DEFERRALS,
): { missing: ConstraintSentence[]; deferred: number; sentences: number } {
  const check = listSites([after, before], onProgress);
  const afterSites = sitesByLocation(descriptionSites(after));
  const beforeSites = descriptionSites(before);
  const sentencesOf = siteSentences(before, beforeSites);
  const onTool = perTool(check, (beforeSites.at(-1)?.toolIndex ?? 0) + 1);
  const seen = new Map<string, number>();
  const missing: ConstraintSentence[] = [];
  let deferred = 0;
  let sentences = 0;
  for (const [i, site] of beforeSites.entries()) {
    const n = seen.get(site.location) ?? 0;
    seen.set(site.location, n + 1);
    const counterpart = afterSites.get(site.location)?.[n];
    for (const sentence of sentencesOf(i)) {
      sentences++;
      if ((counterpart?.text ?? '').includes(sentence)) continue;
      if (counterpart?.owner !== undefined && redundantWith(sentence, keywordsOf(after, counterpart.owner)) !== undefined) continue;
      if (isDeferred(deferrals, site)) deferred++;
      else missing.push({ tool: site.tool, location: site.location, sentence });
    }
    onTool(site.toolIndex);
  }
  return { missing, deferred, sentences };
}
