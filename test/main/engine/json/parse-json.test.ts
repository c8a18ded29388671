import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, JsonSyntaxError, parseJson } from '../../../../src/main/engine/json/parse-json';
import { ARRAY, COMPACT, keyAt, keyNames, memberOf, sourceOf, stringValue, valueAt } from '../../../../src/main/engine/json/json-node';
import { TextBuilder } from '../../../../src/main/engine/json/text-builder';
import { writeCompact } from '../../../../src/main/engine/json/write-compact';
import { realFixtures } from '../../../helpers/fixtures';

const compact = (text: string): string => {
  const doc = parseJson(text);
  const out = new TextBuilder();
  writeCompact(doc, doc.root, out);
  return out.toString();
};

const syntaxError = (text: string): JsonSyntaxError => {
  try {
    parseJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
};

describe('parseJson keeps what JSON.parse loses', () => {
  it('keeps integer-like keys in source order', () => {
    const doc = parseJson('{"10":1,"2":2,"a":3,"1":4}');
    expect(keyNames(doc, doc.root)).toEqual(['10', '2', 'a', '1']);
    expect(Object.keys(JSON.parse(doc.text))).not.toEqual(['10', '2', 'a', '1']);
  });

  it('keeps duplicate keys, and memberOf reads the last like JSON.parse', () => {
    const doc = parseJson('{"a":1,"a":2}');
    expect(doc.count[doc.root]).toBe(2);
    expect(sourceOf(doc, memberOf(doc, doc.root, 'a')!)).toBe('2');
    expect(compact('{ "a" : 1 , "a" : 2 }')).toBe('{"a":1,"a":2}');
  });

  it('keeps the exact source text of numbers', () => {
    const text = '[12345678901234567890,1.50,1e400,-0,0.1e-7,1E+2]';
    expect(compact(text)).toBe(text);
    expect(JSON.stringify(JSON.parse(text))).not.toBe(text);
  });

  it('keeps the exact source text of strings, escapes included', () => {
    const text = '{"k":"caf\\u00e9 \\/ \\ud83d\\ude00 \\ud800 tab\\t"}';
    expect(compact(text)).toBe(text);
  });

  it('decodes strings and keys, lone surrogates kept', () => {
    const doc = parseJson('{"\\u0041b":"x\\ud800y"}');
    expect(stringValue(doc, keyAt(doc, doc.root, 0))).toBe('Ab');
    expect(stringValue(doc, valueAt(doc, doc.root, 0))).toBe('x\ud800y');
  });

  it('removes whitespace outside strings only', () => {
    expect(compact(' {\n  "a b" : [ 1 , { } , [ ] , "c  d" ] ,\t"e":null }\r\n')).toBe('{"a b":[1,{},[],"c  d"],"e":null}');
  });

  it('marks compact containers so they can be copied as one slice', () => {
    const doc = parseJson('{"a":{"b":[1,2]},"c":{ "d":1}}');
    const compact = (node: number) => (doc.flags[node]! & COMPACT) !== 0;
    expect(compact(doc.root)).toBe(false);
    expect(compact(valueAt(doc, doc.root, 0))).toBe(true);
    expect(compact(valueAt(doc, doc.root, 1))).toBe(false);
  });

  it('round-trips every real catalog to the same value as JSON.parse', () => {
    for (const fixture of realFixtures()) {
      expect(JSON.parse(compact(fixture.text)), fixture.name).toEqual(JSON.parse(fixture.text));
    }
  });

  it('accepts scalars and empty containers as documents', () => {
    for (const text of ['42', '"s"', 'true', 'false', 'null', '{}', '[]', ' -0.5e3 ']) {
      expect(() => parseJson(text), text).not.toThrow();
    }
  });
});

describe('parseJson rejects what is not exactly one JSON value', () => {
  it.each([
    ['', 'the input is empty'],
    ['   ', 'the input is empty'],
    ['{"a":1}{"b":2}', 'more than one JSON value'],
    ['1 2', 'more than one JSON value'],
    ['{"a":1,}', 'expected a property name'],
    ['[1,]', 'expected a value'],
    ["{'a':1}", 'expected a property name'],
    ['{"a" 1}', "expected ':'"],
    ['{"a":1', "expected ',' or '}'"],
    ['[1 2]', "expected ',' or ']'"],
    ['"abc', 'never closed'],
    ['"a\nb"', 'control character'],
    ['"\\x"', 'invalid escape'],
    ['"\\u12"', 'four hex digits'],
    ['01', 'more than one JSON value'],
    ['-', 'number is malformed'],
    ['1.', 'unexpected text after the JSON value: "."'],
    ['{"tools":[]}\u0000', 'unexpected text after the JSON value: a NUL byte (U+0000)'],
    ['{"tools":[]}\n\u0007', 'unexpected text after the JSON value: the control character U+0007'],
    ['{"tools":[]} x', 'unexpected text after the JSON value: "x"'],
    ['{"a":1 \u0000}', "expected ',' or '}' after a property value, found a NUL byte (U+0000)"],
    ['tru', 'expected a value'],
    ['NaN', 'expected a value'],
    ['// c\n{}', 'expected a value'],
  ])('%j → %s', (text, message) => {
    const error = syntaxError(text);
    expect(error.code).toBe('cave_invalid_json');
    expect(error.message).toContain(message);
  });

  it('reports line and column (1-based, in characters)', () => {
    const error = syntaxError('{\n  "a": 1,\n  "é😀": x\n}');
    expect([error.line, error.column]).toEqual([3, 9]);
    expect(error.message).toMatch(/^not valid JSON at line 3, column 9: /);
  });

  it('refuses nesting past the limit with a typed error, without overflowing the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const error = syntaxError(deep);
    expect(error.code).toBe('cave_too_deep');
    expect(error.problem).toBe('depth');
    const objects = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + '1' + '}'.repeat(MAX_JSON_DEPTH + 1);
    expect(syntaxError(objects).code).toBe('cave_too_deep');
  });

  it('accepts nesting exactly at the limit', () => {
    const text = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    const doc = parseJson(text);
    expect(doc.kind[doc.root]).toBe(ARRAY);
    expect(compact(text)).toBe(text);
  });
});

describe('parse progress', () => {
  it('hears the share of the text read, about every MiB, rising below 1', () => {
    const text = JSON.stringify({ tools: Array.from({ length: 30_000 }, (_, i) => ({ name: `tool_${i}`, description: 'x'.repeat(100) })) });
    const fractions: number[] = [];
    parseJson(text, undefined, (fraction) => fractions.push(fraction));
    expect(fractions.length).toBe(Math.floor(text.length / (1 << 20)));
    expect(fractions.every((fraction, i) => fraction > (fractions[i - 1] ?? 0) && fraction < 1)).toBe(true);
  });
});
