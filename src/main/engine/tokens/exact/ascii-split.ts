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
// While scanning, the piece's hash for the piece cache (piece-cache.ts) is
// computed on the way, so its characters are read once, and left in
// `scannedHash`. The loops are written out in one function per pattern, not
// composed of small helpers: that measured about twice as fast.

import type { TokenizerName } from '../../../../shared/tokenizers';
import { ASCII_CLASS, NEWLINE, NUMBER, OTHER, SPACE } from './char-class';
import { FNV_OFFSET, FNV_PRIME, pieceHash } from './piece-cache';
import { contractionEnd } from './pre-split';

/** pieceHash of the piece the last scan that did not answer -1 found. */
export const scannedHash = new Int32Array(1);

const isLetter = (code: number) => ((code | 0x20) - 0x61) >>> 0 < 26;
const isUpper = (code: number) => (code - 0x41) >>> 0 < 26;
const isLower = (code: number) => (code - 0x61) >>> 0 < 26;
const mix = (hash: number, code: number) => Math.imul(hash ^ code, FNV_PRIME);

/** Ends a letter piece at i (< length: a contraction may follow; -1 when a non-ASCII character may continue it). */
function letterPieceEnd(text: string, i: number, hash: number): number {
  if (i === text.length) {
    scannedHash[0] = hash;
    return i;
  }
  const stop = text.charCodeAt(i);
  if (stop >= 0x80) return -1;
  const end = stop === 0x27 ? contractionEnd(text, i) : -1;
  if (end === -1) {
    scannedHash[0] = hash;
    return i;
  }
  for (; i < end; i++) hash = mix(hash, text.charCodeAt(i));
  scannedHash[0] = hash;
  return end;
}

/** End of the o200k_base piece at `start` (< text.length), or -1 when a non-ASCII character decides it. */
export function o200kAsciiPieceEnd(text: string, start: number): number {
  const length = text.length;
  const first = text.charCodeAt(start);
  if (first >= 0x80) return -1;
  const firstClass = ASCII_CLASS[first] ?? OTHER;
  let i = start + 1;
  let letter = first;
  let hash = mix(FNV_OFFSET, first);
  if (!isLetter(first)) {
    // One [^\r\n\p{L}\p{N}] character joins the letters after it.
    if ((firstClass !== OTHER && firstClass !== SPACE) || i === length) return asciiOtherEnd(text, start, firstClass, true);
    letter = text.charCodeAt(i++);
    if (letter >= 0x80) return -1;
    if (!isLetter(letter)) return asciiOtherEnd(text, start, firstClass, true);
    hash = mix(hash, letter);
  }
  let code = letter;
  // [A-Z]*[a-z]+ or [A-Z]+[a-z]*, from the first letter (text[i - 1]).
  if (isUpper(letter)) {
    for (; i < length && isUpper((code = text.charCodeAt(i))); i++) hash = mix(hash, code);
  }
  for (; i < length && isLower((code = text.charCodeAt(i))); i++) hash = mix(hash, code);
  return letterPieceEnd(text, i, hash);
}

/** End of the cl100k_base piece at `start` (< text.length), or -1 when a non-ASCII character decides it. */
export function cl100kAsciiPieceEnd(text: string, start: number): number {
  const length = text.length;
  const first = text.charCodeAt(start);
  if (first >= 0x80) return -1;
  if (first === 0x27) {
    const contraction = contractionEnd(text, start);
    if (contraction !== -1) {
      scannedHash[0] = pieceHash(text, start, contraction);
      return contraction;
    }
  }
  const firstClass = ASCII_CLASS[first] ?? OTHER;
  let i = start + 1;
  if (!isLetter(first)) {
    if ((firstClass !== OTHER && firstClass !== SPACE) || i === length) return asciiOtherEnd(text, start, firstClass, false);
    const next = text.charCodeAt(i);
    if (next >= 0x80) return -1;
    if (!isLetter(next)) return asciiOtherEnd(text, start, firstClass, false);
  }
  let hash = mix(FNV_OFFSET, first);
  let code = first;
  for (; i < length && isLetter((code = text.charCodeAt(i))); i++) hash = mix(hash, code);
  if (i < length && code >= 0x80) return -1;
  scannedHash[0] = hash;
  return i;
}

/**
 * The alternatives both patterns share after their letter ones, from an
 * ASCII character of class `first` that starts no letter piece: `\p{N}{1,3}`,
 * ` ?[^\s\p{L}\p{N}]+[\r\n]*` (o200k_base: `[\r\n/]*`), `\s*[\r\n]+`,
 * `\s+(?!\S)`, `\s+`.
 */
function asciiOtherEnd(text: string, start: number, first: number, trailingSlash: boolean): number {
  const length = text.length;
  let hash = mix(FNV_OFFSET, text.charCodeAt(start));
  let i = start + 1;
  if (first === NUMBER) {
    for (; i < length && i < start + 3; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) return -1;
      if (ASCII_CLASS[code] !== NUMBER) break;
      hash = mix(hash, code);
    }
    scannedHash[0] = hash;
    return i;
  }
  let punctuation = first === OTHER;
  if (!punctuation && text.charCodeAt(start) === 0x20 && i < length) {
    const next = text.charCodeAt(i);
    if (next >= 0x80) return -1;
    punctuation = ASCII_CLASS[next] === OTHER;
  }
  if (punctuation) {
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) return -1;
      if (ASCII_CLASS[code] !== OTHER) break;
      hash = mix(hash, code);
    }
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code !== 0x0a && code !== 0x0d && !(trailingSlash && code === 0x2f)) break;
      hash = mix(hash, code);
    }
    scannedHash[0] = hash;
    return i;
  }
  // Whitespace: up to the last newline of the run, else the run (less its
  // last character when a non-space follows and that leaves any).
  let afterNewline = first === NEWLINE ? i : -1;
  let newlineHash = hash;
  let lessLast = hash;
  for (; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return -1;
    const charClass = ASCII_CLASS[code];
    if (charClass !== SPACE && charClass !== NEWLINE) break;
    lessLast = hash;
    hash = mix(hash, code);
    if (charClass === NEWLINE) {
      afterNewline = i + 1;
      newlineHash = hash;
    }
  }
  if (afterNewline !== -1) {
    scannedHash[0] = newlineHash;
    return afterNewline;
  }
  if (i === length || i - 1 === start) {
    scannedHash[0] = hash;
    return i;
  }
  scannedHash[0] = lessLast;
  return i - 1;
}

export const ASCII_PIECE_END: Readonly<Record<TokenizerName, (text: string, start: number) => number>> = {
  o200k_base: o200kAsciiPieceEnd,
  cl100k_base: cl100kAsciiPieceEnd,
};
