// Description reduction (SPEC §2.3): short descriptions stay whole; a long
// one keeps its lead sentence whole (only a lead over 300 bytes is shortened,
// at a word boundary) and every fact sentence (fact-taxonomy.ts), in order.
// A fact sentence goes only when a keyword on the same schema node states the
// same fact with the same value (schema-redundancy.ts).
//
// The lead is the first sentence, whether or not it also states a fact (the
// reference took the first sentence without a rule marker and cut it at 80
// bytes; a whole first sentence carries the words a model selects by).

import { utf8ByteLengthAbove } from '../text/utf8';
import { capLead } from './cap-lead';
import { isFactSentence } from './fact-taxonomy';
import { mightBeRedundant, redundantWith, type NodeKeywords } from './schema-redundancy';
import { splitSentences } from './split-sentences';

export const SMALL_DESCRIPTION_BYTES = 160;

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
export function reduceDescription(description: string, keywords?: NodeKeywords | (() => NodeKeywords)): string | undefined {
  if (!isLongDescription(description)) return undefined;
  const plan = planFor(description);
  return plan.readsKeywords ? reductionWithout(plan, description, statedSentences(plan, keywords)) : plan.reduced;
}

/**
 * reduceDescription() as the writer emits it: a JSON string literal. A
 * description recurs across a catalog's tools, and its reduction depends
 * only on which of its sentences keywords state: each literal is made once
 * per plan and set of such sentences.
 */
export function reducedDescriptionJson(description: string, keywords?: NodeKeywords | (() => NodeKeywords)): string | undefined {
  if (!isLongDescription(description)) return undefined;
  const plan = planFor(description);
  const stated = plan.readsKeywords ? statedSentences(plan, keywords) : '';
  let literal = plan.literals.get(stated);
  if (literal === undefined) {
    const reduced = plan.readsKeywords ? reductionWithout(plan, description, stated) : plan.reduced;
    literal = reduced === undefined ? null : JSON.stringify(reduced);
    plan.literals.set(stated, literal);
  }
  return literal ?? undefined;
}

/** The kept sentences a keyword of the node states (rule 3), as their indexes between commas (",1,3,"); "" for none. */
function statedSentences(plan: ReductionPlan, keywords: NodeKeywords | (() => NodeKeywords) | undefined): string {
  if (keywords === undefined) return '';
  let known = typeof keywords === 'function' ? undefined : keywords;
  let stated = '';
  plan.kept.forEach((entry, i) => {
    if (!entry.checked) return;
    known ??= (keywords as () => NodeKeywords)();
    if (redundantWith(entry.sentence, known) !== undefined) stated += `${stated === '' ? ',' : ''}${i},`;
  });
  return stated;
}

/** The plan's kept sentences but the `stated` ones, joined; undefined when that is the description itself. */
function reductionWithout(plan: ReductionPlan, description: string, stated: string): string | undefined {
  let reduced = '';
  let last = -1;
  plan.kept.forEach((entry, i) => {
    if (stated.includes(`,${i},`)) return;
    // A gap is whitespace only between neighbours: a sentence dropped between them is not.
    reduced = last === -1 ? entry.sentence : reduced + (last === i - 1 && entry.gap !== undefined ? entry.gap : ' ') + entry.sentence;
    last = i;
  });
  return reduced === description ? undefined : reduced;
}

/** A sentence kept unless a keyword on its node says the same (`checked`); `gap`: the whitespace before it when only whitespace separates it from the previous kept one. */
interface KeptSentence {
  sentence: string;
  checked: boolean;
  gap: string | undefined;
}

/**
 * What reducing a description does before reading any keyword: the lead
 * (capped) and the fact sentences, and the result itself when no sentence
 * needs keywords. Catalogs repeat descriptions (the same parameter in many
 * tools): each is split and classified once.
 */
interface ReductionPlan {
  /** The description planned. */
  description: string;
  kept: KeptSentence[];
  readsKeywords: boolean;
  /** The reduction when it reads no keywords (undefined: the description stays as it was). */
  reduced: string | undefined;
  /** The reductions written so far as JSON literals (null: unchanged), by statedSentences(). */
  literals: Map<string, string | null>;
}

/**
 * Plans by description, in two generations of at most REMEMBERED each: when
 * the newer is full it becomes the older and the oldest is let go, so memory
 * stays flat on a catalog of unique descriptions while descriptions met again
 * (moved into the newer one) are kept.
 *
 * Looked up by a fingerprint of a few characters, then compared whole:
 * hashing every long description as a Map key was the transform's largest
 * single line in a profile of the generated catalogs (14% of its samples;
 * now 5%). Two descriptions with one fingerprint only take each other's place.
 */
let plans = new Map<number, ReductionPlan>();
let olderPlans = new Map<number, ReductionPlan>();
const REMEMBERED = 4096;

function planFor(description: string): ReductionPlan {
  const key = fingerprint(description);
  let plan = plans.get(key);
  if (plan?.description === description) return plan;
  plan = olderPlans.get(key);
  if (plan?.description !== description) plan = planOf(description);
  if (plans.size >= REMEMBERED) {
    olderPlans = plans;
    plans = new Map();
  }
  plans.set(key, plan);
  return plan;
}

/** The length and nine characters spread over the text, mixed (a description is over 53 characters long here). */
function fingerprint(text: string): number {
  const length = text.length;
  let hash = length;
  for (let part = 0; part < 8; part++) hash = Math.imul(hash ^ text.charCodeAt((length * part) >> 3), 0x9e3779b1);
  return Math.imul(hash ^ text.charCodeAt(length - 1), 0x85ebca6b) >>> 0;
}

function planOf(given: string): ReductionPlan {
  const description = detached(given);
  const text = description.trim();
  const kept: KeptSentence[] = [];
  let previousEnd = -1;
  let index = 0;
  for (const span of splitSentences(text)) {
    let sentence = text.slice(span.start, span.end);
    const lead = index++ === 0;
    const fact = isFactSentence(sentence);
    if (lead) {
      if (!fact) sentence = capLead(sentence);
    } else if (!fact) continue;
    const gap = previousEnd !== -1 && isAdjacent(text, previousEnd, span.start) ? text.slice(previousEnd, span.start) : undefined;
    kept.push({ sentence, checked: !lead && mightBeRedundant(sentence), gap });
    previousEnd = span.end;
  }
  const readsKeywords = kept.some((entry) => entry.checked);
  let reduced: string | undefined;
  if (!readsKeywords) {
    const whole = kept.map((entry, i) => (i === 0 ? '' : (entry.gap ?? ' ')) + entry.sentence).join('');
    reduced = whole === description ? undefined : whole;
  }
  return { description, kept, readsKeywords, reduced, literals: new Map() };
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

/** True when only whitespace separates two sentence spans (nothing dropped between). */
function isAdjacent(text: string, previousEnd: number, start: number): boolean {
  return text.slice(previousEnd, start).trim() === '';
}
