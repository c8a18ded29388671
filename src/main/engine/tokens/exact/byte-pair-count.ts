// How many tokens byte-pair merging makes of one pre-split piece, exactly as
// tiktoken merges: start from single bytes; repeatedly merge the adjacent
// pair whose concatenation has the lowest rank, the leftmost one on ties;
// stop when no adjacent pair is a token. Short pieces use tiktoken's own
// scan (quadratic, but fastest below ~128 bytes). Long pieces keep the pairs
// in a heap ordered by (rank, position), which picks the same pair each step
// in O(log n), until long pieces have cost enough to pay for the tables of
// the backtracking counter (backtrack-count.ts: linear, and far faster on
// runs of megabytes); from then on they are counted with it.

import { backtrackCount } from './backtrack-count';
import { BacktrackTables, NotMergeOrderError } from './backtrack-tables';
import type { ByteString, RankTable } from './rank-table';

/** Pieces longer than this (in bytes) are merged with the heap, or counted by backtracking. */
export const HEAP_MERGE_MIN_BYTES = 128;

/**
 * Long pieces are merged with the heap until their bytes reach this many in
 * a process; the piece that reaches it builds the backtracking tables (about
 * what the heap spends on this many bytes), and every long piece after it
 * is counted by backtracking. So a catalog with a few long pieces never
 * builds them, and a hostile one pays for them at most once.
 */
export const BACKTRACK_AFTER_BYTES = 256 * 1024;

const NONE = 0x7fffffff;

/**
 * Per rank table: the long-piece bytes merged with the heap so far; the
 * backtracking tables once built; or 'merge' for a rank table they cannot
 * serve (ranks that are not a merge order: never OpenAI's).
 */
const longPieces = new WeakMap<RankTable, number | BacktrackTables | 'merge'>();

/** Number of tokens of the piece `piece` (bytes as characters; not empty). */
export function bytePairCount(piece: ByteString, ranks: RankTable): number {
  const length = piece.length;
  if (length <= 1) return length;
  if (length > HEAP_MERGE_MIN_BYTES) return longPieceCount(piece, ranks);
  // As tiktoken does, a piece that is a token is that token, whatever merging would make of it.
  if (ranks.rankOf(piece, 0, length) >= 0) return 1;
  return scanMergeCount(piece, ranks);
}

function longPieceCount(piece: ByteString, ranks: RankTable): number {
  const length = piece.length;
  let seen = longPieces.get(ranks) ?? 0;
  if (typeof seen === 'number') {
    if (seen + length < BACKTRACK_AFTER_BYTES) {
      longPieces.set(ranks, seen + length);
      return ranks.rankOf(piece, 0, length) >= 0 ? 1 : heapMergeCount(piece, ranks);
    }
    seen = buildTables(ranks);
    longPieces.set(ranks, seen);
  }
  if (seen === 'merge') return ranks.rankOf(piece, 0, length) >= 0 ? 1 : heapMergeCount(piece, ranks);
  if (length <= seen.longest && ranks.rankOf(piece, 0, length) >= 0) return 1;
  return backtrackCount(Buffer.from(piece, 'latin1'), seen);
}

function buildTables(ranks: RankTable): BacktrackTables | 'merge' {
  try {
    return new BacktrackTables(ranks, (piece) => heapMergeCount(piece, ranks));
  } catch (error) {
    if (error instanceof NotMergeOrderError) return 'merge';
    throw error;
  }
}

/** What counts the long pieces of `ranks` now: 'merge' (the heap) or the backtracking tables (for tests and benchmarks). */
export function longPieceCounter(ranks: RankTable): 'merge' | BacktrackTables {
  const seen = longPieces.get(ranks) ?? 0;
  return typeof seen === 'number' ? 'merge' : seen;
}

// Reused across calls: short pieces never need more than this.
const scanStarts = new Int32Array(HEAP_MERGE_MIN_BYTES + 2);
const scanRanks = new Int32Array(HEAP_MERGE_MIN_BYTES + 2);

function scanMergeCount(piece: ByteString, ranks: RankTable): number {
  const starts = scanStarts;
  const pairRanks = scanRanks;
  // parts: starts[0..parts) plus the end sentinel starts[parts] = length.
  let parts = piece.length;
  for (let i = 0; i <= parts; i++) starts[i] = i;
  // pairRanks[i]: the rank of parts i and i + 1 merged (NONE: not a token).
  // One call site for rankOf and no closure: the JIT then compiles this in
  // a fraction of the time, which is time the first count waits for.
  let from = 0;
  let to = parts - 1;
  for (;;) {
    for (let i = from; i < to; i++) pairRanks[i] = toKey(ranks.rankOf(piece, starts[i] ?? 0, starts[i + 2] ?? 0));
    let best = NONE;
    let at = -1;
    for (let i = 0; i + 1 < parts; i++) {
      const rank = pairRanks[i] ?? NONE;
      if (rank < best) {
        best = rank;
        at = i;
      }
    }
    if (at === -1) return parts;
    // Merge part at+1 into part at; the pairs that change are (at-1, at) and (at, at+1).
    starts.copyWithin(at + 1, at + 2, parts + 1);
    pairRanks.copyWithin(at + 1, at + 2, parts);
    parts--;
    from = at > 0 ? at - 1 : 0;
    to = at + 1 < parts ? at + 1 : at;
  }
}

function toKey(rank: number): number {
  return rank < 0 ? NONE : rank;
}

/**
 * Parts are a linked list over byte positions (a part is named by its first
 * byte). The heap holds the parts whose pair with the next part is a token,
 * ordered by (rank, position): the lowest rank, leftmost on ties — the same
 * choice as the scan. Each part is in the heap at most once (heapAt says
 * where), so a changed pair moves its entry instead of adding another.
 */
class MergeHeap {
  readonly next: Int32Array;
  readonly prev: Int32Array;
  private readonly pairRank: Int32Array;
  private readonly heapAt: Int32Array;
  private readonly heap: Int32Array;
  private size = 0;

  constructor(
    private readonly piece: ByteString,
    private readonly ranks: RankTable,
  ) {
    const length = piece.length;
    this.next = new Int32Array(length);
    this.prev = new Int32Array(length);
    this.pairRank = new Int32Array(length);
    this.heapAt = new Int32Array(length).fill(-1);
    this.heap = new Int32Array(length);
    for (let i = 0; i < length; i++) {
      this.next[i] = i + 1 < length ? i + 1 : -1;
      this.prev[i] = i - 1;
    }
  }

  get isEmpty(): boolean {
    return this.size === 0;
  }

  top(): number {
    return this.heap[0] ?? -1;
  }

  private before(a: number, b: number): boolean {
    const rankA = this.pairRank[a] ?? 0;
    const rankB = this.pairRank[b] ?? 0;
    return rankA < rankB || (rankA === rankB && a < b);
  }

  private place(index: number, part: number): void {
    this.heap[index] = part;
    this.heapAt[part] = index;
  }

  private siftUp(index: number, part: number): void {
    const heap = this.heap;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const above = heap[parent] ?? 0;
      if (!this.before(part, above)) break;
      this.place(index, above);
      index = parent;
    }
    this.place(index, part);
  }

  private siftDown(index: number, part: number): void {
    const heap = this.heap;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= this.size) break;
      const right = child + 1;
      if (right < this.size && this.before(heap[right] ?? 0, heap[child] ?? 0)) child = right;
      const below = heap[child] ?? 0;
      if (!this.before(below, part)) break;
      this.place(index, below);
      index = child;
    }
    this.place(index, part);
  }

  remove(part: number): void {
    const index = this.heapAt[part] ?? -1;
    if (index < 0) return;
    this.heapAt[part] = -1;
    this.size--;
    if (index === this.size) return;
    const last = this.heap[this.size] ?? 0;
    if (index > 0 && this.before(last, this.heap[(index - 1) >> 1] ?? 0)) this.siftUp(index, last);
    else this.siftDown(index, last);
  }

  /** Recomputes the rank of part's pair with the next part and fixes the heap. */
  update(part: number): void {
    this.remove(part);
    const after = this.next[part] ?? -1;
    if (after === -1) return;
    const afterEnd = this.next[after] ?? -1;
    const rank = this.ranks.rankOf(this.piece, part, afterEnd === -1 ? this.piece.length : afterEnd);
    this.pairRank[part] = rank;
    if (rank >= 0) this.siftUp(this.size++, part);
  }
}

/** Number of tokens of `piece` by the heap merge alone, whatever its length (also the tests' reference). */
export function heapMergeCount(piece: ByteString, ranks: RankTable): number {
  const heap = new MergeHeap(piece, ranks);
  const { next, prev } = heap;
  for (let i = 0; i + 1 < piece.length; i++) heap.update(i);
  let parts = piece.length;
  while (!heap.isEmpty) {
    const part = heap.top();
    const merged = next[part] ?? -1;
    // Part `merged` disappears into `part`.
    heap.remove(merged);
    const after = next[merged] ?? -1;
    next[part] = after;
    if (after !== -1) prev[after] = part;
    parts--;
    heap.update(part);
    const before = prev[part] ?? -1;
    if (before !== -1) heap.update(before);
  }
  return parts;
}
