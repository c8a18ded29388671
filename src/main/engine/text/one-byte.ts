// V8 keeps a string at one byte per character when every character of it is
// Latin-1, at two otherwise, and a slice keeps its parent's width. One
// character beyond Latin-1 anywhere in a catalog (an em dash, an arrow) makes
// the whole decoded text two-byte, and with it every description read from
// it. The checks' patterns with Unicode classes (the fact taxonomy's and the
// constraint markers' word boundaries, [^\p{L}\p{N}_]) run several times
// slower on a two-byte string, so a text that fits in Latin-1 is narrowed.

import { Buffer } from 'node:buffer';

const BEYOND_LATIN1 = /[^\0-\xff]/;

/** Whether `text` holds a character beyond Latin-1 (it is two-byte then); answered at once for a one-byte string. */
export function hasWideCharacters(text: string): boolean {
  return BEYOND_LATIN1.test(text);
}

/** `text` as a one-byte string when all its characters are Latin-1 (a copy), else `text` itself: the same string by value either way. */
export function narrowed(text: string): string {
  return hasWideCharacters(text) ? text : Buffer.from(text, 'latin1').toString('latin1');
}
