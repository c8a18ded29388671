// The relay's byte scanner agrees with JSON.parse on what is JSON, finds
// each member's exact bytes, and takes any depth and non-UTF-8 string bytes.

import { describe, expect, it } from 'vitest';
import { JsonScanError, memberSpan, scanArray, scanObject, skipValue } from '../../../../src/main/mcp/connection/json-scan';

const bytes = (text: string) => new TextEncoder().encode(text);
const validByScan = (text: string) => {
  const b = bytes(text);
  try {
    const start = text.length - text.trimStart().length;
    const end = skipValue(b, start, b.length);
    return text.slice(end).trim() === '';
  } catch (error) {
    if (error instanceof JsonScanError) return false;
    throw error;
  }
};
const validByParse = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"a"',
  '"\\u00e9"',
  '"\\x"',
  '"\\"',
  '1',
  '-0',
  '01',
  '1.',
  '1.5e+3',
  '1e',
  'true',
  'nul',
  'null',
  ' ',
  '\n',
  '"\t"',
  'false',
];

describe('the byte scanner', () => {
  it('agrees with JSON.parse on thousands of generated texts, valid and broken', () => {
    const next = random(41);
    let valid = 0;
    for (let n = 0; n < 20_000; n++) {
      const length = 1 + Math.floor(next() * 8);
      let text = '';
      for (let k = 0; k < length; k++) text += PIECES[Math.floor(next() * PIECES.length)];
      const expected = validByParse(text);
      if (expected) valid++;
      expect([text, validByScan(text)]).toEqual([text, expected]);
    }
    for (const text of ['{"a":[1,{"b":null}],"c":"\\ud83d"}', '[[],{},""]', ' 1 ', '{"x":{"y":[true,false,-1.25E-7]}}']) expect(validByScan(text)).toBe(true);
    expect(valid).toBeGreaterThan(100);
  });

  it("finds each member's exact bytes, the last of a repeated key, and an array's items", () => {
    const text = '{"jsonrpc":"2.0", "id" : 9007199254740993,"result":{"n":1.0,"big":1e400},"id":"x"}';
    const members = scanObject(bytes(text));
    expect(members.map((m) => m.key)).toEqual(['jsonrpc', 'id', 'result', 'id']);
    const id = memberSpan(members, 'id')!;
    expect(text.slice(id.start, id.end)).toBe('"x"');
    const result = members[2]!.value;
    expect(text.slice(result.start, result.end)).toBe('{"n":1.0,"big":1e400}');
    expect(scanArray(bytes('[1, "a" ,{}]')).map((s) => '[1, "a" ,{}]'.slice(s.start, s.end))).toEqual(['1', '"a"', '{}']);
  });

  it('takes 100,000 levels of nesting and string bytes that are not UTF-8', () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(scanObject(bytes(deep))).toHaveLength(1);
    const latin = Uint8Array.from([...bytes('{"k":"caf'), 0xe9, ...bytes('"}')]);
    expect(scanObject(latin)[0]!.value).toEqual({ start: 5, end: 11 });
  });
});
