// The lead sentence tells a model what a tool is for; a long one is cut to a
// byte budget on a character boundary and marked with an ellipsis so it never
// runs into the next kept sentence.

import { utf8ByteLength, utf8Prefix } from '../text/utf8';

export const LEAD_CAP_BYTES = 80;
export const ELLIPSIS = '…';

const TRAILING_JOINERS = /[\s,;:–—-]+$/u;

/** `sentence`, or its first ≤80 bytes (word-aligned when that keeps over half) plus "…". */
export function capLead(sentence: string): string {
  // An ellipsis we appended earlier is not counted, so capping is idempotent.
  const body = sentence.endsWith(ELLIPSIS) ? sentence.slice(0, -ELLIPSIS.length) : sentence;
  if (utf8ByteLength(body) <= LEAD_CAP_BYTES) return sentence;
  let cut = utf8Prefix(body, LEAD_CAP_BYTES);
  const cutInsideWord = !/\s/u.test(body[cut.length] ?? ' ') && !/\s$/u.test(cut);
  if (cutInsideWord) {
    const lastSpace = cut.search(/\s\S*$/u);
    if (lastSpace > 0 && utf8ByteLength(cut.slice(0, lastSpace)) * 2 > LEAD_CAP_BYTES) cut = cut.slice(0, lastSpace);
  }
  return cut.replace(TRAILING_JOINERS, '') + ELLIPSIS;
}
