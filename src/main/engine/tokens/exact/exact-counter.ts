// Counts tokens exactly as OpenAI's tiktoken does with every special token
// treated as text: pre-split (pre-split.ts), then byte-pair merge each piece
// (byte-pair-count.ts). Catalogs repeat the same short pieces millions of
// times (`": "`, `"type"`, `string`), so short pieces' counts are remembered
// in a bounded cache.

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TokenizerName } from '../../../../shared/tokenizers';
import { bytePairCount } from './byte-pair-count';
import { compactRanksFileName, decodeCompactRanks, rankArraysFromRankFile } from './compact-ranks';
import { PIECE_END, type PieceEnd } from './pre-split';
import { RankTable, type ByteString } from './rank-table';

/** Pieces up to this many UTF-16 units are cached; longer ones are rare and costly to key. */
const CACHED_PIECE_MAX = 32;
/** The cache is emptied when it holds this many pieces (a few MB at most). */
const CACHE_MAX_ENTRIES = 100_000;

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
  private readonly cache = new Map<string, number>();
  private readonly pieceEnd: PieceEnd;

  constructor(
    readonly tokenizer: TokenizerName,
    private readonly ranks: RankTable,
  ) {
    this.pieceEnd = PIECE_END[tokenizer];
  }

  /** Tokens in `text`; never throws for any string (lone surrogates count as U+FFFD). */
  count(text: string): number {
    let total = 0;
    for (let start = 0; start < text.length; ) {
      const end = this.pieceEnd(text, start);
      // One ASCII character is one byte, and every byte is a token.
      if (end - start === 1 && text.charCodeAt(start) < 0x80) total += 1;
      else total += end - start <= CACHED_PIECE_MAX ? this.countShort(text.slice(start, end)) : this.countPiece(text.slice(start, end));
      start = end;
    }
    return total;
  }

  private countShort(piece: string): number {
    const known = this.cache.get(piece);
    if (known !== undefined) return known;
    const count = this.countPiece(piece);
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.clear();
    this.cache.set(piece, count);
    return count;
  }

  private countPiece(piece: string): number {
    return bytePairCount(utf8ByteString(piece), this.ranks);
  }
}
