// The packed-key cache answers only for the very piece asked about: its key
// is the piece (length and every character), so pieces that share a slot,
// share their last eight characters, or differ only in length never share a
// count, however small the cache.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ExactCounter, loadRankTable } from '../../../../src/main/engine/tokens/exact/exact-counter';
import { PACKED_PIECE_MAX, PackedPieceCache, packTop, packedKey } from '../../../../src/main/engine/tokens/exact/packed-cache';
import { TOKENIZER_NAMES } from './token-fixtures';
import { tiktokenCount } from './tiktoken-oracle';

/** The full key of an ASCII piece, as the counter forms it. */
function keyOf(piece: string): [number, number, number] {
  const [low, high] = packedKey(piece, 0, piece.length);
  return [low, high, packTop(piece, 0, piece.length)];
}

// Single pieces of 3 to 12 ASCII characters (a prefix character and letters,
// punctuation runs, digits) that a careless key would confuse:
const CONFUSABLE: readonly (readonly [string, string, string])[] = [
  ['abc', '\u0000abc', 'the same characters after a NUL: only the length differs'],
  ['something', 'xsomething', 'the same last eight characters: only the third word differs'],
  ['Xsomething', 'Ysomething', 'likewise, one character apart'],
  ['abcdefghijkl', 'bbcdefghijkl', 'twelve characters, the first differs'],
  ['{{{[[[', '{{{[[[[', 'punctuation runs one apart'],
  [' information', ' informatio', 'a space and letters'],
];

describe('the packed-key cache', () => {
  it('keys are the pieces: different pieces of up to twelve characters never share a key', () => {
    for (const [a, b] of CONFUSABLE) {
      expect(a.length <= PACKED_PIECE_MAX && b.length <= PACKED_PIECE_MAX).toBe(true);
      expect(a.length === b.length && keyOf(a).every((word, i) => word === keyOf(b)[i]), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(false);
    }
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)), minLength: 3, maxLength: 12 }),
        fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((code) => String.fromCharCode(code)), minLength: 3, maxLength: 12 }),
        (a, b) => {
          const same = a.length === b.length && keyOf(a).every((word, i) => word === keyOf(b)[i]);
          expect(same).toBe(a === b);
        },
      ),
      { numRuns: 20_000, seed: 13 },
    );
  });

  it('a one-slot cache answers only for the piece it holds', () => {
    const cache = new PackedPieceCache(0);
    for (const [a, b] of CONFUSABLE) {
      cache.set(a.length, ...keyOf(a), 7);
      expect(cache.get(a.length, ...keyOf(a))).toBe(7);
      expect(cache.get(b.length, ...keyOf(b)), `${JSON.stringify(b)} after ${JSON.stringify(a)}`).toBe(0);
    }
  });

  it.each(TOKENIZER_NAMES)('confusable pieces each count as tiktoken counts them, in either order, with one slot or many (%s)', (tokenizer) => {
    const ranks = loadRankTable(tokenizer);
    for (const slotBits of [0, 1, undefined]) {
      for (const [a, b, why] of CONFUSABLE) {
        const counter = new ExactCounter(tokenizer, ranks, slotBits);
        for (const text of [a, b, a, `${b} ${a}`, b]) expect(counter.count(text), `${why}: ${JSON.stringify(text)}`).toBe(tiktokenCount(text, tokenizer));
      }
    }
  });

  it.each(TOKENIZER_NAMES)('runs of spaces count by their length, next to every kind of piece (%s)', (tokenizer) => {
    const counter = new ExactCounter(tokenizer, loadRankTable(tokenizer));
    for (const length of [3, 4, 7, 8, 9, 12, 13, 33, 200, 1024, 1025, 3000]) {
      const run = ' '.repeat(length);
      for (const text of [run, `${run}x`, `x${run}`, `"${run}"`, `${run}\n`, `\n${run}1`, `${run}\t`]) {
        expect(counter.count(text), `${length} spaces in ${JSON.stringify(text.replace(run, '…'))}`).toBe(tiktokenCount(text, tokenizer));
      }
    }
  });
});
