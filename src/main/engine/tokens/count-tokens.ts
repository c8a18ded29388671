// Exact, single-threaded token counting: the one entry every other count
// (chunks, workers, per-tool reports) goes through, so it is the reference
// they must equal. The counter itself is ours (exact/), equal to OpenAI's
// tiktoken with every special token treated as text — `<|endoftext|>` in a
// description is ordinary text — and linear-time on runs of any length.
//
// Each vocabulary is loaded on first use (from the compact file the build
// writes, or, running from source, from the slower official rank file) and
// kept for the life of the process.

import type { TokenizerName } from '../../../shared/tokenizers';
import { ExactCounter, loadRankTable } from './exact/exact-counter';

const loaded = new Map<TokenizerName, ExactCounter>();

function counterOf(tokenizer: TokenizerName): ExactCounter {
  let counter = loaded.get(tokenizer);
  if (counter === undefined) {
    counter = new ExactCounter(tokenizer, loadRankTable(tokenizer));
    loaded.set(tokenizer, counter);
  }
  return counter;
}

/** Loads a tokenizer's vocabulary now (synchronously) so a later count does not pay for it. */
export function loadTokenizer(tokenizer: TokenizerName): void {
  counterOf(tokenizer);
}

/**
 * Number of tokens in `text`, exactly as tiktoken counts it with no special
 * tokens. Never throws for any string, including lone surrogates (counted
 * as U+FFFD) and runs of megabytes of one character.
 */
export function countTokens(text: string, tokenizer: TokenizerName): number {
  return text.length === 0 ? 0 : counterOf(tokenizer).count(text);
}
