// Counts tokens exactly as OpenAI's tiktoken does with every special token
// treated as text: pre-split (ascii-split.ts, else pre-split.ts), then
// byte-pair merge each piece (byte-pair-count.ts). Catalogs repeat the same
// short pieces millions of times (`": "`, `"type"`, `string`), so pieces'
// counts are remembered without cutting the piece out of the text: one or
// two ASCII characters in tables indexed by the characters; three to twelve
// ASCII characters under their packed key, which is the piece itself
// (packed-cache.ts); runs of spaces by their length; anything else up to 32
// UTF-16 units in a cache that compares the piece's characters (piece-cache.ts).

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TokenizerName } from '../../../../shared/tokenizers';
import { ASCII_PIECE_END, scannedKey } from './ascii-split';
import { bytePairCount } from './byte-pair-count';
import { compactRanksFileName, decodeCompactRanks, rankArraysFromRankFile } from './compact-ranks';
import { KEY_HIGH, KEY_LOW, PACKED_PIECE_MAX, PackedPieceCache, SPACE_RUN, packTop } from './packed-cache';
import { CACHED_PIECE_MAX, PieceCache, pieceHash } from './piece-cache';
import { PIECE_END, type PieceEnd } from './pre-split';
import { RankTable, type ByteString } from './rank-table';

/**
 * The rank table of `tokenizer`: the compact file the build put beside this
 * module when there is one (a cold start then only reads it), else the
 * official rank file (running from source, as the tests do).
 */
export function loadRankTable(tokenizer: TokenizerName): RankTable {
  const compact = fileURLToPath(new URL(compactRanksFileName(tokenizer), import.meta.url));
  if (existsSync(compact)) return new RankTable(decodeCompactRanks(readFileSync(compact), tokenizer, compact));
  return new RankTable(rankArraysFromRankFile(tokenizer));
}

/** A piece's UTF-8 bytes as a byte string (a lone surrogate becomes U+FFFD, as TextEncoder does). */
function utf8ByteString(piece: string): ByteString {
  for (let i = 0; i < piece.length; i++) {
    if (piece.charCodeAt(i) >= 0x80) return Buffer.from(piece, 'utf8').toString('latin1');
  }
  return piece;
}

/** Runs of spaces up to this long have their counts in a table by length. */
const SPACE_RUN_TABLE_MAX = 1024;

export class ExactCounter {
  private readonly cache: PieceCache;
  private readonly packed: PackedPieceCache;
  private readonly pieceEnd: PieceEnd;
  private readonly asciiPieceEnd: PieceEnd;
  /** Tokens of each two-character ASCII piece (index first << 7 | second); 0: not looked up yet. */
  private readonly asciiPairs = new Uint8Array(128 * 128);
  /** Tokens of a run of n spaces at index n; 0: not counted yet. */
  private readonly spaceRuns = new Uint16Array(SPACE_RUN_TABLE_MAX + 1);

  constructor(
    readonly tokenizer: TokenizerName,
    private readonly ranks: RankTable,
    cacheSlotBits?: number,
  ) {
    this.pieceEnd = PIECE_END[tokenizer];
    this.asciiPieceEnd = ASCII_PIECE_END[tokenizer];
    this.cache = new PieceCache(cacheSlotBits);
    this.packed = new PackedPieceCache(cacheSlotBits);
  }

  /** Tokens in `text`; never throws for any string (lone surrogates count as U+FFFD). */
  count(text: string): number {
    let total = 0;
    const length = text.length;
    for (let start = 0; start < length;) {
      let end = this.asciiPieceEnd(text, start);
      if (end === -1) {
        end = this.pieceEnd(text, start);
        total += end - start <= CACHED_PIECE_MAX ? this.countShort(text, start, end, pieceHash(text, start, end)) : this.countPiece(text.slice(start, end));
      } else {
        const size = end - start;
        // One ASCII character is one byte, and every byte is a token.
        if (size === 1) total += 1;
        else if (size === 2) total += this.countAsciiPair(text, start);
        else if (scannedKey[KEY_HIGH] === SPACE_RUN) total += this.countSpaceRun(text, start, end);
        else if (size <= PACKED_PIECE_MAX) total += this.countPacked(text, start, end);
        else if (size <= CACHED_PIECE_MAX) total += this.countShort(text, start, end, pieceHash(text, start, end));
        else total += this.countPiece(text.slice(start, end));
      }
      start = end;
    }
    return total;
  }

  /** An ASCII piece of 3 to PACKED_PIECE_MAX characters, just scanned (its last eight characters' key is in scannedKey). */
  private countPacked(text: string, start: number, end: number): number {
    const low = scannedKey[KEY_LOW] ?? 0;
    const high = scannedKey[KEY_HIGH] ?? 0;
    const size = end - start;
    const top = size > 8 ? packTop(text, start, end) : 0;
    let count = this.packed.get(size, low, high, top);
    if (count === 0) {
      count = this.countPiece(text.slice(start, end));
      this.packed.set(size, low, high, top, count);
    }
    return count;
  }

  /** A piece of spaces only: its count depends on its length alone. */
  private countSpaceRun(text: string, start: number, end: number): number {
    const size = end - start;
    if (size > SPACE_RUN_TABLE_MAX) return this.countPiece(text.slice(start, end));
    let count = this.spaceRuns[size] ?? 0;
    if (count === 0) {
      count = this.countPiece(text.slice(start, end));
      this.spaceRuns[size] = count;
    }
    return count;
  }

  /**
   * Two bytes are one token when the pair is in the vocabulary, else two (a
   * single byte is always a token, and merging the pair is the only merge).
   * ASCII characters are their own bytes, so the pair is looked up in place.
   */
  private countAsciiPair(text: string, start: number): number {
    const index = (text.charCodeAt(start) << 7) | text.charCodeAt(start + 1);
    let count = this.asciiPairs[index] ?? 0;
    if (count === 0) {
      count = this.ranks.rankOf(text, start, start + 2) >= 0 ? 1 : 2;
      this.asciiPairs[index] = count;
    }
    return count;
  }

  private countShort(text: string, start: number, end: number, hash: number): number {
    const known = this.cache.get(text, start, end, hash);
    if (known !== 0) return known;
    const count = this.countPiece(text.slice(start, end));
    this.cache.set(text, start, end, hash, count);
    return count;
  }

  private countPiece(piece: string): number {
    return bytePairCount(utf8ByteString(piece), this.ranks);
  }
}
