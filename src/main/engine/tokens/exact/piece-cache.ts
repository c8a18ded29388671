// Remembered token counts of short pieces, looked up without cutting the
// piece out of the text: catalogs repeat the same few thousand pieces
// (`": "`, `"type"`, ` string`) millions of times, and a substring plus a
// Map lookup per piece was most of the counter's time.
//
// Direct-mapped: a piece's hash picks one slot; the slot keeps the piece's
// code units, so a hit is confirmed by comparing them — two pieces with the
// same hash never share a count. A miss overwrites the slot, so the cache
// never grows past its fixed size and never needs emptying. A slot is one
// record (hash, length, count, code units) so a lookup touches one or two
// cache lines.

/** Pieces up to this many UTF-16 code units are cached; longer ones are rare. */
export const CACHED_PIECE_MAX = 32;

/** Default slot count (log2): 16,384 slots of 72 bytes. */
export const DEFAULT_SLOT_BITS = 14;

// A record, in 16-bit words: hash (low, high), length, count, code units.
const HASH_LOW = 0;
const HASH_HIGH = 1;
const LENGTH = 2;
const COUNT = 3;
const UNITS = 4;
const RECORD = UNITS + CACHED_PIECE_MAX;

export const FNV_OFFSET = 0x811c9dc5 | 0;
export const FNV_PRIME = 0x01000193;

/** FNV-1a over the code units text[from..to), as a signed 32-bit integer. */
export function pieceHash(text: string, from: number, to: number): number {
  let hash = FNV_OFFSET;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash;
}

export class PieceCache {
  private readonly mask: number;
  /** Empty records have length 0, which no piece has. */
  private readonly records: Uint16Array;

  constructor(slotBits = DEFAULT_SLOT_BITS) {
    this.mask = 2 ** slotBits - 1;
    this.records = new Uint16Array((this.mask + 1) * RECORD);
  }

  private recordOf(hash: number): number {
    return ((hash ^ (hash >>> 16)) & this.mask) * RECORD;
  }

  /** The count remembered for text[from..to) (hash: its pieceHash), or 0 when there is none. */
  get(text: string, from: number, to: number, hash: number): number {
    const records = this.records;
    const at = this.recordOf(hash);
    if (records[at + LENGTH] !== to - from || records[at + HASH_LOW] !== (hash & 0xffff) || records[at + HASH_HIGH] !== hash >>> 16) return 0;
    const units = at + UNITS - from;
    for (let i = from; i < to; i++) if (records[units + i] !== text.charCodeAt(i)) return 0;
    return records[at + COUNT] ?? 0;
  }

  /** Remembers `count` (1 to 65,535) for text[from..to), at most CACHED_PIECE_MAX units long. */
  set(text: string, from: number, to: number, hash: number, count: number): void {
    const records = this.records;
    const at = this.recordOf(hash);
    records[at + HASH_LOW] = hash & 0xffff;
    records[at + HASH_HIGH] = hash >>> 16;
    records[at + LENGTH] = to - from;
    records[at + COUNT] = count;
    const units = at + UNITS - from;
    for (let i = from; i < to; i++) records[units + i] = text.charCodeAt(i);
  }
}
