// Counts the tokens of one long piece exactly as byte-pair merging makes
// them, in time linear in the piece (backtrack-tables.ts says why it is
// exact). It walks the piece taking the longest token that matches; when a
// token is not compatible with the one before it, it tries the next shorter
// token that matches there; when none is, it takes back the token before
// and marks the position as one no encoding passes through. The encoding of
// a text's prefix is unique, so a position once given up stays given up:
// every position is given up at most once, and at each the tokens tried are
// at most the tokens that start there.

import { EMPTY, LENGTH, SHORTER, type BacktrackTables } from './backtrack-tables';

/** Tokens taken so far are kept in blocks of this many, so a long piece never copies or overshoots a big array. */
const BLOCK = 1 << 16;

/** Number of tokens byte-pair merging makes of `bytes` (not empty). */
export function backtrackCount(bytes: Uint8Array, tables: BacktrackTables): number {
  const records = tables.records;
  const length = bytes.length;
  // Bit p set: no encoding of the piece has a token boundary at p.
  const givenUp = new Uint8Array((length >>> 3) + 1);
  const blocks = [new Int32Array(Math.min(length, BLOCK))];
  let block = blocks[0]!;
  let blockIndex = 0;
  let inBlock = 0;
  let count = 0;
  let last = EMPTY;
  let at = 0;
  let token = tables.longestAt(bytes, 0);
  for (;;) {
    if (token !== EMPTY) {
      const end = at + records[token * 4 + LENGTH]!;
      if ((givenUp[end >>> 3]! & (1 << (end & 7))) === 0 && (last === EMPTY || tables.compatible(last, token))) {
        if (inBlock === BLOCK) {
          if (++blockIndex === blocks.length) blocks.push(new Int32Array(BLOCK));
          block = blocks[blockIndex]!;
          inBlock = 0;
        }
        block[inBlock++] = token;
        count++;
        if (end === length) return count;
        last = token;
        at = end;
        token = tables.longestAt(bytes, at);
      } else {
        token = records[token * 4 + SHORTER]!;
      }
      continue;
    }
    // No token fits at `at` after `last`: give `at` up and try `last` shorter.
    if (last === EMPTY) throw new Error('byte-pair backtracking found no encoding');
    givenUp[at >>> 3]! |= 1 << (at & 7);
    at -= records[last * 4 + LENGTH]!;
    token = records[last * 4 + SHORTER]!;
    inBlock--;
    count--;
    if (inBlock === 0 && blockIndex > 0) {
      block = blocks[--blockIndex]!;
      inBlock = BLOCK;
    }
    last = inBlock === 0 ? EMPTY : block[inBlock - 1]!;
  }
}
