// Which models each tokenizer counts for, so the picker can be read by model
// family (people know their model, not its encoding's name).

import type { TokenizerName } from '../../../shared/tokenizers';

export const TOKENIZER_FAMILIES: Record<TokenizerName, string> = {
  o200k_base: 'GPT-4o / 4.1 / o-series',
  cl100k_base: 'GPT-4 / 3.5',
};

/** "GPT-4o / 4.1 / o-series (o200k_base)". */
export function tokenizerLabel(name: TokenizerName): string {
  return `${TOKENIZER_FAMILIES[name]} (${name})`;
}
