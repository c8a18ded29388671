// The tables that let backtrack-count.ts count a long piece exactly in
// linear time, built from a rank table once, the first time a long piece
// needs them (a process that never meets a long piece never pays). The idea
// is GitHub's "backtracking" BPE (the `bpe` crate's write-up); this code is
// our own. With ranks as merge order:
// - A token is *reachable* when merging its own bytes gives back the token
//   itself; only reachable tokens ever appear in an encoding.
// - Each reachable token of two bytes or more has a *split*: the last merge
//   that merging its own bytes makes, two lower-ranked tokens.
// - Two tokens are *compatible* when merging their bytes one after the other
//   gives exactly those two tokens back. An encoding is the one sequence of
//   reachable tokens spelling the text in which every two neighbours are
//   compatible, so the counter only ever checks neighbours.
// Counting is bound by memory latency (every lookup lands somewhere else),
// so the layout keeps what is read together together and the hot part
// small: a token's split, shorter token and length are one 16-byte record,
// the first two trie levels are direct tables, and a 256 KiB bit set
// answers most "is this pair a split" questions before the pair table is
// read.

import type { ByteString, RankTable } from './rank-table';

export const EMPTY = -1;

/** Fibonacci hashing: the top bits of key × 2^32/φ, so near keys land far apart. */
function fibonacciSlot(key: number, shift: number): number {
  return Math.imul(key, 0x9e3779b1) >>> shift;
}

/** One 32-bit value for a pair of tokens (both below 2^24), mixed. */
function pairKey(first: number, second: number): number {
  return Math.imul(first, 0x85ebca6b) ^ Math.imul(second, 0xc2b2ae35);
}

const PAIR_FILTER_BITS = 21;

/** The fields of a token's record in `BacktrackTables.records` (token × 4 + field). */
export const LEFT = 0;
export const RIGHT = 1;
export const SHORTER = 2;
export const LENGTH = 3;

/** Thrown for a rank table whose ranks are not a merge order (not OpenAI's): count such pieces by merging. */
export class NotMergeOrderError extends Error {}

export class BacktrackTables {
  readonly size: number;
  /** The length in bytes of the longest token. */
  readonly longest: number;
  /**
   * Four numbers a token: its split (LEFT, RIGHT; a single byte, or an
   * unreachable token, is its own split), the longest reachable token that
   * is a proper prefix of it (SHORTER; EMPTY for a single byte) and its
   * length in bytes (LENGTH).
   */
  readonly records: Int32Array;
  /** 1 for each reachable token (a trie node below `size` spells a reachable token). */
  readonly reachable: Uint8Array;
  /**
   * A trie of the reachable tokens' bytes. A node that spells one is
   * numbered by its rank, every other node from `size` up. Children of the
   * root (single bytes, all tokens) are in `depth1`, of those in `depth2`
   * (by the two bytes), deeper edges in an open-addressing table of
   * [parent × 256 + byte + 1, child] pairs.
   */
  private readonly depth1 = new Int32Array(256).fill(EMPTY);
  private readonly depth2 = new Int32Array(65536).fill(EMPTY);
  private edges: Int32Array;
  private edgeShift: number;
  private edgeMask: number;
  private edgeCount = 0;
  /** Trie nodes made (every token's, then the others'). */
  private nodeCount = 0;
  /** The splits: open addressing over [left, right, token] (left EMPTY: free), and a bit set of their pair keys. */
  private readonly pairs: Int32Array;
  private readonly pairShift: number;
  private readonly pairMask: number;
  private readonly pairFilter = new Int32Array(1 << (PAIR_FILTER_BITS - 5));

  /**
   * `countByMerging` counts a piece by plain merging (no shortcut for a piece
   * that is a token); it is asked only about
   * tokens found unreachable, to tell a token merging never makes from a
   * rank table whose ranks are not a merge order (a part ranked after the
   * token made of it), which backtracking cannot count: NotMergeOrderError.
   */
  constructor(ranks: RankTable, countByMerging: (piece: ByteString) => number) {
    const { bytes, starts } = ranks.arrays();
    const size = ranks.size;
    this.size = size;
    const records = (this.records = new Int32Array(size * 4));
    let longest = 0;
    for (let rank = 0; rank < size; rank++) {
      const length = starts[rank + 1]! - starts[rank]!;
      records[rank * 4 + LEFT] = rank;
      records[rank * 4 + RIGHT] = rank;
      records[rank * 4 + LENGTH] = length;
      if (length > longest) longest = length;
    }
    this.longest = longest;
    this.edges = new Int32Array(2 << 16);
    this.edgeShift = 32 - 16;
    this.edgeMask = (1 << 16) - 1;
    const tokenAbove = this.buildTrie(bytes, starts, longest);

    let pairBits = 4;
    while (1 << pairBits < size * 2) pairBits++;
    this.pairs = new Int32Array(3 << pairBits).fill(EMPTY);
    this.pairShift = 32 - pairBits;
    this.pairMask = (1 << pairBits) - 1;
    this.reachable = new Uint8Array(size);
    this.findSplits(ranks, bytes, starts, tokenAbove);

    let unreachable = 0;
    for (let rank = 0; rank < size; rank++) {
      let above = tokenAbove[rank]!;
      while (above !== EMPTY && this.reachable[above] === 0) above = tokenAbove[above]!;
      records[rank * 4 + SHORTER] = above;
      if (this.reachable[rank] === 0) {
        unreachable++;
        if (countByMerging(Buffer.from(ranks.tokenBytes(rank)).toString('latin1')) === 1) {
          throw new NotMergeOrderError(`rank table: token ${rank} is made of a part ranked after it`);
        }
      }
    }
    // None in OpenAI's vocabularies; were there any, their nodes stop counting as tokens.
    if (unreachable > 0) this.renumberUnreachable();
  }

  /**
   * Inserts the tokens shortest first, so that when a token is inserted every
   * shorter token already has its node: the nodes a token's insertion makes
   * along its path are then never tokens, and its own node is new.
   * Returns, for every node, the nearest token strictly above it.
   */
  private buildTrie(bytes: Uint8Array, starts: Uint32Array, longest: number): Int32Array {
    const { size, records, depth1, depth2 } = this;
    const byLength = new Int32Array(longest + 2);
    for (let rank = 0; rank < size; rank++) byLength[records[rank * 4 + LENGTH]! + 1]!++;
    for (let length = 1; length <= longest + 1; length++) byLength[length]! += byLength[length - 1]!;
    const order = new Int32Array(size);
    for (let rank = 0; rank < size; rank++) order[byLength[records[rank * 4 + LENGTH]!]!++] = rank;

    let tokenAbove = new Int32Array(size + (size >>> 1)).fill(EMPTY);
    let nextNode = size;
    const newNode = (above: number, rank: number, last: boolean): number => {
      // Edge keys (parent × 256 + byte + 1) must stay 32-bit integers.
      if (nextNode >= 0x7fffff) throw new Error('rank table: too many trie nodes for backtracking');
      const node = last ? rank : nextNode++;
      if (node >= tokenAbove.length) {
        const grown = new Int32Array(tokenAbove.length * 2).fill(EMPTY);
        grown.set(tokenAbove);
        tokenAbove = grown;
      }
      tokenAbove[node] = above;
      return node;
    };
    for (let o = 0; o < size; o++) {
      const rank = order[o]!;
      const start = starts[rank]!;
      const end = starts[rank + 1]!;
      const first = bytes[start]!;
      if (end - start === 1) {
        if (depth1[first] !== EMPTY) throw new Error(`rank table: byte ${first} is two tokens`);
        depth1[first] = rank;
        continue;
      }
      const root = depth1[first]!;
      if (root === EMPTY) throw new Error(`rank table: byte ${first} is not a token`);
      const two = (first << 8) | bytes[start + 1]!;
      let node = depth2[two]!;
      if (node === EMPTY) depth2[two] = node = newNode(root, rank, end - start === 2);
      else if (end - start === 2) throw new Error(`rank table: token ${rank} is another token's bytes`);
      let above = node < size ? node : tokenAbove[node]!;
      for (let i = start + 2; i < end; i++) {
        let child = this.child(node, bytes[i]!);
        if (child === EMPTY) this.addEdge(node, bytes[i]!, (child = newNode(above, rank, i === end - 1)));
        else if (i === end - 1) throw new Error(`rank table: token ${rank} is another token's bytes`);
        node = child;
        if (node < size) above = node;
      }
    }
    this.nodeCount = nextNode;
    return tokenAbove;
  }

  /**
   * In rank order, so both parts of a split are settled before the token
   * made of them: a token's split is the pair of compatible lower-ranked
   * reachable tokens that spells it (there is at most one: merging its bytes
   * ends in one way); a token with none is unreachable.
   */
  private findSplits(ranks: RankTable, bytes: Uint8Array, starts: Uint32Array, tokenAbove: Int32Array): void {
    const { size, records, reachable } = this;
    for (let rank = 0; rank < size; rank++) {
      const start = starts[rank]!;
      const end = starts[rank + 1]!;
      if (end - start === 1) {
        reachable[rank] = 1;
        continue;
      }
      for (let first = tokenAbove[rank]!; first !== EMPTY; first = tokenAbove[first]!) {
        if (first > rank || reachable[first] === 0) continue;
        const second = ranks.rankOfBytes(bytes, start + records[first * 4 + LENGTH]!, end);
        if (second >= 0 && second < rank && reachable[second] === 1 && this.compatible(first, second)) {
          records[rank * 4 + LEFT] = first;
          records[rank * 4 + RIGHT] = second;
          reachable[rank] = 1;
          this.addPair(first, second, rank);
          break;
        }
      }
    }
  }

  /** Gives every unreachable token's node a number from `size` up, so walks no longer stop on it. */
  private renumberUnreachable(): void {
    const { size, reachable } = this;
    const renumbered = new Map<number, number>();
    let nextNode = this.nodeCount;
    const old = this.edges;
    const fresh = (node: number): number => {
      if (node >= size || reachable[node] === 1) return node;
      let moved = renumbered.get(node);
      if (moved === undefined) renumbered.set(node, (moved = nextNode++));
      return moved;
    };
    for (let i = 0; i < 65536; i++) if (this.depth2[i] !== EMPTY) this.depth2[i] = fresh(this.depth2[i]!);
    this.edges = new Int32Array(old.length);
    this.edgeCount = 0;
    for (let slot = 0; slot < old.length; slot += 2) {
      const key = old[slot]!;
      if (key === 0) continue;
      this.addEdge(fresh(Math.floor((key - 1) / 256)), (key - 1) % 256, fresh(old[slot + 1]!));
    }
  }

  /** The child of `node` (two bytes deep or more) along `byte`, or EMPTY. */
  private child(node: number, byte: number): number {
    const key = node * 256 + byte + 1;
    const { edges, edgeMask } = this;
    for (let slot = fibonacciSlot(key, this.edgeShift); ; slot = (slot + 1) & edgeMask) {
      const found = edges[slot * 2]!;
      if (found === key) return edges[slot * 2 + 1]!;
      if (found === 0) return EMPTY;
    }
  }

  private addEdge(node: number, byte: number, child: number): void {
    // Kept at most half full: a probe then mostly stays in one cache line.
    if (++this.edgeCount * 2 > this.edgeMask + 1) this.growEdges();
    const key = node * 256 + byte + 1;
    let slot = fibonacciSlot(key, this.edgeShift);
    while (this.edges[slot * 2] !== 0) slot = (slot + 1) & this.edgeMask;
    this.edges[slot * 2] = key;
    this.edges[slot * 2 + 1] = child;
  }

  private growEdges(): void {
    const old = this.edges;
    this.edges = new Int32Array(old.length * 2);
    this.edgeShift--;
    this.edgeMask = this.edgeMask * 2 + 1;
    for (let slot = 0; slot < old.length; slot += 2) {
      const key = old[slot]!;
      if (key === 0) continue;
      let to = fibonacciSlot(key, this.edgeShift);
      while (this.edges[to * 2] !== 0) to = (to + 1) & this.edgeMask;
      this.edges[to * 2] = key;
      this.edges[to * 2 + 1] = old[slot + 1]!;
    }
  }

  /** The longest reachable token that `bytes` starts with at `at` (a single byte is one, so there always is one). */
  longestAt(bytes: Uint8Array, at: number): number {
    const end = bytes.length;
    const single = this.depth1[bytes[at]!]!;
    if (at + 1 === end) return single;
    let node = this.depth2[(bytes[at]! << 8) | bytes[at + 1]!]!;
    if (node === EMPTY) return single;
    const size = this.size;
    let found = node < size ? node : single;
    for (let i = at + 2; i < end; i++) {
      node = this.child(node, bytes[i]!);
      if (node === EMPTY) break;
      if (node < size) found = node;
    }
    return found;
  }

  private addPair(first: number, second: number, token: number): void {
    const { pairs, pairMask } = this;
    const key = pairKey(first, second);
    this.pairFilter[key >>> (37 - PAIR_FILTER_BITS)]! |= 1 << (key & 31);
    let slot = fibonacciSlot(key, this.pairShift);
    while (pairs[slot * 3] !== EMPTY) slot = (slot + 1) & pairMask;
    pairs[slot * 3] = first;
    pairs[slot * 3 + 1] = second;
    pairs[slot * 3 + 2] = token;
  }

  /** The token whose split is (first, second), or EMPTY. */
  private merged(first: number, second: number): number {
    const key = pairKey(first, second);
    if ((this.pairFilter[key >>> (37 - PAIR_FILTER_BITS)]! & (1 << (key & 31))) === 0) return EMPTY;
    const { pairs, pairMask } = this;
    for (let slot = fibonacciSlot(key, this.pairShift); ; slot = (slot + 1) & pairMask) {
      const at = pairs[slot * 3]!;
      if (at === first && pairs[slot * 3 + 1] === second) return pairs[slot * 3 + 2]!;
      if (at === EMPTY) return EMPTY;
    }
  }

  /**
   * Whether merging the bytes of `first` then `second` gives [first, second].
   * Merges happen in rank order (leftmost first on equal ranks), so the two
   * tokens' merges are undone latest first: undoing `first`'s last merge
   * leaves its right part at the boundary, undoing `second`'s its left part.
   * At each step the two tokens at the boundary must not be a split whose
   * token would be merged before the merge just undone — a lower rank, or on
   * the right side an equal one too, as the boundary pair is then further
   * left. Steps are bounded by the tokens' merge depths.
   */
  compatible(first: number, second: number): boolean {
    const records = this.records;
    let limit = 0x7fffffff;
    for (;;) {
      const across = this.merged(first, second);
      if (across !== EMPTY && across < limit) return false;
      // The later of the two was merged last (ties: the right one); undo it, or the other when it is a single byte.
      const firstRight = records[first * 4 + RIGHT]!;
      const secondLeft = records[second * 4 + LEFT]!;
      if (first > second && firstRight !== first) {
        limit = first;
        first = firstRight;
      } else if (secondLeft !== second) {
        limit = second + 1;
        second = secondLeft;
      } else if (firstRight !== first) {
        limit = first;
        first = firstRight;
      } else {
        return true;
      }
    }
  }
}
