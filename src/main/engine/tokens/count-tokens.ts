// Exact, single-threaded token counting: the one place that talks to
// gpt-tokenizer. Everything else (chunking, workers) only adds up numbers
// this function returns, so it is the reference every other count must equal.
//
// Why it is safe to add up counts of pieces (checked in gpt-tokenizer 4.0.0,
// src/GptEncoding.ts and src/BytePairEncodingCore.ts): with
// `{ disallowedSpecial: new Set() }` and no allowedSpecial,
// GptEncoding.processSpecialTokens returns `{ allowedSpecial: undefined,
// regexPattern: undefined }`, so there is no "disallowed special token" throw
// and BytePairEncodingCore.countNative's findNextSpecialToken never returns a
// match (it only stops on tokens in allowedSpecial). countNative then does
// exactly: `for (const [piece] of text.matchAll(tokenSplitRegex))` count 1 if
// the piece is a whole vocabulary entry, else bytePairEncode(piece).length.
// bytePairEncode depends on the piece alone (its merge cache only memoises).
// So a count is "regex pre-split, then BPE per piece", and text such as
// `<|endoftext|>` is ordinary text.
//
// Loading: each encoding's rank table costs ~150 ms (o200k_base) / ~80 ms
// (cl100k_base) to load, so it is required lazily on first use and kept. The
// CommonJS build is used because `require` is synchronous; the code is the
// same as the ESM build.

import { createRequire } from 'node:module';
import type { TokenizerName } from '../../../shared/tokenizers';

interface Encoding {
  countTokens(text: string, options: { disallowedSpecial: Set<string> }): number;
}

const requireFromHere = createRequire(import.meta.url);
const loaded = new Map<TokenizerName, Encoding>();

/** Never mutated by gpt-tokenizer (it only reads disallowedSpecial). */
const NO_SPECIAL_TOKENS = new Set<string>();

function requireEncoding(tokenizer: TokenizerName): Encoding {
  switch (tokenizer) {
    case 'o200k_base':
      return requireFromHere('gpt-tokenizer/encoding/o200k_base') as Encoding;
    case 'cl100k_base':
      return requireFromHere('gpt-tokenizer/encoding/cl100k_base') as Encoding;
    default: {
      const unknown: never = tokenizer;
      throw new Error(`unknown tokenizer ${String(unknown)}`);
    }
  }
}

/** Loads a tokenizer's rank table now (synchronously) so a later count does not pay for it. */
export function loadTokenizer(tokenizer: TokenizerName): void {
  if (!loaded.has(tokenizer)) loaded.set(tokenizer, requireEncoding(tokenizer));
}

/**
 * gpt-tokenizer's byte-pair merging takes time quadratic in the length of one
 * pre-split piece: 32,768 CJK characters without punctuation take seconds,
 * 256 KiB of spaces most of a minute. Pieces that long only come from runs
 * of letters, of whitespace or of punctuation, so runs longer than this are
 * counted in slices of this length: time stays linear, and the count may
 * differ from the exact one by about a token per slice — only inside such
 * runs, which real catalogs do not have.
 */
export const LONG_RUN_SLICE = 1024;
const LONG_RUN = new RegExp(`[\\p{L}\\p{M}]{${LONG_RUN_SLICE + 1},}|\\s{${LONG_RUN_SLICE + 1},}|[^\\s\\p{L}\\p{N}]{${LONG_RUN_SLICE + 1},}`, 'gu');

function encodingOf(tokenizer: TokenizerName): Encoding {
  let encoding = loaded.get(tokenizer);
  if (encoding === undefined) {
    encoding = requireEncoding(tokenizer);
    loaded.set(tokenizer, encoding);
  }
  return encoding;
}

/**
 * Number of tokens in `text`. Special-token text such as `<|endoftext|>` is
 * counted as ordinary text; this never throws for any string, including
 * lone surrogates. Exact, except inside runs longer than LONG_RUN_SLICE
 * characters (see above).
 */
export function countTokens(text: string, tokenizer: TokenizerName): number {
  if (text.length === 0) return 0;
  const encoding = encodingOf(tokenizer);
  const count = (part: string) => (part.length === 0 ? 0 : encoding.countTokens(part, { disallowedSpecial: NO_SPECIAL_TOKENS }));
  if (!mayHaveLongRun(text)) return count(text);
  LONG_RUN.lastIndex = 0;
  let run = LONG_RUN.exec(text);
  if (run === null) return count(text);
  let total = 0;
  let at = 0;
  for (; run !== null; run = LONG_RUN.exec(text)) {
    total += count(text.slice(at, run.index));
    const end = run.index + run[0].length;
    for (let from = run.index; from < end; ) {
      let to = Math.min(end, from + LONG_RUN_SLICE);
      // Never split a surrogate pair.
      if (to < end && isHighSurrogate(text.charCodeAt(to - 1))) to--;
      total += count(text.slice(from, to));
      from = to;
    }
    at = end;
  }
  return total + count(text.slice(at));
}

/**
 * A quick scan (a Unicode-class regex over megabytes is several times slower
 * than counting): true when some run of whitespace, or of characters that
 * are neither whitespace nor ASCII digits, is longer than LONG_RUN_SLICE —
 * every run LONG_RUN can match is one of those.
 */
function mayHaveLongRun(text: string): boolean {
  let spaces = 0;
  let others = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isWhitespace(code)) {
      others = 0;
      if (++spaces > LONG_RUN_SLICE) return true;
    } else if (code >= 0x30 && code <= 0x39) {
      spaces = 0;
      others = 0;
    } else {
      spaces = 0;
      if (++others > LONG_RUN_SLICE) return true;
    }
  }
  return false;
}

/** JavaScript's \s. */
function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
