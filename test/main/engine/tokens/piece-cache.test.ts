// The piece cache may only ever answer the count of the very piece asked
// about: pieces that share a hash, or a slot, must each count as tiktoken
// counts them, however small the cache.

import { describe, expect, it } from 'vitest';
import { ExactCounter, loadRankTable } from '../../../../src/main/engine/tokens/exact/exact-counter';
import { PieceCache, pieceHash } from '../../../../src/main/engine/tokens/exact/piece-cache';
import { TOKENIZER_NAMES, realTexts } from './token-fixtures';
import { tiktokenCount } from './tiktoken-oracle';

// Two seven-letter words with the same 32-bit FNV-1a hash and different token counts (4 and 3 in both vocabularies).
const SAME_HASH = ['wviudns', 'svmstxs'] as const;

describe('the piece cache', () => {
  it('the two words really share a hash and differ in count', () => {
    const [a, b] = SAME_HASH;
    expect(pieceHash(a, 0, a.length)).toBe(pieceHash(b, 0, b.length));
    for (const tokenizer of TOKENIZER_NAMES) expect(tiktokenCount(a, tokenizer)).not.toBe(tiktokenCount(b, tokenizer));
  });

  it('does not answer for a piece with the same hash and length as a cached one', () => {
    const cache = new PieceCache();
    const [a, b] = SAME_HASH;
    cache.set(a, 0, a.length, pieceHash(a, 0, a.length), 4);
    expect(cache.get(a, 0, a.length, pieceHash(a, 0, a.length))).toBe(4);
    expect(cache.get(b, 0, b.length, pieceHash(b, 0, b.length))).toBe(0);
    // The same piece inside a longer text is found where it stands.
    expect(cache.get(`x ${a}.`, 2, 2 + a.length, pieceHash(a, 0, a.length))).toBe(4);
  });

  it.each(TOKENIZER_NAMES)('counts words that share a hash each as tiktoken does, in either order (%s)', (tokenizer) => {
    const counter = new ExactCounter(tokenizer, loadRankTable(tokenizer));
    for (const text of [...SAME_HASH, ...[...SAME_HASH].reverse(), SAME_HASH.join(' '), [...SAME_HASH].reverse().join(' ')]) {
      expect(counter.count(text), text).toBe(tiktokenCount(text, tokenizer));
    }
  });

  it.each(TOKENIZER_NAMES)('with one slot or two, every piece evicts another and counts stay exact (%s)', (tokenizer) => {
    const ranks = loadRankTable(tokenizer);
    const texts = realTexts().slice(0, 8);
    for (const slotBits of [0, 1]) {
      const counter = new ExactCounter(tokenizer, ranks, slotBits);
      for (const { name, text } of texts) expect(counter.count(text), `${name}, ${2 ** slotBits} slot(s)`).toBe(tiktokenCount(text, tokenizer));
    }
  });

  it.each(TOKENIZER_NAMES)('every two-character ASCII text counts as tiktoken counts it (the pair table, %s)', (tokenizer) => {
    const counter = new ExactCounter(tokenizer, loadRankTable(tokenizer));
    const wrong: string[] = [];
    for (let first = 0; first < 128; first++) {
      for (let second = 0; second < 128; second++) {
        const text = String.fromCharCode(first, second);
        if (counter.count(text) !== tiktokenCount(text, tokenizer)) wrong.push(JSON.stringify(text));
      }
    }
    expect(wrong).toEqual([]);
  });
});
