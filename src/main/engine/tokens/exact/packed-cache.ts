// Counts of short ASCII pieces, keyed by the pieces themselves. A piece of
// three to twelve ASCII characters fits in three 32-bit words at seven bits
// a character — its last four characters in one, the four before them in
// the next, the (up to) four before those in the third — and with its length
// beside them the key IS the piece: a hit needs no comparison with the text,
// and no two pieces can share an entry. The ASCII scanner (ascii-split.ts)
// builds the last eight characters' words as it reads the piece; the counter
// packs the first (up to) four of a longer piece itself (packTop).
//
// Direct-mapped: a key's hash picks one slot, and a miss overwrites it, so
// the cache never grows past its fixed size. A slot is four words (top with
// the length, high, low, count): one cache line holds four slots.

/** Pieces up to this many characters have a packed key. */
export const PACKED_PIECE_MAX = 12;

/** Where the scanner leaves a piece's key (scannedKey in ascii-split.ts). */
export const KEY_LOW = 0;
export const KEY_HIGH = 1;

/** Four characters of seven bits. */
export const PACKED_MASK = 0x0fffffff;

/** KEY_HIGH of a piece of spaces only (never a masked key). */
export const SPACE_RUN = -1;

/** Default slot count (log2): 16,384 slots of 16 bytes. */
export const DEFAULT_PACKED_SLOT_BITS = 14;

/** The key words the scanner builds for the ASCII piece text[from..to), as [low, high]: its last eight characters. */
export function packedKey(text: string, from: number, to: number): [low: number, high: number] {
  let low = 0;
  let high = 0;
  for (let i = from; i < to; i++) {
    high = (high << 7) | (low >>> 21);
    low = ((low << 7) | text.charCodeAt(i)) & PACKED_MASK;
  }
  return [low, high & PACKED_MASK];
}

/** The third key word of the ASCII piece text[from..to): its characters before the last eight (at most four). */
export function packTop(text: string, from: number, to: number): number {
  let top = 0;
  for (let i = from; i < to - 8; i++) top = (top << 7) | text.charCodeAt(i);
  return top;
}

export class PackedPieceCache {
  private readonly mask: number;
  /** Empty slots have length 0, which no cached piece has. */
  private readonly slots: Int32Array;

  constructor(slotBits = DEFAULT_PACKED_SLOT_BITS) {
    this.mask = 2 ** slotBits - 1;
    this.slots = new Int32Array((this.mask + 1) * 4);
  }

  private slotOf(first: number, high: number, low: number): number {
    let hash = Math.imul(low ^ Math.imul(high ^ Math.imul(first, 0x27d4eb2f), 0x9e3779b1), 0x85ebca6b);
    hash ^= hash >>> 15;
    return (hash & this.mask) << 2;
  }

  /** The count remembered for the piece of `length` characters with key (low, high, top), or 0 when there is none. */
  get(length: number, low: number, high: number, top: number): number {
    const first = top | (length << 28);
    const at = this.slotOf(first, high, low);
    const slots = this.slots;
    return slots[at] === first && slots[at + 1] === high && slots[at + 2] === low ? (slots[at + 3] ?? 0) : 0;
  }

  /** Remembers `count` for the piece of `length` (1 to PACKED_PIECE_MAX) characters with key (low, high, top). */
  set(length: number, low: number, high: number, top: number, count: number): void {
    const first = top | (length << 28);
    const at = this.slotOf(first, high, low);
    const slots = this.slots;
    slots[at] = first;
    slots[at + 1] = high;
    slots[at + 2] = low;
    slots[at + 3] = count;
  }
}
