// Where a text may be cut so that token counts add up exactly:
// count(a + b) === count(a) + count(b). Parallel counting is only correct
// because of this, so the argument is written out here.
//
// A position p (0 < p < text.length) is a SAFE BOUNDARY when text[p-1] is an
// ASCII letter or digit [A-Za-z0-9] and text[p] is an ASCII character other
// than [A-Za-z0-9'] (space, tab, newline, quote, comma, colon, brace, ...).
//
// Both encodings first split text with tiktoken's pre-split pattern (its
// alternatives are listed in exact/pre-split.ts), then count each piece on
// its own (exact/exact-counter.ts).
//
// (i) No piece contains an ASCII letter/digit followed by an ASCII character
// outside [A-Za-z0-9']. ASCII letters are \p{Lu}/\p{Ll}, ASCII digits \p{N};
// every other ASCII character is punctuation, symbol, space or control, so it
// is in none of \p{L}, \p{N}, \p{M}. Letters occur only in the letter
// alternatives (o200k 1-2, cl100k 1-2): the optional first character there is
// never a letter or digit, and after a letter comes another letter or mark
// (ASCII alnum or non-ASCII), the apostrophe of a contraction, or a letter of
// the contraction. Digits occur only in \p{N}{1,3}, followed only by \p{N}
// (ASCII digit or non-ASCII). Alternatives 4+ contain no letters or digits.
//
// (ii) Pieces tile the text: every character starts some non-empty
// alternative (whitespace: the last one; \p{N}: 3; \p{L}: the letter
// alternatives, since Lu/Lt and Ll each fit one of them; anything else,
// lone surrogates included: 4), so matchAll never skips a character. With
// (i), a safe boundary p is a piece boundary of the whole text.
//
// (iii) Matching from p sees only text[p..] (no lookbehind, no ^, \b or
// multiline $), so the pieces after p are the pieces of b = text[p..].
// Matching from any q < p on a = text[..p] explores the same alternatives in
// the same order as on the whole text, except that a step consuming text[p]
// fails, and that an assertion at p ((?!\S)) may change. Such assertions
// are only reached after a whitespace run ending at p, impossible because
// text[p-1] is a letter or digit. The winning match on the whole text ends
// at or before p (by (i)) and so wins on a too; every earlier-tried path
// failed on the whole text and still fails on a. So the pieces before p are
// the pieces of a, and count(text) = count(a) + count(b).
//
// A safe boundary never falls inside a surrogate pair: both neighbours are
// ASCII.

function isAsciiAlnum(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/**
 * A text as UTF-16 code units (a string) or as its UTF-8 bytes. The rule only
 * looks at ASCII values, which mean the same in both, and a boundary before an
 * ASCII byte never splits a UTF-8 sequence — so it works on either.
 */
export type CodeUnits = string | Uint8Array;

function unitAt(text: CodeUnits, i: number): number {
  return typeof text === 'string' ? text.charCodeAt(i) : (text[i] ?? 0);
}

/** True when `p` is a safe boundary of `text` (see the header). */
export function isSafeBoundary(text: CodeUnits, p: number): boolean {
  if (p <= 0 || p >= text.length) return false;
  const next = unitAt(text, p);
  return next < 0x80 && next !== 0x27 && !isAsciiAlnum(next) && isAsciiAlnum(unitAt(text, p - 1));
}

/**
 * The first safe boundary p with from <= p < limit (limit is clamped to the
 * text length), or -1 when there is none.
 */
export function findSafeBoundary(text: CodeUnits, from: number, limit: number = text.length): number {
  const end = Math.min(limit, text.length);
  let p = Math.max(from, 1);
  if (p >= end) return -1;
  let prevAlnum = isAsciiAlnum(unitAt(text, p - 1));
  for (; p < end; p++) {
    const code = unitAt(text, p);
    const alnum = isAsciiAlnum(code);
    if (prevAlnum && !alnum && code < 0x80 && code !== 0x27) return p;
    prevAlnum = alnum;
  }
  return -1;
}

/**
 * Chunk end offsets for counting `text` in pieces whose counts add up to the
 * count of the whole text. Each chunk is at least `targetChunkChars` long
 * (except the last) and ends at the first safe boundary after that; a chunk
 * is longer when no safe boundary is near, and a text without any is one
 * chunk. The last offset is text.length; an empty text has no chunks.
 */
export function splitAtSafeBoundaries(text: CodeUnits, targetChunkChars: number): number[] {
  if (!(targetChunkChars >= 1)) throw new RangeError(`targetChunkChars must be >= 1, got ${targetChunkChars}`);
  const ends: number[] = [];
  let start = 0;
  while (start < text.length) {
    const cut = findSafeBoundary(text, start + Math.floor(targetChunkChars));
    if (cut === -1) break;
    ends.push(cut);
    start = cut;
  }
  if (text.length > 0) ends.push(text.length);
  return ends;
}
