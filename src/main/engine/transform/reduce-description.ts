// Description reduction (SPEC §2.3): short descriptions stay whole; long ones
// keep their lead sentence (capped) and every sentence that states a rule.

import { utf8ByteLength } from '../text/utf8';
import { capLead } from './cap-lead';
import { hasConstraintMarker } from './constraint-markers';
import { splitSentences } from './split-sentences';

export const SMALL_DESCRIPTION_BYTES = 160;

/**
 * The reduced description, or `undefined` when it stays exactly as it was.
 * Kept sentences keep their order; neighbours keep the whitespace between
 * them, and a single space joins sentences that had others dropped between.
 * Deterministic and idempotent.
 */
export function reduceDescription(description: string): string | undefined {
  // At most 3 UTF-8 bytes per UTF-16 unit: short strings need no measuring.
  if (description.length * 3 <= SMALL_DESCRIPTION_BYTES) return undefined;
  const text = description.trim();
  if (utf8ByteLength(text) <= SMALL_DESCRIPTION_BYTES) return undefined;

  let reduced = '';
  let previousEnd = -1;
  let leadTaken = false;
  for (const span of splitSentences(text)) {
    let sentence = text.slice(span.start, span.end);
    if (!hasConstraintMarker(sentence)) {
      if (leadTaken) continue;
      leadTaken = true;
      sentence = capLead(sentence);
    }
    if (previousEnd === -1) reduced = sentence;
    else reduced += (isAdjacent(text, previousEnd, span.start) ? text.slice(previousEnd, span.start) : ' ') + sentence;
    previousEnd = span.end;
  }
  return reduced === description ? undefined : reduced;
}

/** True when only whitespace separates two sentence spans (nothing dropped between). */
function isAdjacent(text: string, previousEnd: number, start: number): boolean {
  return text.slice(previousEnd, start).trim() === '';
}
