// The local tokenizers a report can be measured with. Every count is
// "inferred": a local estimate, never a provider-verified number.

import type { TokenizerName } from './contracts';
import { CONTRACT_ENUMS } from './contracts/enums.generated';

export type { TokenizerName };
export const TOKENIZERS = CONTRACT_ENUMS.tokenizers as readonly TokenizerName[];
export const DEFAULT_TOKENIZER: TokenizerName = 'o200k_base';

export function isTokenizerName(value: unknown): value is TokenizerName {
  return typeof value === 'string' && (TOKENIZERS as readonly string[]).includes(value);
}
