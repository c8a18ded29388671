// The pre-split's fast path for plain ASCII: most of a catalog is ASCII,
// where the patterns' classes are a fixed table and a piece is found with
// one comparison per character. A piece whose end depends on a non-ASCII
// character (a letter run that meets `é`, digits that meet `٣`, spaces
// that meet U+00A0) is not decided here: the scanner answers -1 and the
// general scanner (pre-split.ts) takes that piece.
//
// With ASCII only, o200k_base's two letter alternatives reduce to "a run of
// A–Z, then a run of a–z" (there are no Lm/Lo/M characters to give back),
// optionally after one [^\r\n\p{L}\p{N}] character; cl100k_base's to a run
// of letters after the same optional character.
//
// While scanning, the piece's packed key (packed-cache.ts) is built on the
// way — its last eight characters, seven bits each, in two words — so its
// characters are read once, and left in `scannedKey`: for a piece of up to
// eight characters the key is the piece itself (the counter adds the first
// four of a piece of up to twelve). A piece of spaces only
// (U+0020) is marked instead (SPACE_RUN), as its count depends on its length
// alone. Each scanner is one flat function, not composed of small helpers:
// that measured about twice as fast, and it is what runs before the JIT has
// optimised it (the first megabyte of every count).

import type { TokenizerName } from '../../../../shared/tokenizers';
import { ASCII_CLASS, NEWLINE, NUMBER, OTHER, SPACE } from './char-class';
import { KEY_HIGH, KEY_LOW, PACKED_MASK, SPACE_RUN } from './packed-cache';
import { contractionEnd } from './pre-split';

/**
 * What the last scan that did not answer -1 found: [KEY_LOW] the piece's
 * last four characters, [KEY_HIGH] the four before them (masked to 28 bits),
 * or SPACE_RUN in [KEY_HIGH] when the piece is only spaces.
 */
export const scannedKey = new Int32Array(2);

const isLetter = (code: number) => ((code | 0x20) - 0x61) >>> 0 < 26;
const isUpper = (code: number) => (code - 0x41) >>> 0 < 26;
const isLower = (code: number) => (code - 0x61) >>> 0 < 26;

/** End of the o200k_base piece at `start` (< text.length), or -1 when a non-ASCII character decides it. */
export function o200kAsciiPieceEnd(text: string, start: number): number {
  const length = text.length;
  let code = text.charCodeAt(start);
  if (code >= 0x80) return -1;
  let low = code;
  let high = 0;
  let i = start + 1;
  if (!isLetter(code)) {
    const first = ASCII_CLASS[code] ?? OTHER;
    const next = i < length ? text.charCodeAt(i) : -1;
    if (next >= 0x80) return -1;
    if ((first === OTHER || first === SPACE) && isLetter(next)) {
      // One [^\r\n\p{L}\p{N}] character joins the letters after it.
      low = (low << 7) | next;
      code = next;
      i++;
    } else {
      return otherPieceEnd(text, start, first, next, true);
    }
  }
  // [A-Z]*[a-z]+ or [A-Z]+[a-z]*, from the first letter (text[i - 1] = code).
  if (isUpper(code)) {
    for (; i < length; i++) {
      code = text.charCodeAt(i);
      if (!isUpper(code)) break;
      high = (high << 7) | (low >>> 21);
      low = ((low << 7) | code) & PACKED_MASK;
    }
  }
  for (; i < length; i++) {
    code = text.charCodeAt(i);
    if (!isLower(code)) break;
    high = (high << 7) | (low >>> 21);
    low = ((low << 7) | code) & PACKED_MASK;
  }
  if (i < length) {
    // code = text[i], the character that ended the letters.
    if (code >= 0x80) return -1;
    if (code === 0x27) {
      const end = contractionEnd(text, i);
      if (end !== -1) {
        for (; i < end; i++) {
          code = text.charCodeAt(i);
          if (code >= 0x80) return -1; // 'ſ: the general scanner has it
          high = (high << 7) | (low >>> 21);
          low = ((low << 7) | code) & PACKED_MASK;
        }
      }
    }
  }
  scannedKey[KEY_LOW] = low;
  scannedKey[KEY_HIGH] = high & PACKED_MASK;
  return i;
}

/** End of the cl100k_base piece at `start` (< text.length), or -1 when a non-ASCII character decides it. */
export function cl100kAsciiPieceEnd(text: string, start: number): number {
  const length = text.length;
  let code = text.charCodeAt(start);
  if (code >= 0x80) return -1;
  let low = code;
  let high = 0;
  let i = start + 1;
  if (!isLetter(code)) {
    if (code === 0x27) {
      const end = contractionEnd(text, start);
      if (end !== -1) {
        for (; i < end; i++) {
          code = text.charCodeAt(i);
          if (code >= 0x80) return -1; // 'ſ: the general scanner has it
          low = (low << 7) | code;
        }
        scannedKey[KEY_LOW] = low;
        scannedKey[KEY_HIGH] = 0;
        return end;
      }
    }
    const first = ASCII_CLASS[code] ?? OTHER;
    const next = i < length ? text.charCodeAt(i) : -1;
    if (next >= 0x80) return -1;
    if ((first === OTHER || first === SPACE) && isLetter(next)) {
      low = (low << 7) | next;
      i++;
    } else {
      return otherPieceEnd(text, start, first, next, false);
    }
  }
  for (; i < length; i++) {
    code = text.charCodeAt(i);
    if (!isLetter(code)) break;
    high = (high << 7) | (low >>> 21);
    low = ((low << 7) | code) & PACKED_MASK;
  }
  if (i < length && code >= 0x80) return -1;
  scannedKey[KEY_LOW] = low;
  scannedKey[KEY_HIGH] = high & PACKED_MASK;
  return i;
}

/**
 * The alternatives both patterns share after their letter ones, from an
 * ASCII character of class `first` (and `next` after it, -1 at the end of
 * the text; not ≥ 0x80) that starts no letter piece: `\p{N}{1,3}`,
 * ` ?[^\s\p{L}\p{N}]+[\r\n]*` (o200k_base: `[\r\n/]*`), `\s*[\r\n]+`,
 * `\s+(?!\S)`, `\s+`.
 */
function otherPieceEnd(text: string, start: number, first: number, next: number, trailingSlash: boolean): number {
  const length = text.length;
  let low = text.charCodeAt(start);
  let high = 0;
  let i = start + 1;
  if (first === NUMBER) {
    if (next !== -1 && ASCII_CLASS[next] === NUMBER) {
      low = (low << 7) | next;
      i++;
      if (i < length) {
        const third = text.charCodeAt(i);
        if (third >= 0x80) return -1;
        if (ASCII_CLASS[third] === NUMBER) {
          low = (low << 7) | third;
          i++;
        }
      }
    }
    scannedKey[KEY_LOW] = low;
    scannedKey[KEY_HIGH] = 0;
    return i;
  }
  if (first === OTHER || (low === 0x20 && next !== -1 && ASCII_CLASS[next] === OTHER)) {
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) return -1;
      if (ASCII_CLASS[code] !== OTHER) break;
      high = (high << 7) | (low >>> 21);
      low = ((low << 7) | code) & PACKED_MASK;
    }
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code !== 0x0a && code !== 0x0d && !(trailingSlash && code === 0x2f)) break;
      high = (high << 7) | (low >>> 21);
      low = ((low << 7) | code) & PACKED_MASK;
    }
    scannedKey[KEY_LOW] = low;
    scannedKey[KEY_HIGH] = high & PACKED_MASK;
    return i;
  }
  // Whitespace: up to the last newline of the run, else the run (less its
  // last character when a non-space follows and that leaves any). The key of
  // the run less its last character is kept on the way; so is whether the
  // run (and the run less its last character) is spaces only.
  let afterNewline = first === NEWLINE ? i : -1;
  let newlineLow = low;
  let newlineHigh = high;
  let lessLastLow = low;
  let lessLastHigh = high;
  let spaces = low === 0x20;
  let lessLastSpaces = spaces;
  for (; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return -1;
    const charClass = ASCII_CLASS[code];
    if (charClass !== SPACE && charClass !== NEWLINE) break;
    lessLastLow = low;
    lessLastHigh = high;
    lessLastSpaces = spaces;
    spaces = spaces && code === 0x20;
    high = (high << 7) | (low >>> 21);
    low = ((low << 7) | code) & PACKED_MASK;
    if (charClass === NEWLINE) {
      afterNewline = i + 1;
      newlineLow = low;
      newlineHigh = high;
    }
  }
  let end = i;
  if (afterNewline !== -1) {
    end = afterNewline;
    low = newlineLow;
    high = newlineHigh;
  } else if (i !== length && i - 1 !== start) {
    end = i - 1;
    low = lessLastLow;
    high = lessLastHigh;
    spaces = lessLastSpaces;
  }
  scannedKey[KEY_LOW] = low;
  scannedKey[KEY_HIGH] = spaces && afterNewline === -1 ? SPACE_RUN : high & PACKED_MASK;
  return end;
}

export const ASCII_PIECE_END: Readonly<Record<TokenizerName, (text: string, start: number) => number>> = {
  o200k_base: o200kAsciiPieceEnd,
  cl100k_base: cl100kAsciiPieceEnd,
};
