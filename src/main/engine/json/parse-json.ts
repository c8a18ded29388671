// A strict RFC 8259 parser that builds the lossless tree of json-node.ts.
// It is iterative (an explicit stack, no recursion), so hostile nesting is a
// typed error at a documented depth instead of a stack overflow.

import { CavemanError } from '../../../shared/errors';
import {
  ARRAY,
  LITERAL,
  NUMBER,
  OBJECT,
  STRING,
  type ArrayNode,
  type JsonDocument,
  type JsonNode,
  type ObjectNode,
  type StringNode,
} from './json-node';

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

/** What stands at an offset, for messages: a quoted character or the end. */
function foundAt(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the text';
  return JSON.stringify(String.fromCodePoint(text.codePointAt(offset)!));
}

type Container = ObjectNode | ArrayNode;

/**
 * Parses exactly one JSON value (surrounding whitespace allowed). Throws
 * JsonSyntaxError (cave_invalid_json, or cave_too_deep past `maxDepth`).
 */
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): JsonDocument {
  const length = text.length;
  const stack: Container[] = [];
  let pos = 0;

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

  const readString = (): StringNode => {
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
        return { kind: STRING, start, end: pos, escaped };
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

  const readKey = (container: ObjectNode): void => {
    if (text.charCodeAt(pos) !== QUOTE) fail(pos, `expected a property name in double quotes, found ${foundAt(text, pos)}`);
    container.keys.push(readString());
    if (skipWhitespace()) container.compact = false;
    if (text.charCodeAt(pos) !== COLON) fail(pos, `expected ':' after a property name, found ${foundAt(text, pos)}`);
    pos++;
    if (skipWhitespace()) container.compact = false;
  };

  const open = (container: Container): void => {
    stack.push(container);
    if (stack.length > maxDepth) {
      throw new JsonSyntaxError(text, container.start, `nesting deeper than ${maxDepth} levels is not supported`, 'depth');
    }
  };

  skipWhitespace();
  let root: JsonNode | undefined;

  parse: for (;;) {
    // Read one value at `pos`.
    let value: JsonNode;
    const c = text.charCodeAt(pos);
    if (c === OPEN_BRACE) {
      const node: ObjectNode = { kind: OBJECT, start: pos, end: -1, keys: [], values: [], compact: true };
      pos++;
      if (skipWhitespace()) node.compact = false;
      if (text.charCodeAt(pos) === CLOSE_BRACE) {
        pos++;
        node.end = pos;
        value = node;
      } else {
        open(node);
        readKey(node);
        continue parse;
      }
    } else if (c === OPEN_BRACKET) {
      const node: ArrayNode = { kind: ARRAY, start: pos, end: -1, items: [], compact: true };
      pos++;
      if (skipWhitespace()) node.compact = false;
      if (text.charCodeAt(pos) === CLOSE_BRACKET) {
        pos++;
        node.end = pos;
        value = node;
      } else {
        open(node);
        continue parse;
      }
    } else if (c === QUOTE) {
      value = readString();
    } else if (c === MINUS || (c >= 0x30 && c <= 0x39)) {
      NUMBER_TEXT.lastIndex = pos;
      if (!NUMBER_TEXT.test(text)) fail(pos, 'a number is malformed');
      value = { kind: NUMBER, start: pos, end: NUMBER_TEXT.lastIndex };
      pos = NUMBER_TEXT.lastIndex;
    } else if (text.startsWith('true', pos) || text.startsWith('null', pos)) {
      value = { kind: LITERAL, start: pos, end: pos + 4 };
      pos += 4;
    } else if (text.startsWith('false', pos)) {
      value = { kind: LITERAL, start: pos, end: pos + 5 };
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
      if (parent.kind === OBJECT) parent.values.push(value!);
      else parent.items.push(value!);
      if ((value!.kind === OBJECT || value!.kind === ARRAY) && !value!.compact) parent.compact = false;
      if (skipWhitespace()) parent.compact = false;
      const next = text.charCodeAt(pos);
      if (next === COMMA) {
        pos++;
        if (skipWhitespace()) parent.compact = false;
        if (parent.kind === OBJECT) readKey(parent);
        continue parse;
      }
      if ((parent.kind === OBJECT && next === CLOSE_BRACE) || (parent.kind === ARRAY && next === CLOSE_BRACKET)) {
        pos++;
        parent.end = pos;
        stack.pop();
        value = parent;
        continue;
      }
      const expected = parent.kind === OBJECT ? "',' or '}' after a property value" : "',' or ']' after an array element";
      fail(pos, `expected ${expected}, found ${foundAt(text, pos)}`);
    }
  }

  skipWhitespace();
  if (pos < length) fail(pos, 'more than one JSON value (unexpected text after the first value)');
  return { text, root: root! };
}
