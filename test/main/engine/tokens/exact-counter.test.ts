// Our counter against OpenAI's (tiktoken): every real catalog, the reference
// inputs, generated catalogs, the strings other counters get wrong, and
// random mixed-script text.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { referenceInputs } from '../../../helpers/fixtures';
import { generateCatalog, generateSmallTools } from '../../../../scripts/bench/generate-catalog.mjs';
import { TOKENIZER_NAMES, mixedText, realTexts } from './token-fixtures';
import { tiktokenCount } from './tiktoken-oracle';
import { isNewInUnicode17 } from './unicode-17';

const MiB = 1 << 20;

/** Strings where a counter that is close but not exact goes wrong, with why. */
const TRICKY: readonly (readonly [string, string])[] = [
  ['\ufeffhello', 'a leading BOM is text (gpt-tokenizer’s TextDecoder strips it)'],
  ["\u0085's", 'U+0085 is whitespace to tiktoken, not to JavaScript’s \\s'],
  ['a\ufeff b', 'U+FEFF is not whitespace to tiktoken'],
  ['<|endoftext|>', 'special-token text counts as text'],
  ['x<|im_start|>system<|im_sep|>', 'special-token text counts as text'],
  ['\ud800', 'a lone high surrogate (from a JSON escape) is U+FFFD'],
  ['\udc00x\ud83d', 'lone surrogates around text'],
  ['"\ud83d\ude00\ud83d"', 'a pair followed by a lone half'],
  ['😀👍🏽👨‍👩‍👧🇫🇷', 'emoji, modifiers, ZWJ sequences, flags'],
  ['日本語のテキストと漢字', 'CJK without spaces'],
  ['한국어 Привет مرحبا ΑΒΓ', 'other scripts'],
  ['12345678901234567890', 'digit runs split by three'],
  ['٣٤٥٦ ½ Ⅻ', 'non-ASCII numbers'],
  ["I'm DON'T it'S we'LL 'Re", 'contractions in any case'],
  ["'ſ Aſ's", 'U+017F folds to s in a case-insensitive contraction'],
  ['e\u0301 \u0301x \u0308a', 'combining marks alone and after letters'],
  ['ǅungla ǅ', 'titlecase letters'],
  ['x\n  ', 'whitespace at the end after a newline'],
  ['  \n\n a\r\n\tb \u00a0c\u3000d\u2028e', 'whitespace kinds and newlines'],
  ['a  b   \n', 'a space run before a word keeps its last space for the word'],
  [' {"a": [1, 2]}/\n//', 'punctuation runs with trailing newlines and slashes'],
  ['\u0000\u0001\u007f', 'control characters'],
];

describe('the exact counter equals tiktoken', () => {
  it.each(TOKENIZER_NAMES)('on the tricky strings (%s)', (tokenizer) => {
    for (const [text, why] of TRICKY) expect(countTokens(text, tokenizer), why).toBe(tiktokenCount(text, tokenizer));
    expect(countTokens('\ufeffhello', 'o200k_base')).toBe(2);
  });

  it.each(TOKENIZER_NAMES)('on every real catalog, pretty and compact, and the reference inputs (%s)', (tokenizer) => {
    const texts = [...realTexts(), ...Object.entries(referenceInputs()).map(([name, text]) => ({ name: `reference ${name}`, text }))];
    expect(texts.length).toBeGreaterThan(20);
    for (const { name, text } of texts) expect(countTokens(text, tokenizer), name).toBe(tiktokenCount(text, tokenizer));
  });

  it.each(TOKENIZER_NAMES)('on a generated 1 MiB catalog and 2,000 small tools (%s)', (tokenizer) => {
    for (const text of [generateCatalog(MiB), generateSmallTools(2000)]) {
      expect(countTokens(text, tokenizer)).toBe(tiktokenCount(text, tokenizer));
    }
  });

  // 1 MiB and longer runs: long-runs.test.ts (tiktoken itself aborts on 1 MiB of one letter).
  it('on 10,000 of one letter and of spaces, and 2,048 of each ASCII character', () => {
    for (const text of ['a'.repeat(10_000), ' '.repeat(10_000)]) expect(countTokens(text, 'o200k_base')).toBe(tiktokenCount(text, 'o200k_base'));
    for (let code = 0; code < 128; code++) {
      const text = String.fromCharCode(code).repeat(2048);
      expect(countTokens(text, 'cl100k_base'), `U+${code.toString(16)}`).toBe(tiktokenCount(text, 'cl100k_base'));
    }
  });

  it.each(TOKENIZER_NAMES)('on random mixed-script strings (property, %s)', (tokenizer) => {
    fc.assert(
      fc.property(mixedText, (text) => {
        // Where the runtime's Unicode version decides (unicode-code-points.test.ts).
        fc.pre(![...text].some((char) => isNewInUnicode17(char.codePointAt(0) ?? 0)));
        expect(countTokens(text, tokenizer)).toBe(tiktokenCount(text, tokenizer));
      }),
      { numRuns: 5000, seed: 13 },
    );
  });
});
