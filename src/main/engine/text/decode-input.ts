// Input arrives as bytes. JSON must be UTF-8 (RFC 8259 §8.1); a leading BOM is
// accepted and not part of the output. Bytes that are not UTF-8 are never
// rewritten: the input passes through and the reason names the first bad byte.

import { Buffer, isAscii } from 'node:buffer';

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

export type DecodedInput =
  | {
      ok: true;
      text: string;
      hadBom: boolean;
      /** When the text is plain ASCII: its bytes, each one its character (a writer copies them instead of encoding). */
      asciiBytes?: Uint8Array;
    }
  | { ok: false; invalidAt: number };

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * Plain ASCII (most catalogs) is UTF-8 whose every byte is its character:
 * copying it as Latin-1 gives the same string without decoding it.
 */
function latin1Text(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/** UTF-8 bytes as a counter reads them: invalid sequences as U+FFFD, a BOM kept as U+FEFF. */
export function decodeUtf8Lenient(bytes: Uint8Array): string {
  return isAscii(bytes) ? latin1Text(bytes) : lenientDecoder.decode(bytes);
}

export function decodeInput(bytes: Uint8Array): DecodedInput {
  const hadBom = bytes.length >= 3 && bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2];
  const body = hadBom ? bytes.subarray(3) : bytes;
  if (isAscii(body)) return { ok: true, text: latin1Text(body), hadBom, asciiBytes: body };
  try {
    return { ok: true, text: strictDecoder.decode(body), hadBom };
  } catch {
    return { ok: false, invalidAt: firstInvalidUtf8Byte(bytes) };
  }
}

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence. */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let need: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let code = b & (0xff >> (need + 2));
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}
