// OpenAI's own counter, as the test oracle: the `tiktoken` package (the Rust
// core compiled to WASM; a devDependency, never loaded by the product).
// encode(text, [], []) allows no special token and disallows none, so
// `<|endoftext|>` is ordinary text — what the product counts.

import { get_encoding, type Tiktoken } from 'tiktoken';
import type { TokenizerName } from '../../../../src/shared/tokenizers';

const encodings = new Map<TokenizerName, Tiktoken>();

export function tiktokenCount(text: string, tokenizer: TokenizerName): number {
  let encoding = encodings.get(tokenizer);
  if (encoding === undefined) {
    encoding = get_encoding(tokenizer);
    encodings.set(tokenizer, encoding);
  }
  return encoding.encode(text, [], []).length;
}
