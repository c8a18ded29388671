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
 * Number of tokens in `text`. Special-token text such as `<|endoftext|>` is
 * counted as ordinary text; this never throws for any string, including
 * lone surrogates.
 */
export function countTokens(text: string, tokenizer: TokenizerName): number {
  if (text.length === 0) return 0;
  let encoding = loaded.get(tokenizer);
  if (encoding === undefined) {
    encoding = requireEncoding(tokenizer);
    loaded.set(tokenizer, encoding);
  }
  return encoding.countTokens(text, { disallowedSpecial: NO_SPECIAL_TOKENS });
}
