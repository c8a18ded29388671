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
 * @param spans ordered, non-overlapping [start, end) ranges in `text`'s units
 * @param count the exact token count of text[start, end)
 */
export function attributeTokens(text: CodeUnits, spans: readonly (readonly [number, number])[], count: (start: number, end: number) => number): Attribution {
  const cut = (at: number) => {
    const safe = findSafeBoundary(text, at);
    return safe === -1 ? text.length : safe;
  };
  const parts: number[] = [];
  let rest = 0;
  let at = 0;
  for (const [start, end] of spans) {
    const from = Math.max(at, cut(start));
    const to = Math.max(from, cut(end));
    rest += count(at, from);
    parts.push(count(from, to));
    at = to;
  }
  rest += count(at, text.length);
  return { parts, rest };
}
