// OpenAI's own counter, as the test oracle: the `tiktoken` package (the Rust
// core compiled to WASM; a devDependency, never loaded by the product).
// encode(text, [], []) allows no special token and disallows none, so
// `<|endoftext|>` is ordinary text — what the product counts.

import { get_encoding, type Tiktoken } from 'tiktoken';
import type { TokenizerName } from '../../../../src/shared/tokenizers';

const encodings = new Map<TokenizerName, Tiktoken>();

/**
 * tiktoken's encoding of `tokenizer`, built once per module registry and never
 * freed (building one takes about half a second of CPU; a Vitest fork of the
 * shared project reuses it across files).
 */
export function tiktokenEncoding(tokenizer: TokenizerName): Tiktoken {
  let encoding = encodings.get(tokenizer);
  if (encoding === undefined) {
    encoding = get_encoding(tokenizer);
    encodings.set(tokenizer, encoding);
  }
  return encoding;
}

export function tiktokenCount(text: string, tokenizer: TokenizerName): number {
  return tiktokenEncoding(tokenizer).encode(text, [], []).length;
}
