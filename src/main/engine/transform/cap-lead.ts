// The lead sentence tells a model what a tool is for, so it stays whole
// (docs/transform.md). Only a lead over 300 bytes is shortened: at the last word
// boundary within the budget, marked with an ellipsis so it never runs into
// the next kept sentence. A lead with no word boundary to cut at stays whole.

import { utf8ByteLengthAbove, utf8Prefix } from '../text/utf8';

export const LEAD_CAP_BYTES = 300;
export const ELLIPSIS = '…';

const TRAILING_JOINERS = /[\s,;:–—-]+$/u;
const WHITESPACE = /\s/u;

/** `sentence`, or — above 300 bytes — its words that fit in 300 bytes plus "…". */
export function capLead(sentence: string): string {
  // An ellipsis we appended earlier is not counted, so capping is idempotent.
  const body = sentence.endsWith(ELLIPSIS) ? sentence.slice(0, -ELLIPSIS.length) : sentence;
  if (!utf8ByteLengthAbove(body, LEAD_CAP_BYTES)) return sentence;
  let cut = utf8Prefix(body, LEAD_CAP_BYTES);
  if (!WHITESPACE.test(body[cut.length] ?? '')) {
    const lastSpace = cut.search(/\s\S*$/u);
    if (lastSpace <= 0) return sentence;
    cut = cut.slice(0, lastSpace);
  }
  cut = cut.replace(TRAILING_JOINERS, '');
  return cut === '' ? sentence : cut + ELLIPSIS;
}
