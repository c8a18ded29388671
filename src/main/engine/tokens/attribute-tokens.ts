// Splits the token count of a whole text among parts of it (the tools of a
// catalog) so the parts and the rest add up exactly to the whole: each part
// is cut at the first safe boundary at or after its start and its end (see
// safe-split.ts), so every token is counted once, in the part where it lies.
// Counting each part on its own would not add up: tokens merge across "},{".

import { findSafeBoundary, type CodeUnits } from './safe-split';

export interface Attribution {
  /** Tokens of each part, in order. */
  parts: number[];
  /** Tokens outside every part. */
  rest: number;
}

/**
 * Where to cut `text` so every part is a chunk: ascending chunk ends that
 * alternate rest, part, rest, part, …, rest (the last end is text.length).
 * Every cut is a safe boundary, so the chunks' counts add up to the whole.
 */
export function attributionEnds(text: CodeUnits, spans: readonly (readonly [number, number])[]): number[] {
  const cut = (at: number) => {
    const safe = findSafeBoundary(text, at);
    return safe === -1 ? text.length : safe;
  };
  const ends: number[] = [];
  let at = 0;
  for (const [start, end] of spans) {
    const from = Math.max(at, cut(start));
    const to = Math.max(from, cut(end));
    ends.push(from, to);
    at = to;
  }
  ends.push(text.length);
  return ends;
}

/** The parts and the rest from the chunk counts of attributionEnds(). */
export function attributionOf(chunkCounts: readonly number[]): Attribution {
  const parts: number[] = [];
  let rest = 0;
  chunkCounts.forEach((count, i) => {
    if (i % 2 === 1) parts.push(count);
    else rest += count;
  });
  return { parts, rest };
}

/**
 * @param spans ordered, non-overlapping [start, end) ranges in `text`'s units
 * @param count the exact token count of text[start, end)
 */
export function attributeTokens(text: CodeUnits, spans: readonly (readonly [number, number])[], count: (start: number, end: number) => number): Attribution {
  const ends = attributionEnds(text, spans);
  return attributionOf(ends.map((end, i) => count(i === 0 ? 0 : ends[i - 1]!, end)));
}
