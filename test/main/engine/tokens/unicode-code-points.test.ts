// Every Unicode code point in catalog-like contexts, against tiktoken.
//
// Where the runtime's Unicode version decides a count: the pre-split classes
// (letter, mark, number) come from the JavaScript runtime's Unicode tables —
// Unicode 17 in Node 20.20 — while tiktoken 1.0.22's regex tables are
// Unicode 16. Characters new in Unicode 17 are letters, marks or numbers to
// us and unassigned (punctuation-like) to tiktoken, so texts holding them
// may count differently. Those code points are listed here; every other
// code point must count exactly as tiktoken counts it.

import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { TOKENIZER_NAMES } from './token-fixtures';
import { tiktokenCount } from './tiktoken-oracle';
import { NEW_IN_UNICODE_17, isNewInUnicode17 } from './unicode-17';

const CONTEXTS: readonly ((char: string) => string)[] = [(char) => `A${char}'s ,`, (char) => ` ${char}a,`, (char) => `"${char}${char}\n1",`];
const BLOCK = 4096;

/** Code points from..to (step) whose text in `context` counts differently from tiktoken. */
function mismatches(context: (char: string) => string, tokenizer: (typeof TOKENIZER_NAMES)[number], step: number): number[] {
  const found: number[] = [];
  for (let base = 0; base < 0x110000; base += BLOCK * step) {
    const codes: number[] = [];
    for (let code = base; code < Math.min(base + BLOCK * step, 0x110000); code += step) codes.push(code);
    const text = codes.map((code) => context(String.fromCodePoint(code))).join('');
    if (countTokens(text, tokenizer) === tiktokenCount(text, tokenizer)) continue;
    for (const code of codes) {
      const one = context(String.fromCodePoint(code));
      if (countTokens(one, tokenizer) !== tiktokenCount(one, tokenizer)) found.push(code);
    }
  }
  return found;
}

describe('every code point counts as tiktoken counts it', () => {
  it.each(TOKENIZER_NAMES)('all 1,114,112 code points after a letter and before a contraction (%s)', { timeout: 300_000 }, (tokenizer) => {
    const found = mismatches(CONTEXTS[0]!, tokenizer, 1);
    expect(found.filter((code) => !isNewInUnicode17(code)).map((code) => code.toString(16))).toEqual([]);
    // This runtime knows Unicode 17, so the new letters do make a difference here.
    if (Number.parseFloat(process.versions.unicode ?? '0') >= 17) expect(found.length).toBeGreaterThan(4000);
  });

  it.each(TOKENIZER_NAMES)('every 7th code point in two more contexts (%s)', { timeout: 300_000 }, (tokenizer) => {
    for (const context of CONTEXTS.slice(1)) {
      expect(
        mismatches(context, tokenizer, 7)
          .filter((code) => !isNewInUnicode17(code))
          .map((code) => code.toString(16)),
      ).toEqual([]);
    }
  });

  it('the code points listed as new in Unicode 17 are letters, marks or numbers to this runtime', () => {
    if (Number.parseFloat(process.versions.unicode ?? '0') < 17) return;
    for (const [from, to] of NEW_IN_UNICODE_17) {
      for (let code = from; code <= to; code++) expect(/[\p{L}\p{M}\p{N}]/u.test(String.fromCodePoint(code)), code.toString(16)).toBe(true);
    }
  });
});
