import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { decodeCompactRanks, encodeCompactRanks, rankArraysFromRankFile } from '../../../../src/main/engine/tokens/exact/compact-ranks';
import { RANK_FILE_SHA256, parseRankFile, rankFilePath, sha256Hex } from '../../../../src/main/engine/tokens/exact/rank-files';
import { RankTable } from '../../../../src/main/engine/tokens/exact/rank-table';
import { HEAP_MERGE_MIN_BYTES } from '../../../../src/main/engine/tokens/exact/byte-pair-count';
import { countTokens } from '../../../../src/main/engine/tokens/count-tokens';
import { TOKENIZER_NAMES } from './token-fixtures';
import { tiktokenCount } from './tiktoken-oracle';

describe('vocabularies', () => {
  it.each(TOKENIZER_NAMES)('the shipped %s rank file is the official one', (tokenizer) => {
    expect(sha256Hex(readFileSync(rankFilePath(tokenizer)))).toBe(RANK_FILE_SHA256[tokenizer]);
  });

  it.each(TOKENIZER_NAMES)('the %s table finds every token at its rank, and the compact form decodes to the same arrays', (tokenizer) => {
    const arrays = rankArraysFromRankFile(tokenizer);
    const table = new RankTable(arrays);
    expect(table.size).toBe(tokenizer === 'o200k_base' ? 199_998 : 100_256);
    for (let rank = 0; rank < table.size; rank++) {
      const token = Buffer.from(table.tokenBytes(rank)).toString('latin1');
      if (table.rankOf(token, 0, token.length) !== rank) expect.fail(`rank ${rank}`);
    }
    const decoded = decodeCompactRanks(encodeCompactRanks(tokenizer, arrays), tokenizer, 'test');
    expect(Buffer.from(decoded.bytes).equals(Buffer.from(arrays.bytes))).toBe(true);
    expect([...decoded.starts]).toEqual([...arrays.starts]);
    expect(Buffer.from(decoded.slots.buffer, decoded.slots.byteOffset, decoded.slots.byteLength).equals(Buffer.from(arrays.slots.buffer))).toBe(true);
  });

  it('refuses a compact file that was changed, made from another rank file, or is not one', () => {
    const file = Buffer.from(encodeCompactRanks('cl100k_base'));
    const flipped = Buffer.from(file);
    flipped[file.length - 1] = (flipped[file.length - 1] ?? 0) ^ 1;
    expect(() => decodeCompactRanks(flipped, 'cl100k_base', 'x.ranks')).toThrow(/do not match their SHA-256/);
    expect(() => decodeCompactRanks(file, 'o200k_base', 'x.ranks')).toThrow(/another rank file/);
    expect(() => decodeCompactRanks(Buffer.from('hello'), 'cl100k_base', 'x.ranks')).toThrow(/bad header/);
  });

  it('refuses a rank file line that is not "<base64> <next rank>"', () => {
    expect(() => parseRankFile(Buffer.from('IQ== 0\nIg== 2\n'), 'bad')).toThrow(/line 2/);
    expect(parseRankFile(Buffer.from('IQ== 0\nIg== 1\n'), 'good').starts).toEqual(new Uint32Array([0, 1, 2]));
  });
});

describe('byte-pair merging of long pieces (the heap) equals tiktoken', () => {
  it('on random single-piece words just above and well above the heap threshold (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]+$/), fc.integer({ min: HEAP_MERGE_MIN_BYTES - 2, max: 3000 }), (word, length) => {
        const text = (word || 'x').repeat(Math.ceil(length / Math.max(1, word.length))).slice(0, length);
        expect(countTokens(text, 'o200k_base')).toBe(tiktokenCount(text, 'o200k_base'));
      }),
      { numRuns: 300, seed: 13 },
    );
  });
});
