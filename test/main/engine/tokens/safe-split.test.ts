import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { findSafeBoundary, isSafeBoundary, splitAtSafeBoundaries } from '../../../../src/main/engine/tokens/safe-split';
import { TOKENIZER_NAMES, bigConcatenation, countInChunks, mixedText, realTexts } from './token-fixtures';

describe('findSafeBoundary', () => {
  it("finds a letter or digit followed by ASCII other than [A-Za-z0-9']", () => {
    expect(findSafeBoundary('ab cd', 0, 5)).toBe(2);
    expect(findSafeBoundary('ab cd', 3, 5)).toBe(-1);
    expect(findSafeBoundary('{"a":1}', 0, 7)).toBe(3);
    expect(findSafeBoundary('{"a":1}', 4, 7)).toBe(6);
    expect(findSafeBoundary('x9\n', 0, 3)).toBe(2);
    expect(findSafeBoundary('ab\u0000', 0, 3)).toBe(2);
  });

  it('rejects apostrophes, non-ASCII neighbours, the text edges and the limit', () => {
    expect(findSafeBoundary("don't", 0, 5)).toBe(-1);
    expect(findSafeBoundary('é ', 0, 2)).toBe(-1);
    expect(findSafeBoundary('a\u00a0b', 0, 3)).toBe(-1);
    expect(findSafeBoundary('a😀', 0, 3)).toBe(-1);
    expect(findSafeBoundary(' a', 0, 2)).toBe(-1);
    expect(findSafeBoundary('ab cd', 0, 2)).toBe(-1);
    expect(findSafeBoundary('ab cd', 0, 99)).toBe(2);
    expect(findSafeBoundary('', 0, 0)).toBe(-1);
  });

  it('agrees with isSafeBoundary on random text', () => {
    fc.assert(
      fc.property(mixedText, fc.nat(), (text, seed) => {
        const from = text.length === 0 ? 0 : seed % text.length;
        const found = findSafeBoundary(text, from, text.length);
        let expected = -1;
        for (let p = from; p < text.length; p++) {
          if (isSafeBoundary(text, p)) {
            expected = p;
            break;
          }
        }
        expect(found).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('splitAtSafeBoundaries', () => {
  it('gives no chunk for an empty text and one chunk when there is no safe boundary', () => {
    expect(splitAtSafeBoundaries('', 10)).toEqual([]);
    expect(splitAtSafeBoundaries('漢字漢字漢字', 1)).toEqual([6]);
    expect(splitAtSafeBoundaries('a b c d', 1)).toEqual([1, 3, 5, 7]);
    expect(() => splitAtSafeBoundaries('abc', 0)).toThrow(RangeError);
  });

  it('returns increasing safe offsets ending at the text length, never inside a surrogate pair', () => {
    fc.assert(
      fc.property(mixedText, fc.integer({ min: 1, max: 30 }), (text, target) => {
        const ends = splitAtSafeBoundaries(text, target);
        if (text.length === 0) {
          expect(ends).toEqual([]);
          return;
        }
        expect(ends.at(-1)).toBe(text.length);
        let start = 0;
        for (const end of ends.slice(0, -1)) {
          expect(end - start).toBeGreaterThanOrEqual(target);
          expect(isSafeBoundary(text, end)).toBe(true);
          const high = text.charCodeAt(end - 1);
          expect(high >= 0xd800 && high <= 0xdbff).toBe(false);
          start = end;
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('chunked counts equal single-pass counts', () => {
  it.each(TOKENIZER_NAMES)('on every real catalog and its compact form (%s)', (tokenizer) => {
    for (const { name, text } of realTexts()) {
      const single = countTokens(text, tokenizer);
      for (const target of [1, 7, 64, 4096]) {
        expect(countInChunks(text, tokenizer, target), `${name} / ${target}`).toBe(single);
      }
    }
  });

  it.each(TOKENIZER_NAMES)('on a ~9 MB concatenation (%s)', (tokenizer) => {
    const text = bigConcatenation(9_000_000);
    const ends = splitAtSafeBoundaries(text, 64 * 1024);
    expect(ends.length).toBeGreaterThan(100);
    expect(countInChunks(text, tokenizer, 64 * 1024)).toBe(countTokens(text, tokenizer));
  });

  it.each(TOKENIZER_NAMES)('on random mixed text (%s)', (tokenizer) => {
    fc.assert(
      fc.property(mixedText, fc.integer({ min: 1, max: 40 }), (text, target) => {
        expect(countInChunks(text, tokenizer, target)).toBe(countTokens(text, tokenizer));
      }),
      { numRuns: 400 },
    );
  });
});

describe('a safe boundary really is one', () => {
  const endsInAlnum = fc.tuple(mixedText, fc.stringMatching(/^[A-Za-z0-9]$/)).map(([text, last]) => text + last);
  const startsWithAsciiOther = fc.tuple(fc.stringMatching(/^[\x00-\x26\x28-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]$/), mixedText).map(([first, text]) => first + text);

  it.each(TOKENIZER_NAMES)('count(a) + count(b) = count(a + b) when a|b is safe (%s)', (tokenizer) => {
    fc.assert(
      fc.property(endsInAlnum, startsWithAsciiOther, (a, b) => {
        expect(isSafeBoundary(a + b, a.length)).toBe(true);
        expect(countTokens(a, tokenizer) + countTokens(b, tokenizer)).toBe(countTokens(a + b, tokenizer));
      }),
      { numRuns: 500 },
    );
  });

  it.each(TOKENIZER_NAMES)('holds at every safe boundary of random text (%s)', (tokenizer) => {
    fc.assert(
      fc.property(mixedText, (text) => {
        const whole = countTokens(text, tokenizer);
        for (let p = findSafeBoundary(text, 1); p !== -1; p = findSafeBoundary(text, p + 1)) {
          expect(countTokens(text.slice(0, p), tokenizer) + countTokens(text.slice(p), tokenizer), `cut at ${p}`).toBe(whole);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is needed: cutting elsewhere can change the count', () => {
    // Inside a word, and between a letter and an apostrophe, are not safe.
    expect(countTokens('hel', 'o200k_base') + countTokens('lo', 'o200k_base')).not.toBe(countTokens('hello', 'o200k_base'));
    expect(isSafeBoundary("it's", 2)).toBe(false);
    expect(isSafeBoundary('a b', 1)).toBe(true);
  });
});
