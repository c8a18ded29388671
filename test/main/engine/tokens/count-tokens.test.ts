import { describe, expect, it } from 'vitest';
import { encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { TOKENIZER_NAMES, realTexts } from './token-fixtures';

const SPECIAL_TOKENS = ['<|endoftext|>', '<|fim_prefix|>', '<|fim_middle|>', '<|fim_suffix|>', '<|im_start|>', '<|im_end|>', '<|im_sep|>', '<|endofprompt|>'];

describe('countTokens', () => {
  it('counts known strings', () => {
    expect(countTokens('', 'o200k_base')).toBe(0);
    expect(countTokens('hello world', 'o200k_base')).toBe(2);
    expect(countTokens('hello world', 'cl100k_base')).toBe(2);
  });

  it('matches gpt-tokenizer encode().length on the real catalogs', () => {
    const noSpecial = { disallowedSpecial: new Set<string>() };
    for (const { name, text } of realTexts()) {
      expect(countTokens(text, 'o200k_base'), name).toBe(encodeO200k(text, noSpecial).length);
      expect(countTokens(text, 'cl100k_base'), name).toBe(encodeCl100k(text, noSpecial).length);
    }
  });

  it.each(TOKENIZER_NAMES)('counts special-token text as ordinary text with %s', (tokenizer) => {
    const encode = tokenizer === 'o200k_base' ? encodeO200k : encodeCl100k;
    const firstSpecialId = tokenizer === 'o200k_base' ? 199_999 : 100_257;
    for (const special of SPECIAL_TOKENS) {
      const text = `{"description":"ends with ${special} here"}${special}`;
      // A special token would be exactly one token; as text it is several.
      expect(countTokens(special, tokenizer), special).toBeGreaterThan(1);
      const ids = encode(text, { disallowedSpecial: new Set() });
      expect(ids.every((id) => id < firstSpecialId), special).toBe(true);
      expect(countTokens(text, tokenizer), special).toBe(ids.length);
    }
  });

  it.each(TOKENIZER_NAMES)('never throws on lone surrogates or control characters with %s', (tokenizer) => {
    expect(countTokens('a\ud800b\udc00c\u0000\u001f', tokenizer)).toBeGreaterThan(0);
  });
});
