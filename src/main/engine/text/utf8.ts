// UTF-8 byte arithmetic on JS strings: description budgets are in bytes, as
// the model's transport sees them, not in UTF-16 code units.

/** Bytes `text` takes in UTF-8 (a lone surrogate counts as U+FFFD: 3 bytes). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * True when `text` takes more than `maxBytes` bytes in UTF-8: what a budget
 * check needs, answered from the length alone unless the text is near the
 * budget (a UTF-16 unit is 1 to 3 bytes; a surrogate pair, 4 for 2 units).
 */
export function utf8ByteLengthAbove(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true;
  if (text.length * 3 <= maxBytes) return false;
  return utf8ByteLength(text) > maxBytes;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The longest prefix of `text` that fits in `maxBytes` of UTF-8 and ends on a
 * character boundary (never half of a surrogate pair).
 */
export function utf8Prefix(text: string, maxBytes: number): string {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    let width: number;
    let units = 1;
    if (code < 0x80) width = 1;
    else if (code < 0x800) width = 2;
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      width = 4;
      units = 2;
    } else width = 3;
    if (bytes + width > maxBytes) break;
    bytes += width;
    i += units;
  }
  return text.slice(0, i);
}

/** The UTF-8 byte offsets of ascending UTF-16 offsets into `text` (none splitting a surrogate pair). */
export function utf8Offsets(text: string, offsets: readonly number[]): number[] {
  const bytes: number[] = [];
  let at = 0;
  let total = 0;
  for (const offset of offsets) {
    total += utf8ByteLength(text.slice(at, offset));
    at = offset;
    bytes.push(total);
  }
  return bytes;
}
