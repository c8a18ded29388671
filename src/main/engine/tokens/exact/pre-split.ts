// tiktoken's pre-split patterns, written out as scanners. A scanner returns
// where the piece that starts at `start` ends — the same end the pattern's
// leftmost-first, backtracking match has (as the `tiktoken` package matches
// it, `\s` being Unicode White_Space). Why not the pattern as a JavaScript
// regex: on a run of megabytes its greedy quantifiers push a backtrack entry
// per character and V8 throws "Maximum call stack size exceeded";
// these loops take constant stack and linear time.
//
// o200k_base:
//   1 [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//   2 [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//   3 \p{N}{1,3}   4 ` ?[^\s\p{L}\p{N}]+[\r\n/]*`   5 \s*[\r\n]+   6 \s+(?!\S)   7 \s+
// cl100k_base:
//   1 (?i:'s|'t|'re|'ve|'m|'ll|'d)   2 [^\r\n\p{L}\p{N}]?\p{L}+   3 \p{N}{1,3}
//   4 ` ?[^\s\p{L}\p{N}]+[\r\n]*`   5 \s*[\r\n]+   6 \s+(?!\S)   7 \s+
//
// How backtracking resolves each alternative, starting at j:
// - `U*L+` (o200k 1): U* takes the whole run of U to k, then gives back one
//   character at a time until L+ can start. If text[k] is lowercase-only,
//   L+ starts at k and takes its run; otherwise the match ends just after
//   the last character of the U-run that is also in L (Lm, Lo, M), or fails.
// - `U+L*` (o200k 2): the run of U (at least one), then the run of L.
// - `\s*[\r\n]+`: ends just after the last newline of the whitespace run.
// - `\s+(?!\S)`: the whole run at the end of the text, else the run minus
//   its last character (which a non-space follows), if that leaves any.
// An optional first character `[^\r\n\p{L}\p{N}]?` is tried taken, then not.

import type { TokenizerName } from '../../../../shared/tokenizers';
import { LETTER_OTHER, LOWER, MARK, NEWLINE, NUMBER, OTHER, SPACE, UPPER, classOf } from './char-class';

/** The code point at i; a lone surrogate is returned as itself. */
function codePointAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return code;
}

const bit = (charClass: number) => 1 << charClass;
const UPPERISH = bit(UPPER) | bit(LETTER_OTHER) | bit(MARK);
const LOWERISH = bit(LOWER) | bit(LETTER_OTHER) | bit(MARK);
const BOTH = bit(LETTER_OTHER) | bit(MARK);
const LETTER = bit(UPPER) | bit(LOWER) | bit(LETTER_OTHER);
const PREFIX = bit(OTHER) | bit(MARK) | bit(SPACE); // [^\r\n\p{L}\p{N}]
const PUNCTUATION = bit(OTHER) | bit(MARK); // [^\s\p{L}\p{N}]
const WHITESPACE = bit(SPACE) | bit(NEWLINE);

/** Class bit of the character at i (0 past the end) — kept with its width in `width`. */
let width = 1;
function classBitAt(text: string, i: number): number {
  if (i >= text.length) return 0;
  const code = codePointAt(text, i);
  width = code > 0xffff ? 2 : 1;
  return bit(classOf(code));
}

// Set by runEnd: where the last character of the run in `marked` ended (-1:
// none), and the class bit of the character that stopped the run (0: the end).
let afterLastMarked = -1;
let stoppedOn = 0;

/** End of the run of characters whose class is in `mask`, from i (see afterLastMarked, stoppedOn). */
function runEnd(text: string, i: number, mask: number, marked = 0): number {
  afterLastMarked = -1;
  stoppedOn = 0;
  while (i < text.length) {
    const found = classBitAt(text, i);
    if ((found & mask) === 0) {
      stoppedOn = found;
      break;
    }
    i += width;
    if ((found & marked) !== 0) afterLastMarked = i;
  }
  return i;
}

/** `U*L+` from j, or -1. */
function upperStarLowerPlus(text: string, j: number): number {
  const k = runEnd(text, j, UPPERISH, BOTH);
  return stoppedOn === bit(LOWER) ? runEnd(text, k, LOWERISH) : afterLastMarked;
}

/** `U+L*` from j, or -1. */
function upperPlusLowerStar(text: string, j: number): number {
  const k = runEnd(text, j, UPPERISH);
  return k === j ? -1 : runEnd(text, k, LOWERISH);
}

/** End of `(?i:'s|'t|'re|'ve|'m|'ll|'d)` at i, or -1. Case folding maps U+017F ſ to s. */
export function contractionEnd(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x27) return -1;
  const first = text.charCodeAt(i + 1) | 0x20;
  if (first === 0x73 || first === 0x74 || first === 0x6d || first === 0x64 || text.charCodeAt(i + 1) === 0x17f) return i + 2;
  const second = text.charCodeAt(i + 2) | 0x20;
  if ((first === 0x72 || first === 0x76) && second === 0x65) return i + 3;
  if (first === 0x6c && second === 0x6c) return i + 3;
  return -1;
}

/** `\p{N}{1,3}` from i (the first character is a number). */
function digitsEnd(text: string, i: number): number {
  for (let n = 0; n < 3 && (classBitAt(text, i) & bit(NUMBER)) !== 0; n++) i += width;
  return i;
}

/** `\s*[\r\n]+`, then `\s+(?!\S)`, then `\s+`, from a whitespace character at i. */
function whitespaceEnd(text: string, i: number): number {
  const k = runEnd(text, i, WHITESPACE, bit(NEWLINE));
  if (afterLastMarked !== -1) return afterLastMarked;
  if (k === text.length || k - 1 === i) return k;
  return k - 1; // whitespace is never astral
}

/** ` ?[^\s\p{L}\p{N}]+` then any of `trailing`, from i, or -1. */
function punctuationEnd(text: string, i: number, first: number, trailingSlash: boolean): number {
  let j = -1;
  if (text.charCodeAt(i) === 0x20 && (classBitAt(text, i + 1) & PUNCTUATION) !== 0) j = i + 1;
  else if ((first & PUNCTUATION) !== 0) j = i;
  if (j === -1) return -1;
  let k = runEnd(text, j, PUNCTUATION);
  for (;;) {
    const code = text.charCodeAt(k);
    if (code === 0x0a || code === 0x0d || (trailingSlash && code === 0x2f)) k++;
    else return k;
  }
}

/** End of the o200k_base piece that starts at `start` (< text.length). */
export function o200kPieceEnd(text: string, start: number): number {
  const first = classBitAt(text, start);
  const firstWidth = width;
  if ((first & (LETTER | PREFIX | MARK)) !== 0) {
    const prefixed = (first & PREFIX) !== 0;
    let end = prefixed ? upperStarLowerPlus(text, start + firstWidth) : -1;
    if (end === -1) end = upperStarLowerPlus(text, start);
    if (end === -1 && prefixed) end = upperPlusLowerStar(text, start + firstWidth);
    if (end === -1) end = upperPlusLowerStar(text, start);
    if (end !== -1) {
      const withContraction = contractionEnd(text, end);
      return withContraction === -1 ? end : withContraction;
    }
  }
  return otherPieceEnd(text, start, first, true);
}

/** End of the cl100k_base piece that starts at `start` (< text.length). */
export function cl100kPieceEnd(text: string, start: number): number {
  const contraction = contractionEnd(text, start);
  if (contraction !== -1) return contraction;
  const first = classBitAt(text, start);
  const firstWidth = width;
  if ((first & PREFIX) !== 0) {
    const end = runEnd(text, start + firstWidth, LETTER);
    if (end > start + firstWidth) return end;
  }
  if ((first & LETTER) !== 0) return runEnd(text, start, LETTER);
  return otherPieceEnd(text, start, first, false);
}

/** The alternatives both patterns share after their letter ones: numbers, punctuation, whitespace. */
function otherPieceEnd(text: string, start: number, first: number, trailingSlash: boolean): number {
  if (first === bit(NUMBER)) return digitsEnd(text, start);
  const punctuation = punctuationEnd(text, start, first, trailingSlash);
  if (punctuation !== -1) return punctuation;
  return whitespaceEnd(text, start);
}

export type PieceEnd = (text: string, start: number) => number;

export const PIECE_END: Readonly<Record<TokenizerName, PieceEnd>> = {
  o200k_base: o200kPieceEnd,
  cl100k_base: cl100kPieceEnd,
};
