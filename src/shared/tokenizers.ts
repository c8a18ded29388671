// The local tokenizers a report can be measured with. Every count is
// "inferred": a local estimate, never a provider-verified number.

export const TOKENIZERS = ['o200k_base', 'cl100k_base'] as const;
export type TokenizerName = (typeof TOKENIZERS)[number];
export const DEFAULT_TOKENIZER: TokenizerName = 'o200k_base';

export function isTokenizerName(value: unknown): value is TokenizerName {
  return typeof value === 'string' && (TOKENIZERS as readonly string[]).includes(value);
}
