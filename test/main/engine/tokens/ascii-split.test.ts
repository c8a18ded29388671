// The ASCII fast path of the pre-split must find the same piece ends as the
// general scanner wherever it answers at all, and hand the piece's packed key
// to the counter exactly as packedKey computes it (or mark a run of spaces).

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ASCII_PIECE_END, scannedKey } from '../../../../src/main/engine/tokens/exact/ascii-split';
import { KEY_HIGH, KEY_LOW, SPACE_RUN, packedKey } from '../../../../src/main/engine/tokens/exact/packed-cache';
import { ASCII_CLASS, LOWER, NEWLINE, NUMBER, OTHER, SPACE, UPPER } from '../../../../src/main/engine/tokens/exact/char-class';
import { PIECE_END } from '../../../../src/main/engine/tokens/exact/pre-split';
import { TOKENIZER_NAMES, mixedText, realTexts } from './token-fixtures';
import type { TokenizerName } from '../../../../src/shared/tokenizers';

/** Every start in `text` where the fast path answers, checked against the general scanner; returns how many answered. */
function checkEveryStart(text: string, tokenizer: TokenizerName): number {
  let answered = 0;
  const wrong: string[] = [];
  for (let start = 0; start < text.length; start++) {
    const end = ASCII_PIECE_END[tokenizer](text, start);
    if (end === -1) continue;
    answered++;
    const expected = PIECE_END[tokenizer](text, start);
    if (end !== expected) wrong.push(`${JSON.stringify(text)} at ${start}: end ${end}, not ${expected}`);
    else {
      const piece = text.slice(start, end);
      const [low, high] = /^ +$/.test(piece) ? [scannedKey[KEY_LOW], SPACE_RUN] : packedKey(text, start, end);
      if (scannedKey[KEY_LOW] !== low || scannedKey[KEY_HIGH] !== high)
        wrong.push(`${JSON.stringify(piece)}: key ${scannedKey[KEY_LOW]}/${scannedKey[KEY_HIGH]}, not ${low}/${high}`);
    }
  }
  expect(wrong.slice(0, 5)).toEqual([]);
  return answered;
}

// ASCII next to the non-ASCII characters that could continue an ASCII piece.
const edgeText = fc
  .array(
    fc.constantFrom(
      'a',
      'Z',
      'b',
      '1',
      '2',
      ' ',
      '  ',
      '\n',
      '\r',
      '\t',
      "'",
      "'s",
      "'ll",
      '"',
      ':',
      '/',
      '.',
      'é',
      'ſ',
      'Σ',
      'ǅ',
      '\u0301',
      '٣',
      '½',
      '\u00a0',
      '\u0085',
      '\u3000',
      '\ufeff',
      '日',
      '😀',
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

describe('the ASCII pre-split', () => {
  it('classifies every ASCII character as the Unicode properties the patterns name do', () => {
    const expected = (char: string) =>
      /[\r\n]/.test(char)
        ? NEWLINE
        : /^[\t\n\v\f\r \u0085]$/.test(char)
          ? SPACE // Unicode White_Space in ASCII (not JavaScript's \s)
          : /^[\p{Lu}\p{Lt}]$/u.test(char)
            ? UPPER
            : /^\p{Ll}$/u.test(char)
              ? LOWER
              : /^\p{N}$/u.test(char)
                ? NUMBER
                : /^[\p{L}\p{M}]$/u.test(char)
                  ? -1 // none in ASCII
                  : OTHER;
    for (let code = 0; code < 128; code++) expect(ASCII_CLASS[code], `U+${code.toString(16)}`).toBe(expected(String.fromCharCode(code)));
  });

  it.each(TOKENIZER_NAMES)('answers at every start of plain-ASCII catalogs, as the general scanner does (%s)', (tokenizer) => {
    const ascii = realTexts().filter(({ text }) => !/[^\x00-\x7f]/.test(text));
    expect(ascii.length).toBeGreaterThan(4);
    for (const { name, text } of ascii) expect(checkEveryStart(text, tokenizer), name).toBe(text.length);
  });

  it.each(TOKENIZER_NAMES)('equals the general scanner where it answers, on random mixed text (property, %s)', (tokenizer) => {
    let answered = 0;
    fc.assert(
      fc.property(fc.oneof(edgeText, mixedText), (text) => {
        answered += checkEveryStart(text, tokenizer);
      }),
      { numRuns: 5000, seed: 131 },
    );
    expect(answered).toBeGreaterThan(10_000);
  });

  it.each(TOKENIZER_NAMES)('leaves a piece that a non-ASCII character may continue to the general scanner (%s)', (tokenizer) => {
    for (const text of ['abé', 'ABé', ' aé', '12٣', '  \u00a0x', ' \u0085', '"é', ' é', 'a\u0301']) {
      expect(ASCII_PIECE_END[tokenizer](text, 0), JSON.stringify(text)).toBe(-1);
    }
  });
});
