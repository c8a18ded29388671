// long pieces (runs the pre-split cannot cut) are counted
// by backtracking (exact/backtrack-count.ts) once they have paid for its
// tables, instead of by the heap merge. Held here to the heap merge (itself
// held to tiktoken in compact-ranks.test.ts and long-runs.test.ts) on random
// byte strings, to tiktoken on random long pieces through the product's
// counter, and checked token by token against plain merging of each token's
// own bytes. Speed (ratios, so never in a test): node scripts/bench/counters.mjs --texts runs.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backtrackCount } from '../../../../src/main/engine/tokens/exact/backtrack-count';
import { BacktrackTables, LEFT, LENGTH, NotMergeOrderError, RIGHT } from '../../../../src/main/engine/tokens/exact/backtrack-tables';
import {
  BACKTRACK_AFTER_BYTES,
  HEAP_MERGE_MIN_BYTES,
  bytePairCount,
  heapMergeCount,
  longPieceCounter,
} from '../../../../src/main/engine/tokens/exact/byte-pair-count';
import { ExactCounter, loadRankTable } from '../../../../src/main/engine/tokens/exact/exact-counter';
import { RankTable, buildSlots } from '../../../../src/main/engine/tokens/exact/rank-table';
import { TOKENIZER_NAMES } from './token-fixtures';
import { tiktokenCount } from './tiktoken-oracle';

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

/**
 * Merges `piece` as tiktoken does (lowest rank, leftmost on ties) and
 * returns where the last two parts meet: the length of the left part of the
 * last merge; 0 for a single byte, -1 when merging stops above one part.
 */
function lastMergeAt(piece: string, ranks: RankTable): number {
  const starts = Array.from({ length: piece.length + 1 }, (_, i) => i);
  const rankOfPair = (i: number): number => ranks.rankOf(piece, starts[i]!, starts[i + 2]!);
  const pairRanks = Array.from({ length: Math.max(0, piece.length - 1) }, (_, i) => rankOfPair(i));
  while (starts.length > 3) {
    let at = -1;
    for (let i = 0; i < pairRanks.length; i++) if (pairRanks[i]! >= 0 && (at === -1 || pairRanks[i]! < pairRanks[at]!)) at = i;
    if (at === -1) return -1;
    starts.splice(at + 1, 1);
    pairRanks.splice(at, 1);
    if (at > 0) pairRanks[at - 1] = rankOfPair(at - 1);
    if (at < pairRanks.length) pairRanks[at] = rankOfPair(at);
  }
  if (starts.length === 2) return 0;
  return ranks.rankOf(piece, 0, piece.length) >= 0 ? starts[1]! : -1;
}

/** A rank table of the 256 single bytes (ranks 0–255 in byte order) and then `tokens`, in rank order. */
function smallRankTable(tokens: readonly string[]): RankTable {
  const all = [...Array.from({ length: 256 }, (_, byte) => String.fromCharCode(byte)), ...tokens];
  const bytes = Buffer.from(all.join(''), 'latin1');
  const starts = new Uint32Array(all.length + 1);
  for (let rank = 0; rank < all.length; rank++) starts[rank + 1] = starts[rank]! + all[rank]!.length;
  return new RankTable({ bytes: new Uint8Array(bytes), starts, slots: buildSlots(new Uint8Array(bytes), starts) });
}

const countByMerging = (ranks: RankTable) => (piece: string) => heapMergeCount(piece, ranks);

/** Byte strings of every kind a piece can be: any bytes, a few bytes, letters, UTF-8 of mixed scripts, a repeated word. */
const byteStrings = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 3000 }),
  fc
    .uniqueArray(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 4 })
    .chain((alphabet) => fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 3000 }))
    .map((bytes) => new Uint8Array(bytes)),
  fc
    .uniqueArray(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), { minLength: 1, maxLength: 26 })
    .chain((alphabet) => fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 3000 }))
    .map((letters) => new Uint8Array(Buffer.from(letters.join(''), 'latin1'))),
  fc
    .array(fc.constantFrom('中', '文', 'é', 'ß', 'a', 'n', 'ñ', '😀', '→', '[', ' ', '\u00a0', 'Я', 'ア'), { minLength: 1, maxLength: 1500 })
    .map((chars) => new Uint8Array(Buffer.from(chars.join(''), 'utf8'))),
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 9 }), fc.integer({ min: 1, max: 3000 }))
    .map(([word, length]) => new Uint8Array(Buffer.from(word.repeat(length), 'utf8').subarray(0, length))),
);

/** Texts the pre-split leaves as one long piece (or a few): letters of one alphabet, letters of several scripts, symbol runs, a repeated word. */
const longPieceTexts = fc.oneof(
  fc
    .uniqueArray(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), { minLength: 1, maxLength: 26 })
    .chain((alphabet) => fc.array(fc.constantFrom(...alphabet), { minLength: HEAP_MERGE_MIN_BYTES + 1, maxLength: 12_000 }))
    .map((letters) => letters.join('')),
  fc
    .array(fc.constantFrom('中', '文', '日', '本', 'ア', '한', 'é', 'ß', 'a', 'z', 'ñ', 'ç', 'ø'), { minLength: 50, maxLength: 6000 })
    .map((chars) => chars.join('')),
  fc.array(fc.constantFrom(...'[]{}()<>!#$%&*+-=;:,.?@^_|~`"\\', '→', '©', '€', '😀', '👍'), { minLength: 50, maxLength: 8000 }).map((chars) => chars.join('')),
  fc
    .tuple(fc.stringMatching(/^[a-z]{1,12}$/), fc.integer({ min: HEAP_MERGE_MIN_BYTES + 1, max: 12_000 }))
    .map(([word, length]) => word.repeat(Math.ceil(length / word.length)).slice(0, length)),
);

describe('the backtracking counter', () => {
  describe.each(TOKENIZER_NAMES)('%s', (tokenizer) => {
    const ranks = loadRankTable(tokenizer);
    const tables = new BacktrackTables(ranks, countByMerging(ranks));

    it('finds every token reachable, with as split the last merge that merging its own bytes makes', { timeout: 300_000 }, () => {
      const wrong: string[] = [];
      for (let rank = 0; rank < ranks.size; rank++) {
        const piece = latin1(ranks.tokenBytes(rank));
        const at = lastMergeAt(piece, ranks);
        const left = tables.records[rank * 4 + LEFT]!;
        const right = tables.records[rank * 4 + RIGHT]!;
        const expected = at === 0 ? [rank, rank] : [ranks.rankOf(piece, 0, at), ranks.rankOf(piece, at, piece.length)];
        if (tables.reachable[rank] !== 1 || left !== expected[0] || right !== expected[1] || tables.records[rank * 4 + LENGTH] !== piece.length) {
          wrong.push(`${rank}: reachable ${tables.reachable[rank]}, split ${left}+${right}, merging ends ${expected.join('+')}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    it('counts random byte strings as the heap merge does (property)', { timeout: 300_000 }, () => {
      fc.assert(
        fc.property(byteStrings, (bytes) => {
          expect(backtrackCount(bytes, tables)).toBe(heapMergeCount(latin1(bytes), ranks));
        }),
        { numRuns: 600, seed: 22 },
      );
    });

    it('counts long pieces as tiktoken does, by the heap until they pay for the tables and by backtracking after (property)', { timeout: 300_000 }, () => {
      const fresh = loadRankTable(tokenizer);
      const counter = new ExactCounter(tokenizer, fresh);
      const before = ['q'.repeat(HEAP_MERGE_MIN_BYTES + 1), '中文'.repeat(1000), '[{'.repeat(5000)];
      for (const text of before) expect(counter.count(text)).toBe(tiktokenCount(text, tokenizer));
      expect(longPieceCounter(fresh)).toBe('merge');

      // This piece takes the long pieces' bytes past the threshold: it is the first counted by backtracking.
      const threshold = 'ab'.repeat(BACKTRACK_AFTER_BYTES / 2);
      expect(counter.count(threshold)).toBe(heapMergeCount(threshold, fresh));
      expect(longPieceCounter(fresh)).toBeInstanceOf(BacktrackTables);

      fc.assert(
        fc.property(longPieceTexts, (text) => {
          expect(counter.count(text)).toBe(tiktokenCount(text, tokenizer));
        }),
        { numRuns: 40, seed: 22 },
      );
    });
  });

  it('leaves a token that merging never makes out of every merge, though a piece that is that token counts 1 as in tiktoken', () => {
    // "abcd": merging its bytes stops at ab+c+d, as "abc" and "cd" are not tokens.
    const ranks = smallRankTable(['ab', 'bc', 'abcd', 'ca', 'aa', 'aaa', 'da']);
    const tables = new BacktrackTables(ranks, countByMerging(ranks));
    expect(tables.reachable[256 + 2]).toBe(0);
    expect(backtrackCount(new Uint8Array(Buffer.from('abcd', 'latin1')), tables)).toBe(3);
    expect(bytePairCount('abcd', ranks)).toBe(1);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 400 }), (letters) => {
        const piece = letters.join('');
        expect(backtrackCount(new Uint8Array(Buffer.from(piece, 'latin1')), tables)).toBe(heapMergeCount(piece, ranks));
      }),
      { numRuns: 500, seed: 22 },
    );
  });

  it('refuses ranks that are not a merge order, and long pieces are then still merged exactly', () => {
    // "xyz" (rank 256) is merged from "xy" (rank 257), ranked after it: tiktoken's merging still makes it.
    const ranks = smallRankTable(['xyz', 'xy']);
    expect(heapMergeCount('xyz'.repeat(50), ranks)).toBe(50);
    expect(() => new BacktrackTables(ranks, countByMerging(ranks))).toThrow(NotMergeOrderError);
    const piece = 'xyz'.repeat(Math.ceil(BACKTRACK_AFTER_BYTES / 3));
    expect(bytePairCount(piece, ranks)).toBe(piece.length / 3);
    expect(longPieceCounter(ranks)).toBe('merge');
    expect(bytePairCount('xyzxy'.repeat(100), ranks)).toBe(200);
  });
});
