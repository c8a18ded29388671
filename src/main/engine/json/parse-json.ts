// A strict RFC 8259 parser that builds the lossless tree of json-node.ts.
// It is iterative (an explicit stack, no recursion), so hostile nesting is a
// typed error at a documented depth instead of a stack overflow.

import { CavemanError } from '../../../shared/errors';
import { ARRAY, COMPACT, ESCAPED, LITERAL, NUMBER, OBJECT, STRING, type JsonDocument, type NodeId, type NodeKind } from './json-node';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, MINUS, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-chars';

/**
 * Deepest nesting accepted (objects and arrays). Real catalogs stay far below
 * 64; every recursive pass over an accepted tree is safe at this depth.
 */
export const MAX_JSON_DEPTH = 1000;

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
  return (
    code === OPEN_BRACE ||
    code === OPEN_BRACKET ||
    code === QUOTE ||
    code === MINUS ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x74 ||
    code === 0x66 ||
    code === 0x6e
  ); // t, f, n
}

/** Children placed with a loop below this many, with one set() from it. */
const SLOT_LOOP_UNDER = 32;

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
    const slots = this.slots;
    if (to - from < SLOT_LOOP_UNDER) {
      // Most containers have a few children: a loop is quicker than making a view for set().
      for (let i = from, at = this.slotCount; i < to; i++, at++) slots[at] = pending[i]!;
    } else slots.set(pending.subarray(from, to), this.slotCount);
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

/** How often (in characters) parseJson tells `onProgress` how far it got. */
const PROGRESS_STEP = 1 << 20;

/**
 * Parses exactly one JSON value (surrounding whitespace allowed). Throws
 * JsonSyntaxError (cave_invalid_json, or cave_too_deep past `maxDepth`).
 * `onProgress` hears the share of the text read, about every MiB (32 MiB
 * take a few hundred milliseconds).
 */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH, onProgress?: (fraction: number) => void): JsonDocument {
  return new Parser(text, maxDepth, onProgress).parse();
}

/**
 * One parse's state, with its steps as methods rather than closures made per
 * call: V8 inlines a call into optimised code for one target, so closures
 * made anew by every parse sent each later parse back to unoptimised code
 * ("wrong call target"); methods are the same functions every time.
 */
class Parser {
  private readonly length: number;
  private nextReport: number;
  // About one node per 24 characters in real catalogs; the tables grow as needed.
  private readonly tree: TreeBuilder;
  private readonly stack: Open[] = [];
  /** Children of open containers, in order, until their container closes. */
  private pending = new Int32Array(64);
  private pendingTop = 0;
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
    private readonly onProgress: ((fraction: number) => void) | undefined,
  ) {
    this.length = text.length;
    this.nextReport = onProgress ? PROGRESS_STEP : Infinity;
    this.tree = new TreeBuilder(Math.ceil(this.length / 24));
  }

  parse(): JsonDocument {
    const { text, stack } = this;
    this.skipWhitespace();
    let root: NodeId | undefined;
    let valueCompact = true;

    parse: for (;;) {
      // Read one value at `pos`.
      let value: NodeId;
      valueCompact = true;
      const pos = this.pos;
      const c = text.charCodeAt(pos);
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        const isObject = c === OPEN_BRACE;
        const open = this.openContainer(isObject ? OBJECT : ARRAY, pos);
        this.pos = pos + 1;
        if (this.skipWhitespace()) open.compact = false;
        if (text.charCodeAt(this.pos) === (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
          this.pos++;
          stack.pop();
          value = this.closeContainer(open);
          valueCompact = open.compact;
        } else {
          if (isObject) this.readKey(open);
          continue parse;
        }
      } else if (c === QUOTE) {
        value = this.readString();
      } else if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
        NUMBER_TEXT.lastIndex = pos;
        if (!NUMBER_TEXT.test(text)) this.fail(pos, 'a number is malformed');
        value = this.tree.add(NUMBER, pos, NUMBER_TEXT.lastIndex, 0);
        this.pos = NUMBER_TEXT.lastIndex;
      } else if (text.startsWith('true', pos) || text.startsWith('null', pos)) {
        value = this.tree.add(LITERAL, pos, pos + 4, 0);
        this.pos = pos + 4;
      } else if (text.startsWith('false', pos)) {
        value = this.tree.add(LITERAL, pos, pos + 5, 0);
        this.pos = pos + 5;
      } else {
        this.fail(pos, pos >= this.length && stack.length === 0 ? 'the input is empty' : `expected a value, found ${foundAt(text, pos)}`);
      }

      // Attach the value to its container; close containers that end here.
      for (;;) {
        const parent = stack[stack.length - 1];
        if (parent === undefined) {
          root = value!;
          break parse;
        }
        this.pushPending(value!);
        if (!valueCompact) parent.compact = false;
        if (this.skipWhitespace()) parent.compact = false;
        const next = text.charCodeAt(this.pos);
        if (next === COMMA) {
          this.pos++;
          if (this.pos >= this.nextReport) {
            this.onProgress!(this.pos / this.length);
            this.nextReport = this.pos + PROGRESS_STEP;
          }
          if (this.skipWhitespace()) parent.compact = false;
          if (parent.isObject) this.readKey(parent);
          continue parse;
        }
        if (next === (parent.isObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
          this.pos++;
          stack.pop();
          value = this.closeContainer(parent);
          valueCompact = parent.compact;
          continue;
        }
        const expected = parent.isObject ? "',' or '}' after a property value" : "',' or ']' after an array element";
        this.fail(this.pos, `expected ${expected}, found ${foundAt(text, this.pos)}`);
      }
    }

    this.skipWhitespace();
    if (this.pos < this.length) {
      const at = this.pos;
      this.fail(
        at,
        beginsValue(text.charCodeAt(at))
          ? 'more than one JSON value (unexpected text after the first value)'
          : `unexpected text after the JSON value: ${foundAt(text, at)}`,
      );
    }
    return this.tree.document(text, root!);
  }

  private pushPending(id: NodeId): void {
    if (this.pendingTop === this.pending.length) {
      const grown = new Int32Array(this.pending.length * 2);
      grown.set(this.pending);
      this.pending = grown;
    }
    this.pending[this.pendingTop++] = id;
  }

  private fail(at: number, what?: string): never {
    throw new JsonSyntaxError(this.text, at, what ?? `unexpected ${foundAt(this.text, at)}`);
  }

  /** Skips whitespace; returns true when any was skipped. */
  private skipWhitespace(): boolean {
    const { text, length } = this;
    const from = this.pos;
    let pos = from;
    while (pos < length) {
      const c = text.charCodeAt(pos);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      pos++;
    }
    this.pos = pos;
    return pos !== from;
  }

  private readString(): NodeId {
    const { text, length } = this;
    const start = this.pos;
    let p = start + 1;
    let escaped = false;
    for (;;) {
      STRING_RUN.lastIndex = p;
      STRING_RUN.test(text);
      p = STRING_RUN.lastIndex;
      const c = text.charCodeAt(p);
      if (c === QUOTE) {
        this.pos = p + 1;
        return this.tree.add(STRING, start, this.pos, escaped ? ESCAPED : 0);
      }
      if (c === BACKSLASH) {
        escaped = true;
        const e = text.charCodeAt(p + 1);
        if (e === 0x75 /* u */) {
          HEX4.lastIndex = p + 2;
          if (!HEX4.test(text)) this.fail(p, 'a \\u escape needs four hex digits');
          p += 6;
        } else if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
          p += 2;
        } else {
          this.fail(p, p + 1 >= length ? 'the text ends inside a string' : `invalid escape "\\${text[p + 1]}" in a string`);
        }
        continue;
      }
      if (p >= length) this.fail(start, 'a string is never closed');
      this.fail(p, 'a control character must be escaped inside a string');
    }
  }

  private readKey(open: Open): void {
    const { text } = this;
    if (text.charCodeAt(this.pos) !== QUOTE) this.fail(this.pos, `expected a property name in double quotes, found ${foundAt(text, this.pos)}`);
    this.pushPending(this.readString());
    if (this.skipWhitespace()) open.compact = false;
    if (text.charCodeAt(this.pos) !== COLON) this.fail(this.pos, `expected ':' after a property name, found ${foundAt(text, this.pos)}`);
    this.pos++;
    if (this.skipWhitespace()) open.compact = false;
  }

  private openContainer(kind: typeof OBJECT | typeof ARRAY, start: number): Open {
    const open: Open = { node: this.tree.add(kind, start, -1, 0), isObject: kind === OBJECT, base: this.pendingTop, compact: true };
    this.stack.push(open);
    if (this.stack.length > this.maxDepth) {
      throw new JsonSyntaxError(this.text, start, `nesting deeper than ${this.maxDepth} levels is not supported`, 'depth');
    }
    return open;
  }

  private closeContainer(open: Open): NodeId {
    const children = this.pendingTop - open.base;
    this.tree.placeChildren(open.node, this.pending, open.base, this.pendingTop, open.isObject ? children / 2 : children);
    this.pendingTop = open.base;
    this.tree.end[open.node] = this.pos;
    if (open.compact) this.tree.flags[open.node] = COMPACT;
    return open.node;
  }
}
