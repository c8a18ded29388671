// Counts tokens exactly as OpenAI's tiktoken does with every special token
// treated as text: pre-split (ascii-split.ts, else pre-split.ts), then
// byte-pair merge each piece (byte-pair-count.ts). Catalogs repeat the same
// short pieces millions of times (`": "`, `"type"`, `string`), so short
// pieces' counts are remembered in a bounded cache (piece-cache.ts) that is
// read without cutting the piece out of the text.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TokenizerName } from '../../../../shared/tokenizers';
import { ASCII_PIECE_END, scannedHash } from './ascii-split';
import { bytePairCount } from './byte-pair-count';
import { compactRanksFileName, decodeCompactRanks, rankArraysFromRankFile } from './compact-ranks';
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

export class ExactCounter {
  private readonly cache: PieceCache;
  private readonly pieceEnd: PieceEnd;
  private readonly asciiPieceEnd: PieceEnd;
  /** Tokens of each two-character ASCII piece (index first << 7 | second); 0: not looked up yet. */
  private readonly asciiPairs = new Uint8Array(128 * 128);

  constructor(
    readonly tokenizer: TokenizerName,
    private readonly ranks: RankTable,
    cacheSlotBits?: number,
  ) {
    this.pieceEnd = PIECE_END[tokenizer];
    this.asciiPieceEnd = ASCII_PIECE_END[tokenizer];
    this.cache = new PieceCache(cacheSlotBits);
  }

  /** Tokens in `text`; never throws for any string (lone surrogates count as U+FFFD). */
  count(text: string): number {
    let total = 0;
    for (let start = 0; start < text.length; ) {
      let end = this.asciiPieceEnd(text, start);
      const scanned = end !== -1;
      if (!scanned) end = this.pieceEnd(text, start);
      const length = end - start;
      const first = text.charCodeAt(start);
      // One ASCII character is one byte, and every byte is a token.
      if (length === 1 && first < 0x80) total += 1;
      else if (length === 2 && first < 0x80 && text.charCodeAt(start + 1) < 0x80) total += this.countAsciiPair(text, start);
      else if (length <= CACHED_PIECE_MAX) total += this.countShort(text, start, end, scanned ? (scannedHash[0] ?? 0) : pieceHash(text, start, end));
      else total += this.countPiece(text.slice(start, end));
      start = end;
    }
    return total;
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
