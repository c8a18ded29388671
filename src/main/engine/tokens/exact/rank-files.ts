// The vocabularies: OpenAI's official `.tiktoken` rank files, as shipped in
// gpt-tokenizer's data folder (no extra run-time dependency). Each file is
// checked against the SHA-256 OpenAI publishes for it before a single rank
// is trusted, so a modified or truncated file fails loudly instead of
// counting wrong.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TokenizerName } from '../../../../shared/tokenizers';

/** The SHA-256 of openaipublic.blob.core.windows.net/encodings/<name>.tiktoken. */
export const RANK_FILE_SHA256: Readonly<Record<TokenizerName, string>> = {
  o200k_base: '446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d',
  cl100k_base: '223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7',
};

const requireFromHere = createRequire(import.meta.url);

/** Where the rank file of `tokenizer` is on disk. */
export function rankFilePath(tokenizer: TokenizerName): string {
  return requireFromHere.resolve(`gpt-tokenizer/data/${tokenizer}.tiktoken`);
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The rank file's bytes, after checking their SHA-256. */
export function readRankFile(tokenizer: TokenizerName): Buffer {
  const path = rankFilePath(tokenizer);
  const bytes = readFileSync(path);
  const actual = sha256Hex(bytes);
  if (actual !== RANK_FILE_SHA256[tokenizer]) {
    throw new Error(`${path}: SHA-256 ${actual} is not the official ${tokenizer} rank file's ${RANK_FILE_SHA256[tokenizer]}`);
  }
  return bytes;
}

/**
 * The tokens of a rank file, concatenated in rank order, with where each one
 * starts (token r is bytes[starts[r]..starts[r+1])). Ranks in both files are
 * 0…n−1 without gaps; anything else is refused rather than guessed at.
 */
export function parseRankFile(file: Uint8Array, name: string): { bytes: Uint8Array; starts: Uint32Array } {
  const lines: number[] = [];
  for (let at = 0; at < file.length;) {
    let end = file.indexOf(0x0a, at);
    if (end === -1) end = file.length;
    if (end > at) lines.push(at, end);
    at = end + 1;
  }
  const count = lines.length / 2;
  const bytes = new Uint8Array(file.length);
  const starts = new Uint32Array(count + 1);
  let size = 0;
  for (let rank = 0; rank < count; rank++) {
    const from = lines[2 * rank] ?? 0;
    const end = lines[2 * rank + 1] ?? 0;
    const space = file.indexOf(0x20, from);
    if (space === -1 || space > end || decimal(file, space + 1, end) !== rank) throw new Error(`${name}: line ${rank + 1} is not "<base64> ${rank}"`);
    starts[rank] = size;
    size += decodeBase64(file, from, space, bytes, size);
  }
  starts[count] = size;
  return { bytes: bytes.slice(0, size), starts };
}

function decimal(file: Uint8Array, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const digit = (file[i] ?? 0) - 0x30;
    if (digit < 0 || digit > 9 || to - from > 9) return -1;
    value = value * 10 + digit;
  }
  return to > from ? value : -1;
}

const BASE64 = new Int8Array(256).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) BASE64[c.charCodeAt(0)] = i;

/** Decodes standard padded base64 in file[from..to) into out at `at`; returns the byte count. */
function decodeBase64(file: Uint8Array, from: number, to: number, out: Uint8Array, at: number): number {
  let bits = 0;
  let held = 0;
  let written = 0;
  for (let i = from; i < to; i++) {
    const code = file[i] ?? 0;
    if (code === 0x3d) break;
    const value = BASE64[code] ?? -1;
    if (value < 0) throw new Error(`not base64 at byte ${i}`);
    bits = (bits << 6) | value;
    held += 6;
    if (held >= 8) {
      held -= 8;
      out[at + written++] = (bits >> held) & 0xff;
    }
  }
  return written;
}
