import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { tiktokenEncoding } from './tiktoken-oracle';
import { TOKENIZER_NAMES } from './token-fixtures';

const SPECIAL_TOKENS = ['<|endoftext|>', '<|fim_prefix|>', '<|fim_middle|>', '<|fim_suffix|>', '<|im_start|>', '<|im_end|>', '<|im_sep|>', '<|endofprompt|>'];

describe('countTokens', () => {
  it('counts known strings', () => {
    expect(countTokens('', 'o200k_base')).toBe(0);
    expect(countTokens('hello world', 'o200k_base')).toBe(2);
    expect(countTokens('hello world', 'cl100k_base')).toBe(2);
  });

  it.each(TOKENIZER_NAMES)('counts special-token text as ordinary text with %s', (tokenizer) => {
    const encoding = tiktokenEncoding(tokenizer);
    const encode = (text: string) => [...encoding.encode(text, [], [])];
    const firstSpecialId = tokenizer === 'o200k_base' ? 199_999 : 100_257;
    for (const special of SPECIAL_TOKENS) {
      const text = `{"description":"ends with ${special} here"}${special}`;
      // A special token would be exactly one token; as text it is several.
      expect(countTokens(special, tokenizer), special).toBeGreaterThan(1);
      const ids = encode(text);
      expect(
        ids.every((id) => id < firstSpecialId),
        special,
      ).toBe(true);
      expect(countTokens(text, tokenizer), special).toBe(ids.length);
    }
  });

  it.each(TOKENIZER_NAMES)('never throws on lone surrogates or control characters with %s', (tokenizer) => {
    expect(countTokens('a\ud800b\udc00c\u0000\u001f', tokenizer)).toBeGreaterThan(0);
  });
});
