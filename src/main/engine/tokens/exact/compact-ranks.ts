// The compact form of a vocabulary that the build writes next to the bundle
// (out/main/<tokenizer>.ranks): the rank table's typed arrays as they sit in
// memory, so a cold start reads and hashes ~4 MB instead of decoding 200,000
// base64 lines. It records the SHA-256 of the official rank file it
// was made from and of its own contents, and is refused unless both match.
//
// Layout (little-endian): "CVRANKS1", source SHA-256 (32 bytes), SHA-256 of
// everything from byte 80 (32 bytes), token count n (u32), slot count m
// (u32); then starts (n + 1 × u32), slots (m × i32), token bytes.

import { createHash } from 'node:crypto';
import type { TokenizerName } from '../../../../shared/tokenizers';
import { RANK_FILE_SHA256, parseRankFile, readRankFile } from './rank-files';
import { buildSlots, type RankArrays } from './rank-table';

const MAGIC = 'CVRANKS1';
const HEADER_BYTES = 80;

/** The rank arrays of `tokenizer`, built from its official rank file. */
export function rankArraysFromRankFile(tokenizer: TokenizerName): RankArrays {
  const { bytes, starts } = parseRankFile(readRankFile(tokenizer), `${tokenizer}.tiktoken`);
  return { bytes, starts, slots: buildSlots(bytes, starts) };
}

function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** The compact file for `tokenizer` (what the build writes). */
export function encodeCompactRanks(tokenizer: TokenizerName, arrays: RankArrays = rankArraysFromRankFile(tokenizer)): Uint8Array {
  const { starts, slots, bytes } = arrays;
  const body = Buffer.concat([
    Buffer.from(starts.buffer, starts.byteOffset, starts.byteLength),
    Buffer.from(slots.buffer, slots.byteOffset, slots.byteLength),
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  ]);
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'latin1');
  Buffer.from(RANK_FILE_SHA256[tokenizer], 'hex').copy(header, 8);
  sha256(body).copy(header, 40);
  header.writeUInt32LE(starts.length - 1, 72);
  header.writeUInt32LE(slots.length, 76);
  return Buffer.concat([header, body]);
}

/** The rank arrays in a compact file, after checking its magic, source hash and content hash. */
export function decodeCompactRanks(file: Uint8Array, tokenizer: TokenizerName, name: string): RankArrays {
  // Typed-array views need 4-byte alignment.
  const data = file.byteOffset % 4 === 0 ? file : file.slice();
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const refuse = (why: string) => new Error(`${name}: not a compact ${tokenizer} vocabulary (${why}); rebuild with npm run build`);
  if (view.length < HEADER_BYTES || view.toString('latin1', 0, 8) !== MAGIC) throw refuse('bad header');
  if (view.toString('hex', 8, 40) !== RANK_FILE_SHA256[tokenizer]) throw refuse('made from another rank file');
  if (!sha256(view.subarray(HEADER_BYTES)).equals(view.subarray(40, 72))) throw refuse('contents do not match their SHA-256');
  const count = view.readUInt32LE(72);
  const slotCount = view.readUInt32LE(76);
  const startsAt = data.byteOffset + HEADER_BYTES;
  const slotsAt = startsAt + 4 * (count + 1);
  const bytesAt = slotsAt + 4 * slotCount;
  if (bytesAt > data.byteOffset + data.byteLength || (slotCount & (slotCount - 1)) !== 0) throw refuse('bad sizes');
  return {
    starts: new Uint32Array(data.buffer, startsAt, count + 1),
    slots: new Int32Array(data.buffer, slotsAt, slotCount),
    bytes: new Uint8Array(data.buffer, bytesAt, data.byteOffset + data.byteLength - bytesAt),
  };
}

/** File name of the compact form, next to the built modules. */
export function compactRanksFileName(tokenizer: TokenizerName): string {
  return `${tokenizer}.ranks`;
}
