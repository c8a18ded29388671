// Description reduction (docs/transform.md): short descriptions stay whole; a long
// one keeps its lead sentence whole (only a lead over 300 bytes is shortened,
// at a word boundary) and every fact sentence (fact-taxonomy.ts), in order.
// A fact sentence goes only when a keyword on the same schema node states the
// same fact with the same value (schema-redundancy.ts).
//
// The deferral levels (docs/levels.md) reduce the same way to less: the lead
// (capped as above) and the warning sentences, whatever the length; the rest
// is deferred to the describe tool.
//
// The lead is the first sentence, whether or not it also states a fact (the
// reference took the first sentence without a rule marker and cut it at 80
// bytes; a whole first sentence carries the words a model selects by).

import { utf8ByteLengthAbove } from '../text/utf8';
import { capLead } from './cap-lead';
import { isDeferralWarning, isFactSentence } from './fact-taxonomy';
import { mightBeRedundant, redundantWith, type NodeKeywords } from './schema-redundancy';
import { namesAnother, namesIn, type CatalogNames, type NamesInSentence, type SentenceNames } from './sentence-names';
import { splitSentences } from './split-sentences';

export const SMALL_DESCRIPTION_BYTES = 160;

/** `facts`: lead and every fact sentence; `deferral`: lead and warning sentences (a deferral level that cuts a description to its lead). */
export type ReductionKind = 'facts' | 'deferral';

export interface ReductionOptions {
  kind?: ReductionKind;
  /** The catalog's names for the structural rule (a sentence naming another tool or a parameter of its own is a fact); none: the rule is not applied. */
  names?: SentenceNames | undefined;
}

type Keywords = NodeKeywords | (() => NodeKeywords);

/** True when a description is long enough to be reduced (over 160 bytes after trimming). */
export function isLongDescription(description: string): boolean {
  // At most 3 UTF-8 bytes per UTF-16 unit: short strings need no measuring.
  if (description.length * 3 <= SMALL_DESCRIPTION_BYTES) return false;
  return utf8ByteLengthAbove(description.trim(), SMALL_DESCRIPTION_BYTES);
}

/**
 * The reduced description, or `undefined` when it stays exactly as it was.
 * The first sentence is the lead; `keywords` are those of the schema node the
 * description belongs to (none for a tool's own description), read only when
 * a fact sentence could be redundant with them. Kept sentences keep their
 * order; neighbours keep the whitespace between them, and a single space
 * joins sentences that had others dropped between. Deterministic and
 * idempotent.
 */
export function reduceDescription(description: string, keywords?: Keywords, options: ReductionOptions = {}): string | undefined {
  const kind = options.kind ?? 'facts';
  if (kind === 'facts' && !isLongDescription(description)) return undefined;
  const plan = planFor(description, kind);
  return reductionOf(plan, promotedSentences(plan, options.names), statedSentences(plan, keywords));
}

/**
 * reduceDescription() as the writer emits it: a JSON string literal. A
 * description recurs across a catalog's tools, and its reduction depends
 * only on which of its sentences keywords state and which name a tool or
 * parameter: each literal is made once per plan and set of such sentences.
 */
export function reducedDescriptionJson(description: string, keywords?: Keywords, options: ReductionOptions = {}): string | undefined {
  const kind = options.kind ?? 'facts';
  if (kind === 'facts' && !isLongDescription(description)) return undefined;
  const plan = planFor(description, kind);
  const stated = statedSentences(plan, keywords);
  const promoted = promotedSentences(plan, options.names);
  const key = promoted === '' ? stated : `${promoted}|${stated}`;
  let literal = plan.literals.get(key);
  if (literal === undefined) {
    const reduced = reductionOf(plan, promoted, stated);
    literal = reduced === undefined ? null : JSON.stringify(reduced);
    plan.literals.set(key, literal);
  }
  return literal ?? undefined;
}

/** The planned sentences a keyword of the node states (rule 3), as their indexes between commas (",1,3,"); "" for none. */
function statedSentences(plan: ReductionPlan, keywords: Keywords | undefined): string {
  if (keywords === undefined || !plan.readsKeywords) return '';
  let known = typeof keywords === 'function' ? undefined : keywords;
  let stated = '';
  plan.sentences.forEach((entry, i) => {
    if (!entry.checked) return;
    known ??= (keywords as () => NodeKeywords)();
    if (redundantWith(entry.text, known) !== undefined) stated += `${stated === '' ? ',' : ''}${i},`;
  });
  return stated;
}

/** The planned sentences kept (or kept uncapped) because they name another tool or a parameter of their own, as indexes between commas; "" for none. */
function promotedSentences(plan: ReductionPlan, names: SentenceNames | undefined): string {
  if (names === undefined || plan.candidates === 0) return '';
  let promoted = '';
  plan.sentences.forEach((entry, i) => {
    if (entry.candidate && namesAnother(namesOf(plan, i, names.catalog), names)) promoted += `${promoted === '' ? ',' : ''}${i},`;
  });
  return promoted;
}

/** A candidate's names in one catalog, found once per plan and catalog. */
function namesOf(plan: ReductionPlan, index: number, catalog: CatalogNames): NamesInSentence {
  if (plan.namesFor !== catalog) {
    plan.namesFor = catalog;
    plan.names = [];
  }
  return (plan.names![index] ??= namesIn(plan.sentences[index]!.whole, catalog));
}

/**
 * The plan's sentences joined: each kept one (a candidate only when
 * `promoted` lists it, then whole) but the `stated` ones. Undefined when
 * that is the description itself — or, for a deferral plan, when every
 * sentence is there whole (nothing deferred: the text stays as written).
 */
function reductionOf(plan: ReductionPlan, promoted: string, stated: string): string | undefined {
  let reduced = '';
  let last = -1;
  let written = 0;
  let shortened = false;
  plan.sentences.forEach((entry, i) => {
    const listed = `,${i},`;
    const isPromoted = entry.candidate && promoted.includes(listed);
    if ((!entry.kept && !isPromoted) || stated.includes(listed)) return;
    const text = isPromoted ? entry.whole : entry.text;
    if (text !== entry.whole) shortened = true;
    // A gap is whitespace only between neighbours: a sentence dropped between them is not.
    reduced = last === -1 ? text : reduced + (last === entry.position - 1 ? entry.gap : ' ') + text;
    last = entry.position;
    written++;
  });
  if (plan.kind === 'deferral' && written === plan.count && !shortened) return undefined;
  return reduced === plan.description ? undefined : reduced;
}

/** One sentence of a plan. */
interface PlannedSentence {
  /** As kept: the lead capped at 300 bytes unless it states a fact. */
  text: string;
  /** As written. */
  whole: string;
  /** Its place among all the description's sentences (0: the lead). */
  position: number;
  /** The whitespace before it, written when the sentence before it is written too. */
  gap: string;
  /** Written whatever the catalog (the lead; a fact or warning sentence). */
  kept: boolean;
  /** Written (whole) only when it names another tool or a parameter of its own tool (SentenceNames). */
  candidate: boolean;
  /** Rule 3 may find it stated by a keyword of its node. */
  checked: boolean;
}

/**
 * What reducing a description does before reading any keyword or name: the
 * lead (capped) and the sentences kept, and those whose fate depends on
 * the node's keywords or the catalog's names. Catalogs repeat descriptions
 * (the same parameter in many tools): each is split and classified once.
 */
interface ReductionPlan {
  /** The description planned. */
  description: string;
  kind: ReductionKind;
  /** Kept and candidate sentences, in order. */
  sentences: PlannedSentence[];
  /** How many sentences the description has. */
  count: number;
  readsKeywords: boolean;
  candidates: number;
  /** The catalog `names` were found in (a plan outlives a transform). */
  namesFor: CatalogNames | undefined;
  names: NamesInSentence[] | undefined;
  /** The reductions written so far as JSON literals (null: unchanged), by promoted and stated sentences. */
  literals: Map<string, string | null>;
}

/**
 * Plans by description and kind, in two generations of at most REMEMBERED
 * each: when the newer is full it becomes the older and the oldest is let
 * go, so memory stays flat on a catalog of unique descriptions while
 * descriptions met again (moved into the newer one) are kept.
 *
 * Looked up by a fingerprint of a few characters, then compared whole:
 * hashing every long description as a Map key was the transform's largest
 * single line in a profile of the generated catalogs (14% of its samples;
 * now 5%). Two descriptions with one fingerprint only take each other's place.
 */
class PlanCache {
  private plans = new Map<number, ReductionPlan>();
  private olderPlans = new Map<number, ReductionPlan>();

  constructor(private readonly kind: ReductionKind) {}

  planFor(description: string): ReductionPlan {
    const key = fingerprint(description);
    let plan = this.plans.get(key);
    if (plan?.description === description) return plan;
    plan = this.olderPlans.get(key);
    if (plan?.description !== description) plan = planOf(description, this.kind);
    if (this.plans.size >= REMEMBERED) {
      this.olderPlans = this.plans;
      this.plans = new Map();
    }
    this.plans.set(key, plan);
    return plan;
  }
}

const REMEMBERED = 4096;
const caches: Record<ReductionKind, PlanCache> = { facts: new PlanCache('facts'), deferral: new PlanCache('deferral') };

function planFor(description: string, kind: ReductionKind): ReductionPlan {
  return caches[kind].planFor(description);
}

/** The length and nine characters spread over the text, mixed. */
function fingerprint(text: string): number {
  const length = text.length;
  let hash = length;
  if (length === 0) return 0;
  for (let part = 0; part < 8; part++) hash = Math.imul(hash ^ text.charCodeAt((length * part) >> 3), 0x9e3779b1);
  return Math.imul(hash ^ text.charCodeAt(length - 1), 0x85ebca6b) >>> 0;
}

function planOf(given: string, kind: ReductionKind): ReductionPlan {
  const description = detached(given);
  const text = description.trim();
  const sentences: PlannedSentence[] = [];
  const spans = splitSentences(text);
  spans.forEach((span, position) => {
    const whole = text.slice(span.start, span.end);
    const gap = position === 0 ? '' : text.slice(spans[position - 1]!.end, span.start);
    const fact = isFactSentence(whole);
    if (position === 0) {
      const capped = fact ? whole : capLead(whole);
      // A capped lead stays whole when it names another tool or a parameter (it is a fact then).
      sentences.push({ text: capped, whole, position, gap, kept: true, candidate: capped !== whole, checked: false });
      return;
    }
    if (kind === 'deferral') {
      if (isDeferralWarning(whole)) sentences.push({ text: whole, whole, position, gap, kept: true, candidate: false, checked: false });
      return;
    }
    sentences.push({ text: whole, whole, position, gap, kept: fact, candidate: !fact, checked: fact && mightBeRedundant(whole) });
  });
  return {
    description,
    kind,
    sentences,
    count: spans.length,
    readsKeywords: sentences.some((entry) => entry.checked),
    candidates: sentences.filter((entry) => entry.candidate).length,
    namesFor: undefined,
    names: undefined,
    literals: new Map(),
  };
}

/**
 * The same text in a string of its own. A description read from a catalog
 * is a slice of the whole catalog's text, and V8 keeps the whole text alive
 * for as long as the slice (or a slice of it) lives: a remembered plan would
 * hold a 32 MiB catalog in memory after its shrink. Joining forces a copy.
 */
function detached(text: string): string {
  return (' ' + text).slice(1);
}
