// A validating JSON scanner over bytes that builds nothing: it checks a
// value's grammar (RFC 8259) and says where each member of an object, or
// each item of an array, starts and ends. The relay finds a message's
// `id` and `method` with it without parsing a result of hundreds of
// mebibytes into objects, then relays the bytes it read. Nesting has no
// depth limit (a stack of bytes, not recursion), and bytes of 0x80 and up
// inside strings are taken as they are: a server's non-UTF-8 byte is
// relayed, not replaced.

import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, MINUS, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../../engine/json/json-chars';

export class JsonScanError extends Error {
  constructor(
    readonly at: number,
    what: string,
  ) {
    super(`${what} at byte ${at}`);
  }
}

export interface Span {
  start: number;
  end: number;
}

export interface Member {
  /** The key, decoded. */
  key: string;
  /** Where the member starts (its key's opening quote). */
  start: number;
  /** The value's bytes: [start, end). */
  value: Span;
}

const isSpace = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const isHex = (c: number | undefined) => c !== undefined && ((c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66));

function skipSpace(bytes: Uint8Array, at: number, end: number): number {
  while (at < end && isSpace(bytes[at])) at++;
  return at;
}

function expect(bytes: Uint8Array, at: number, end: number, byte: number, what: string): number {
  if (at >= end || bytes[at] !== byte) throw new JsonScanError(at, `expected ${what}`);
  return at + 1;
}

/** The end of the string starting at `at` (its opening quote): just past the closing quote. */
export function skipString(bytes: Uint8Array, at: number, end: number): number {
  let i = at + 1;
  while (i < end) {
    const c = bytes[i]!;
    if (c === QUOTE) return i + 1;
    if (c === BACKSLASH) {
      const next = bytes[i + 1];
      if (next === 0x75) {
        if (!(isHex(bytes[i + 2]) && isHex(bytes[i + 3]) && isHex(bytes[i + 4]) && isHex(bytes[i + 5]))) throw new JsonScanError(i, 'a bad \\u escape');
        i += 6;
        continue;
      }
      // " \ / b f n r t
      if (next !== QUOTE && next !== BACKSLASH && next !== 0x2f && next !== 0x62 && next !== 0x66 && next !== 0x6e && next !== 0x72 && next !== 0x74)
        throw new JsonScanError(i, 'a bad escape');
      i += 2;
      continue;
    }
    if (c < 0x20) throw new JsonScanError(i, 'a control character in a string');
    i++;
  }
  throw new JsonScanError(end, 'an unterminated string');
}

function skipDigits(bytes: Uint8Array, at: number, end: number): number {
  if (!isDigit(bytes[at]) || at >= end) throw new JsonScanError(at, 'expected a digit');
  while (at < end && isDigit(bytes[at])) at++;
  return at;
}

function skipNumber(bytes: Uint8Array, at: number, end: number): number {
  let i = at;
  if (bytes[i] === MINUS) i++;
  if (bytes[i] === 0x30) i++;
  else i = skipDigits(bytes, i, end);
  if (i < end && bytes[i] === 0x2e) i = skipDigits(bytes, i + 1, end);
  if (i < end && (bytes[i] === 0x65 || bytes[i] === 0x45)) {
    i++;
    if (bytes[i] === 0x2b || bytes[i] === 0x2d) i++;
    i = skipDigits(bytes, i, end);
  }
  return i;
}

const LITERALS: Record<number, readonly number[]> = {
  0x74: [0x74, 0x72, 0x75, 0x65], // true
  0x66: [0x66, 0x61, 0x6c, 0x73, 0x65], // false
  0x6e: [0x6e, 0x75, 0x6c, 0x6c], // null
};

/** The end of the scalar (string, number, literal) at `at`. */
function skipScalar(bytes: Uint8Array, at: number, end: number): number {
  const c = bytes[at];
  if (c === QUOTE) return skipString(bytes, at, end);
  if (c === MINUS || isDigit(c)) return skipNumber(bytes, at, end);
  const literal = c === undefined ? undefined : LITERALS[c];
  if (literal === undefined || at >= end) throw new JsonScanError(at, 'expected a value');
  for (let n = 0; n < literal.length; n++) if (bytes[at + n] !== literal[n] || at + n >= end) throw new JsonScanError(at, 'expected a value');
  return at + literal.length;
}

/** The end of the value at `at` (no leading space), checked whole; containers of any depth. */
export function skipValue(bytes: Uint8Array, at: number, end: number): number {
  const first = bytes[at];
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return skipScalar(bytes, at, end);
  let stack = new Uint8Array(64);
  let depth = 0;
  let i = at;
  // Each turn: `i` is at a value (opening a container, or a scalar), or at what follows one.
  for (;;) {
    const c = bytes[i];
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (depth === stack.length) {
        const grown = new Uint8Array(stack.length * 2);
        grown.set(stack);
        stack = grown;
      }
      stack[depth++] = c;
      i = skipSpace(bytes, i + 1, end);
      const close = c === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      if (bytes[i] === close && i < end) {
        depth--;
        i++;
      } else {
        if (c === OPEN_BRACE) i = memberValueStart(bytes, i, end);
        continue;
      }
    } else {
      i = skipScalar(bytes, i, end);
    }
    // After a value: close containers or move to the next member/item.
    for (;;) {
      if (depth === 0) return i;
      i = skipSpace(bytes, i, end);
      const open = stack[depth - 1];
      const close = open === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      if (i < end && bytes[i] === close) {
        depth--;
        i++;
        continue;
      }
      i = skipSpace(bytes, expect(bytes, i, end, COMMA, 'a comma or a closing bracket'), end);
      if (open === OPEN_BRACE) i = memberValueStart(bytes, i, end);
      break;
    }
  }
}

/** From a member's key (at `at`) to the start of its value. */
function memberValueStart(bytes: Uint8Array, at: number, end: number): number {
  if (bytes[at] !== QUOTE || at >= end) throw new JsonScanError(at, 'expected a key');
  const afterKey = skipString(bytes, at, end);
  const value = skipSpace(bytes, expect(bytes, skipSpace(bytes, afterKey, end), end, COLON, 'a colon'), end);
  if (value >= end) throw new JsonScanError(value, 'expected a value');
  return value;
}

/** A string's value (the bytes between its quotes, unescaped). */
export function stringAt(bytes: Uint8Array, span: Span): string {
  const inner = Buffer.from(bytes.buffer, bytes.byteOffset + span.start, span.end - span.start);
  return inner.includes(BACKSLASH) ? (JSON.parse(inner.toString('utf8')) as string) : inner.toString('utf8', 1, inner.length - 1);
}

/** The members of the object that is the whole of bytes[start, end) (space around it allowed); throws JsonScanError when it is not one. */
export function scanObject(bytes: Uint8Array, start = 0, end = bytes.length): Member[] {
  const members: Member[] = [];
  let i = expect(bytes, skipSpace(bytes, start, end), end, OPEN_BRACE, 'an object');
  i = skipSpace(bytes, i, end);
  if (bytes[i] === CLOSE_BRACE && i < end) return closeWhole(bytes, i + 1, end, members);
  for (;;) {
    const keyStart = i;
    const valueStart = memberValueStart(bytes, i, end);
    const valueEnd = skipValue(bytes, valueStart, end);
    members.push({
      key: stringAt(bytes, { start: keyStart, end: skipString(bytes, keyStart, end) }),
      start: keyStart,
      value: { start: valueStart, end: valueEnd },
    });
    i = skipSpace(bytes, valueEnd, end);
    if (bytes[i] === CLOSE_BRACE && i < end) return closeWhole(bytes, i + 1, end, members);
    i = skipSpace(bytes, expect(bytes, i, end, COMMA, 'a comma or }'), end);
  }
}

function closeWhole<T>(bytes: Uint8Array, at: number, end: number, result: T): T {
  if (skipSpace(bytes, at, end) !== end) throw new JsonScanError(at, 'text after the value');
  return result;
}

/** The items of the array that is the whole of bytes[start, end); throws JsonScanError when it is not one. */
export function scanArray(bytes: Uint8Array, start = 0, end = bytes.length): Span[] {
  const items: Span[] = [];
  let i = skipSpace(bytes, expect(bytes, skipSpace(bytes, start, end), end, OPEN_BRACKET, 'an array'), end);
  if (bytes[i] === CLOSE_BRACKET && i < end) return closeWhole(bytes, i + 1, end, items);
  for (;;) {
    const itemEnd = skipValue(bytes, i, end);
    items.push({ start: i, end: itemEnd });
    i = skipSpace(bytes, itemEnd, end);
    if (bytes[i] === CLOSE_BRACKET && i < end) return closeWhole(bytes, i + 1, end, items);
    i = skipSpace(bytes, expect(bytes, i, end, COMMA, 'a comma or ]'), end);
  }
}

/** The value of `key` in `members` (the last one, as JSON.parse takes it). */
export function memberSpan(members: readonly Member[], key: string): Span | undefined {
  for (let n = members.length - 1; n >= 0; n--) if (members[n]!.key === key) return members[n]!.value;
  return undefined;
}
