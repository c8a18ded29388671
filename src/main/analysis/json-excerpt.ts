// What a failure shows of its input: the line at the error's position with a
// caret under its column, drawn here from the bytes analysed, so the renderer
// need not keep the input.

import type { ErrorPosition, JsonExcerpt } from '../../shared/contracts';

/** Characters of a long line shown around the column. */
const WINDOW = 100;

/** True when `bytes` hold nothing but JSON whitespace. */
export function isBlank(bytes: Uint8Array): boolean {
  return bytes.every((byte) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09);
}

/** The line at `position`, cut to a window around its column; null when the input has no such line. */
export function jsonExcerpt(bytes: Uint8Array, { line, column }: Pick<ErrorPosition, 'line' | 'column'>): JsonExcerpt | null {
  let start = 0;
  for (let seen = 1; seen < line; seen++) {
    const next = bytes.indexOf(0x0a, start);
    if (next < 0) return null;
    start = next + 1;
  }
  const end = bytes.indexOf(0x0a, start);
  const whole = new TextDecoder()
    .decode(bytes.subarray(start, end < 0 ? bytes.length : end))
    .replace(/\r$/, '')
    .replace(/\t/g, ' ');
  const index = Math.min(Math.max(0, column - 1), whole.length);
  if (whole.length <= WINDOW) return { line, column, text: whole, caret: index };
  const from = Math.max(0, Math.min(index - WINDOW / 2, whole.length - WINDOW));
  const head = from > 0 ? '…' : '';
  const tail = from + WINDOW < whole.length ? '…' : '';
  return { line, column, text: head + whole.slice(from, from + WINDOW) + tail, caret: index - from + head.length };
}
