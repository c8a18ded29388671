// A strict RFC 8259 parser that builds the lossless tree of json-node.ts.
// It is iterative (an explicit stack, no recursion), so hostile nesting is a
// typed error at a documented depth instead of a stack overflow.

import { CavemanError } from '../../../shared/errors';
import { ARRAY, COMPACT, ESCAPED, LITERAL, NUMBER, OBJECT, STRING, type JsonDocument, type NodeId, type NodeKind } from './json-node';

/**
 * Deepest nesting accepted (objects and arrays). Real catalogs stay far below
 * 64; every recursive pass over an accepted tree is safe at this depth.
 */
export const MAX_JSON_DEPTH = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;

const STRING_RUN = /[^"\\\u0000-\u001f]*/y;
const NUMBER_TEXT = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

export type JsonSyntaxProblem = 'syntax' | 'depth';

/** Where and why a text is not one JSON value. Line and column are 1-based. */
export class JsonSyntaxError extends CavemanError {
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  readonly problem: JsonSyntaxProblem;

  constructor(text: string, offset: number, what: string, problem: JsonSyntaxProblem = 'syntax') {
    const { line, column } = lineAndColumn(text, offset);
    const code = problem === 'depth' ? 'cave_too_deep' : 'cave_invalid_json';
    super(code, `not valid JSON at line ${line}, column ${column}: ${what}`);
    this.offset = offset;
    this.line = line;
    this.column = column;
    this.problem = problem;
  }
}

/** 1-based line and column (in Unicode code points) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  let column = 1;
  for (let i = lineStart; i < offset; i++) {
    const code = text.charCodeAt(i);
    // The second half of a surrogate pair is part of the same character.
    if (code < 0xdc00 || code > 0xdfff || i === lineStart || !isHighSurrogate(text.charCodeAt(i - 1))) column++;
  }
  return { line, column };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** What stands at an offset, for messages: a quoted character, a control character by name (it does not print), or the end. */
function foundAt(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the text';
  const code = text.codePointAt(offset)!;
  if (code === 0) return 'a NUL byte (U+0000)';
  if (code < 0x20 || code === 0x7f) return `the control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return JSON.stringify(String.fromCodePoint(code));
}

/** True for a character that can begin a JSON value: text after the value that begins with one is a second value. */
function beginsValue(code: number): boolean {
  return code === OPEN_BRACE || code === OPEN_BRACKET || code === QUOTE || code === MINUS || (code >= 0x30 && code <= 0x39) || code === 0x74 || code === 0x66 || code === 0x6e; // t, f, n
}

/** Growable node tables, handed out as views of their used part. */
class TreeBuilder {
  size = 0;
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  flags: Uint8Array;
  first: Int32Array;
  count: Int32Array;
  slots: Int32Array;
  slotCount = 0;

  constructor(expectedNodes: number) {
    const capacity = Math.max(16, expectedNodes);
    this.kind = new Uint8Array(capacity);
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.first = new Int32Array(capacity);
    this.count = new Int32Array(capacity);
    this.slots = new Int32Array(capacity);
  }

  add(kind: NodeKind, start: number, end: number, flags: number): NodeId {
    if (this.size === this.kind.length) this.grow();
    const id = this.size++;
    this.kind[id] = kind;
    this.start[id] = start;
    this.end[id] = end;
    this.flags[id] = flags;
    return id;
  }

  /** Appends a finished container's children (taken from the pending stack) to the slots. */
  placeChildren(container: NodeId, pending: Int32Array, from: number, to: number, count: number): void {
    const needed = this.slotCount + (to - from);
    if (needed > this.slots.length) {
      const grown = new Int32Array(Math.max(needed, this.slots.length * 2));
      grown.set(this.slots.subarray(0, this.slotCount));
      this.slots = grown;
    }
    this.slots.set(pending.subarray(from, to), this.slotCount);
    this.first[container] = this.slotCount;
    this.count[container] = count;
    this.slotCount = needed;
  }

  /**
   * Views, not copies: copying would briefly double the tables at the peak of
   * a large shrink, while the capacity never written to costs no resident
   * memory.
   */
  document(text: string, root: NodeId): JsonDocument {
    const n = this.size;
    return {
      text,
      root,
      kind: this.kind.subarray(0, n),
      start: this.start.subarray(0, n),
      end: this.end.subarray(0, n),
      flags: this.flags.subarray(0, n),
      first: this.first.subarray(0, n),
      count: this.count.subarray(0, n),
      slots: this.slots.subarray(0, this.slotCount),
    };
  }

  private grow(): void {
    const capacity = this.kind.length * 2;
    const grow8 = (a: Uint8Array) => {
      const b = new Uint8Array(capacity);
      b.set(a);
      return b;
    };
    const grow32 = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    this.kind = grow8(this.kind);
    this.flags = grow8(this.flags);
    this.start = grow32(this.start);
    this.end = grow32(this.end);
    this.first = grow32(this.first);
    this.count = grow32(this.count);
  }
}

/** An open container: its node, where its children start on the pending stack, and its whitespace state. */
interface Open {
  node: NodeId;
  isObject: boolean;
  base: number;
  compact: boolean;
}

/**
 * Parses exactly one JSON value (surrounding whitespace allowed). Throws
 * JsonSyntaxError (cave_invalid_json, or cave_too_deep past `maxDepth`).
 */
/** How often (in characters) parseJson tells `onProgress` how far it got. */
const PROGRESS_STEP = 1 << 20;

/** `onProgress` hears the share of the text read, about every MiB (32 MiB take a few hundred milliseconds). */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH, onProgress?: (fraction: number) => void): JsonDocument {
  const length = text.length;
  let nextReport = onProgress ? PROGRESS_STEP : Infinity;
  // About one node per 24 characters in real catalogs; the tables grow as needed.
  const tree = new TreeBuilder(Math.ceil(length / 24));
  const stack: Open[] = [];
  // Children of open containers, in order, until their container closes.
  let pending = new Int32Array(64);
  let pendingTop = 0;
  let pos = 0;

  const pushPending = (id: NodeId) => {
    if (pendingTop === pending.length) {
      const grown = new Int32Array(pending.length * 2);
      grown.set(pending);
      pending = grown;
    }
    pending[pendingTop++] = id;
  };

  const fail = (at: number, what?: string): never => {
    throw new JsonSyntaxError(text, at, what ?? `unexpected ${foundAt(text, at)}`);
  };

  /** Skips whitespace; returns true when any was skipped. */
  const skipWhitespace = (): boolean => {
    const from = pos;
    while (pos < length) {
      const c = text.charCodeAt(pos);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      pos++;
    }
    return pos !== from;
  };

  const readString = (): NodeId => {
    const start = pos;
    let p = pos + 1;
    let escaped = false;
    for (;;) {
      STRING_RUN.lastIndex = p;
      STRING_RUN.test(text);
      p = STRING_RUN.lastIndex;
      const c = text.charCodeAt(p);
      if (c === QUOTE) {
        pos = p + 1;
        return tree.add(STRING, start, pos, escaped ? ESCAPED : 0);
      }
      if (c === BACKSLASH) {
        escaped = true;
        const e = text.charCodeAt(p + 1);
        if (e === 0x75 /* u */) {
          HEX4.lastIndex = p + 2;
          if (!HEX4.test(text)) fail(p, 'a \\u escape needs four hex digits');
          p += 6;
        } else if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
          p += 2;
        } else {
          fail(p, p + 1 >= length ? 'the text ends inside a string' : `invalid escape "\\${text[p + 1]}" in a string`);
        }
        continue;
      }
      if (p >= length) fail(start, 'a string is never closed');
      fail(p, 'a control character must be escaped inside a string');
    }
  };

  const readKey = (open: Open): void => {
    if (text.charCodeAt(pos) !== QUOTE) fail(pos, `expected a property name in double quotes, found ${foundAt(text, pos)}`);
    pushPending(readString());
    if (skipWhitespace()) open.compact = false;
    if (text.charCodeAt(pos) !== COLON) fail(pos, `expected ':' after a property name, found ${foundAt(text, pos)}`);
    pos++;
    if (skipWhitespace()) open.compact = false;
  };

  const openContainer = (kind: typeof OBJECT | typeof ARRAY, start: number): Open => {
    const open: Open = { node: tree.add(kind, start, -1, 0), isObject: kind === OBJECT, base: pendingTop, compact: true };
    stack.push(open);
    if (stack.length > maxDepth) {
      throw new JsonSyntaxError(text, start, `nesting deeper than ${maxDepth} levels is not supported`, 'depth');
    }
    return open;
  };

  const closeContainer = (open: Open): NodeId => {
    const children = pendingTop - open.base;
    tree.placeChildren(open.node, pending, open.base, pendingTop, open.isObject ? children / 2 : children);
    pendingTop = open.base;
    tree.end[open.node] = pos;
    if (open.compact) tree.flags[open.node] = COMPACT;
    return open.node;
  };

  skipWhitespace();
  let root: NodeId | undefined;
  let valueCompact = true;

  parse: for (;;) {
    // Read one value at `pos`.
    let value: NodeId;
    valueCompact = true;
    const c = text.charCodeAt(pos);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const isObject = c === OPEN_BRACE;
      const open = openContainer(isObject ? OBJECT : ARRAY, pos);
      pos++;
      if (skipWhitespace()) open.compact = false;
      if (text.charCodeAt(pos) === (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
        pos++;
        stack.pop();
        value = closeContainer(open);
        valueCompact = open.compact;
      } else {
        if (isObject) readKey(open);
        continue parse;
      }
    } else if (c === QUOTE) {
      value = readString();
    } else if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
      NUMBER_TEXT.lastIndex = pos;
      if (!NUMBER_TEXT.test(text)) fail(pos, 'a number is malformed');
      value = tree.add(NUMBER, pos, NUMBER_TEXT.lastIndex, 0);
      pos = NUMBER_TEXT.lastIndex;
    } else if (text.startsWith('true', pos) || text.startsWith('null', pos)) {
      value = tree.add(LITERAL, pos, pos + 4, 0);
      pos += 4;
    } else if (text.startsWith('false', pos)) {
      value = tree.add(LITERAL, pos, pos + 5, 0);
      pos += 5;
    } else {
      fail(pos, pos >= length && stack.length === 0 ? 'the input is empty' : `expected a value, found ${foundAt(text, pos)}`);
    }

    // Attach the value to its container; close containers that end here.
    for (;;) {
      const parent = stack[stack.length - 1];
      if (parent === undefined) {
        root = value!;
        break parse;
      }
      pushPending(value!);
      if (!valueCompact) parent.compact = false;
      if (skipWhitespace()) parent.compact = false;
      const next = text.charCodeAt(pos);
      if (next === COMMA) {
        pos++;
        if (pos >= nextReport) {
          onProgress!(pos / length);
          nextReport = pos + PROGRESS_STEP;
        }
        if (skipWhitespace()) parent.compact = false;
        if (parent.isObject) readKey(parent);
        continue parse;
      }
      if (next === (parent.isObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
        pos++;
        stack.pop();
        value = closeContainer(parent);
        valueCompact = parent.compact;
        continue;
      }
      const expected = parent.isObject ? "',' or '}' after a property value" : "',' or ']' after an array element";
      fail(pos, `expected ${expected}, found ${foundAt(text, pos)}`);
    }
  }

  skipWhitespace();
  if (pos < length) {
    fail(pos, beginsValue(text.charCodeAt(pos)) ? 'more than one JSON value (unexpected text after the first value)' : `unexpected text after the JSON value: ${foundAt(text, pos)}`);
  }
  return tree.document(text, root!);
}
