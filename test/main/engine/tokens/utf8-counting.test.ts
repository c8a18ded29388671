import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { ParallelTokenCounter } from '../../../../src/main/engine/tokens/parallel-counter';
import { isSafeBoundary, splitAtSafeBoundaries } from '../../../../src/main/engine/tokens/safe-split';
import { TOKENIZER_NAMES, bigConcatenation, mixedText, realTexts } from './token-fixtures';

const lossy = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const encode = (text: string) => new TextEncoder().encode(text);

/** What a count of bytes must equal: the single-pass count of their lossy decoding (BOM kept). */
const expected = (bytes: Uint8Array, tokenizer: (typeof TOKENIZER_NAMES)[number]) => countTokens(lossy.decode(bytes), tokenizer);

describe('counting UTF-8 bytes', () => {
  const fine = new ParallelTokenCounter({ workers: 1, minParallelChars: 0, chunkChars: 200 });
  const standard = new ParallelTokenCounter({ workers: 1 });
  beforeAll(() => Promise.all([fine.warmUp(TOKENIZER_NAMES), standard.warmUp(TOKENIZER_NAMES)]));
  afterAll(() => Promise.all([fine.close(), standard.close()]));

  it.each(TOKENIZER_NAMES)('equals the single-pass count of the text on every real catalog (%s)', async (tokenizer) => {
    for (const { name, text } of realTexts()) {
      expect(await fine.count(encode(text), tokenizer), name).toBe(countTokens(text, tokenizer));
    }
  });

  it('equals the single-pass count on a ~9 MB concatenation, from a SharedArrayBuffer without a copy', async () => {
    const text = bigConcatenation(9_000_000);
    const plain = encode(text);
    const shared = new Uint8Array(new SharedArrayBuffer(plain.byteLength + 10), 5, plain.byteLength);
    shared.set(plain);
    const single = countTokens(text, 'o200k_base');
    expect(await standard.count(plain, 'o200k_base')).toBe(single);
    expect(await standard.count(shared, 'o200k_base')).toBe(single);
  });

  it('counts invalid UTF-8 and a BOM exactly as their lossy decoding', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    const bad = new Uint8Array([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82]);
    const body = encode(bigConcatenation(400_000));
    const mixed = new Uint8Array([...bom, ...body.subarray(0, 1000), ...bad, ...body.subarray(1000), ...bad]);
    for (const tokenizer of TOKENIZER_NAMES) {
      expect(await fine.count(mixed, tokenizer)).toBe(expected(mixed, tokenizer));
      expect(await standard.count(mixed, tokenizer)).toBe(expected(mixed, tokenizer));
    }
  });

  it('splits bytes only before ASCII, so chunk decodings add up (property)', () => {
    fc.assert(
      fc.property(mixedText, fc.integer({ min: 1, max: 64 }), (text, target) => {
        const bytes = encode(text);
        const ends = splitAtSafeBoundaries(bytes, target);
        let start = 0;
        let sum = 0;
        for (const end of ends) {
          if (end < bytes.length) expect(isSafeBoundary(bytes, end)).toBe(true);
          sum += countTokens(lossy.decode(bytes.subarray(start, end)), 'o200k_base');
          start = end;
        }
        expect(sum).toBe(countTokens(text, 'o200k_base'));
      }),
      { numRuns: 300 },
    );
  });
});
