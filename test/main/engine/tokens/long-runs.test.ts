import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LONG_RUN_SLICE, countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { ParallelTokenCounter } from '../../../../src/main/engine/tokens/parallel-counter';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';

const exact = (text: string) => encode(text, { disallowedSpecial: new Set() }).length;

describe('runs the tokenizer cannot split', () => {
  it('are counted exactly up to LONG_RUN_SLICE characters', () => {
    for (const text of [' '.repeat(LONG_RUN_SLICE), '['.repeat(LONG_RUN_SLICE), '中'.repeat(LONG_RUN_SLICE), `a${'b'.repeat(LONG_RUN_SLICE - 1)} x`]) {
      expect(countTokens(text, 'o200k_base')).toBe(exact(text));
    }
  });

  it('longer ones are counted in slices: within a token per slice of the exact count, and fast (pathological inputs of the hostile corpus)', () => {
    for (const text of [' '.repeat(8 * LONG_RUN_SLICE + 3), '['.repeat(6 * LONG_RUN_SLICE), '中'.repeat(5 * LONG_RUN_SLICE + 1), `"${'q'.repeat(7 * LONG_RUN_SLICE)}"`, '😀'.repeat(3 * LONG_RUN_SLICE)]) {
      const slices = Math.ceil(text.length / LONG_RUN_SLICE);
      expect(Math.abs(countTokens(text, 'o200k_base') - exact(text)), text.slice(0, 8)).toBeLessThanOrEqual(slices);
    }
  });

  it('a text whose long runs sit between safe boundaries counts the same in parallel as in one pass (property)', async () => {
    const counter = new ParallelTokenCounter({ workers: 1, minParallelChars: 0, chunkChars: 300 });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(fc.constantFrom('word ', '"key": ', '123,'), fc.integer({ min: 1000, max: 3000 }).map((n) => ' '.repeat(n)), fc.integer({ min: 1000, max: 3000 }).map((n) => 'x'.repeat(n))), { maxLength: 12 }),
          async (parts) => {
            const text = parts.join('');
            expect(await counter.count(text, 'o200k_base')).toBe(countTokens(text, 'o200k_base'));
          },
        ),
        { numRuns: 40 },
      );
    } finally {
      await counter.close();
    }
  });
});
