import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { utf8ByteLength, utf8ByteLengthAbove } from '../../../../src/main/engine/text/utf8';

describe('utf8ByteLengthAbove', () => {
  it('answers as utf8ByteLength(text) > maxBytes does, at and around the budget, for every width of character', () => {
    for (const unit of ['a', 'é', '€', '😀', '\ud800']) {
      for (let repeat = 0; repeat <= 120; repeat++) {
        const text = unit.repeat(repeat);
        for (const max of [0, 1, 159, 160, 161, 299, 300, 301])
          expect(utf8ByteLengthAbove(text, max), `${repeat} × ${JSON.stringify(unit)}, ${max}`).toBe(utf8ByteLength(text) > max);
      }
    }
  });

  it('answers as utf8ByteLength(text) > maxBytes does on random text (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.integer({ min: 0, max: 1300 }), (text, max) => {
        expect(utf8ByteLengthAbove(text, max)).toBe(utf8ByteLength(text) > max);
        expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text));
      }),
      { numRuns: 2000 },
    );
  });
});
