// Token bytes → rank, as flat typed arrays: an open-addressing hash table
// over the tokens' bytes. It answers "what is the rank of these bytes of this
// piece" without cutting a substring out of the piece, and it is the same
// arrays whether built from the rank file at load or read from the compact
// file the build writes (compact-ranks.ts), so a cold start only maps them.

/** A text whose characters are bytes (codes 0–255): how pieces are merged. */
export type ByteString = string;

export interface RankArrays {
  /** Every token's bytes, concatenated in rank order. */
  bytes: Uint8Array;
  /** Token r is bytes[starts[r]..starts[r + 1]). */
  starts: Uint32Array;
  /** Open-addressing slots: rank + 1, or 0 for empty; length a power of two. */
  slots: Int32Array;
}

/** FNV-1a over code units from..to of a byte string. */
function hashOfString(text: ByteString, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function hashOfBytes(bytes: Uint8Array, from: number, to: number): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ (bytes[i] ?? 0), 0x01000193);
  return hash >>> 0;
}

/** Builds the slots for tokens given as bytes + starts (load factor below 0.4). */
export function buildSlots(bytes: Uint8Array, starts: Uint32Array): Int32Array {
  const count = starts.length - 1;
  let size = 1;
  while (size < count * 2.5) size *= 2;
  const slots = new Int32Array(size);
  const mask = size - 1;
  for (let rank = 0; rank < count; rank++) {
    let slot = hashOfBytes(bytes, starts[rank] ?? 0, starts[rank + 1] ?? 0) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = rank + 1;
  }
  return slots;
}

export class RankTable {
  readonly size: number;
  private readonly bytes: Uint8Array;
  private readonly starts: Uint32Array;
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(arrays: RankArrays) {
    this.bytes = arrays.bytes;
    this.starts = arrays.starts;
    this.slots = arrays.slots;
    this.mask = arrays.slots.length - 1;
    this.size = arrays.starts.length - 1;
  }

  /**
   * The rank of the bytes text[from..to), or -1 when they are not one token.
   * (No early answer for ranges longer than any token: finding the longest
   * token costs a pass over the table at every cold start, and merging only
   * asks about a long range once per piece.)
   */
  rankOf(text: ByteString, from: number, to: number): number {
    const { bytes, starts, slots, mask } = this;
    const length = to - from;
    let slot = hashOfString(text, from, to) & mask;
    for (let entry = slots[slot] ?? 0; entry !== 0; entry = slots[slot] ?? 0) {
      const start = starts[entry - 1] ?? 0;
      if ((starts[entry] ?? 0) - start === length) {
        let i = 0;
        while (i < length && bytes[start + i] === text.charCodeAt(from + i)) i++;
        if (i === length) return entry - 1;
      }
      slot = (slot + 1) & mask;
    }
    return -1;
  }

  /** The rank of bytes[from..to) (any byte array), or -1 when they are not one token. */
  rankOfBytes(source: Uint8Array, from: number, to: number): number {
    const { bytes, starts, slots, mask } = this;
    const length = to - from;
    let slot = hashOfBytes(source, from, to) & mask;
    for (let entry = slots[slot] ?? 0; entry !== 0; entry = slots[slot] ?? 0) {
      const start = starts[entry - 1] ?? 0;
      if ((starts[entry] ?? 0) - start === length) {
        let i = 0;
        while (i < length && bytes[start + i] === source[from + i]) i++;
        if (i === length) return entry - 1;
      }
      slot = (slot + 1) & mask;
    }
    return -1;
  }

  /** Token r's bytes (for tests and for writing the compact file). */
  tokenBytes(rank: number): Uint8Array {
    return this.bytes.subarray(this.starts[rank], this.starts[rank + 1]);
  }

  arrays(): RankArrays {
    return { bytes: this.bytes, starts: this.starts, slots: this.slots };
  }
}
