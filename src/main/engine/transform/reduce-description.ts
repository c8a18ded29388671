// Description reduction (SPEC §2.3): short descriptions stay whole; a long
// one keeps its lead sentence whole (only a lead over 300 bytes is shortened,
// at a word boundary) and every fact sentence (fact-taxonomy.ts), in order.
// A fact sentence goes only when a keyword on the same schema node states the
// same fact with the same value (schema-redundancy.ts).
//
// The lead is the first sentence, whether or not it also states a fact (the
// reference took the first sentence without a rule marker and cut it at 80
// bytes; a whole first sentence carries the words a model selects by).

import { utf8ByteLength } from '../text/utf8';
import { capLead } from './cap-lead';
import { isFactSentence } from './fact-taxonomy';
import { mightBeRedundant, redundantWith, type NodeKeywords } from './schema-redundancy';
import { splitSentences } from './split-sentences';

export const SMALL_DESCRIPTION_BYTES = 160;

/** True when a description is long enough to be reduced (over 160 bytes after trimming). */
export function isLongDescription(description: string): boolean {
  // At most 3 UTF-8 bytes per UTF-16 unit: short strings need no measuring.
  if (description.length * 3 <= SMALL_DESCRIPTION_BYTES) return false;
  return utf8ByteLength(description.trim()) > SMALL_DESCRIPTION_BYTES;
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
  const remembered = reductions.get(description);
  if (remembered !== undefined) return remembered ?? undefined;
  const text = description.trim();
  let readsKeywords = false;
  let known = typeof keywords === 'function' ? undefined : keywords;
  let reduced = '';
  let previousEnd = -1;
  let index = 0;
  for (const span of splitSentences(text)) {
    let sentence = text.slice(span.start, span.end);
    const lead = index++ === 0;
    const fact = isFactSentence(sentence);
    if (lead) {
      if (!fact) sentence = capLead(sentence);
    } else {
      if (!fact) continue;
      if (mightBeRedundant(sentence)) {
        readsKeywords = true;
        if (keywords !== undefined) {
          known ??= (keywords as () => NodeKeywords)();
          if (redundantWith(sentence, known) !== undefined) continue;
        }
      }
    }
    if (previousEnd === -1) reduced = sentence;
    else reduced += (isAdjacent(text, previousEnd, span.start) ? text.slice(previousEnd, span.start) : ' ') + sentence;
    previousEnd = span.end;
  }
  const result = reduced === description ? undefined : reduced;
  if (!readsKeywords) remember(description, result);
  return result;
}

/**
 * Reductions that did not depend on a schema node's keywords, by
 * description: catalogs repeat descriptions (the same parameter in many
 * tools), and each is split and classified once. Bounded; null stands for
 * "stays as it was".
 */
const reductions = new Map<string, string | null>();
const REMEMBERED = 4096;

function remember(description: string, result: string | undefined): void {
  if (reductions.size >= REMEMBERED) reductions.clear();
  reductions.set(description, result ?? null);
}

/** True when only whitespace separates two sentence spans (nothing dropped between). */
function isAdjacent(text: string, previousEnd: number, start: number): boolean {
  return text.slice(previousEnd, start).trim() === '';
}
