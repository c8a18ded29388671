// The ByteWriter's output is the UTF-8 encoding of everything written to it,
// whichever way a range gets there: inline, through the native encoder, or
// copied from the bytes of an ASCII source.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ByteWriter } from '../../../../src/main/engine/json/byte-writer';

const encoder = new TextEncoder();

describe('ByteWriter', () => {
  it('writes the UTF-8 of every range, lone surrogates as U+FFFD, across growth', () => {
    const text = 'a\u00e9\u4e2d\ud83d\ude00\ud800x' + 'y'.repeat(200) + '\udc00';
    const writer = new ByteWriter(1);
    writer.copy(text, 0, text.length);
    writer.push('{"k":');
    writer.copy(text, 2, 5);
    expect(Buffer.from(writer.bytes()).toString('utf8')).toBe(Buffer.from(encoder.encode(text + '{"k":' + text.slice(2, 5))).toString('utf8'));
  });

  it('copies ranges of an ASCII source as its bytes, and writes the same as without them', () => {
    const asciiText = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)), maxLength: 300 });
    const step = fc.oneof(
      fc.tuple(fc.nat(), fc.nat({ max: 120 })).map(([from, length]) => ({ fromSource: true as const, from, length })),
      fc.string({ maxLength: 40 }).map((literal) => ({ fromSource: false as const, literal })),
    );
    fc.assert(
      fc.property(asciiText, fc.array(step, { maxLength: 30 }), fc.nat({ max: 64 }), fc.boolean(), (text, steps, capacity, shared) => {
        const bytes = encoder.encode(text);
        const plain = new ByteWriter(capacity, { shared });
        const sourced = new ByteWriter(capacity, { shared, source: { text, bytes } });
        let expected = '';
        for (const s of steps) {
          if (s.fromSource) {
            const start = text.length === 0 ? 0 : s.from % text.length;
            const end = Math.min(text.length, start + s.length);
            plain.copy(text, start, end);
            sourced.copy(text, start, end);
            expected += text.slice(start, end);
          } else {
            plain.push(s.literal);
            sourced.push(s.literal);
            expected += s.literal;
          }
        }
        expect([...sourced.bytes()]).toEqual([...plain.bytes()]);
        expect([...sourced.bytes()]).toEqual([...encoder.encode(expected)]);
      }),
      { numRuns: 500 },
    );
  });

  it('takes ranges of the source, long and short, from its bytes, not by encoding the text', () => {
    // Bytes that differ from the text show which path was taken (a real source never differs).
    const text = 'k'.repeat(100);
    const marked = new Uint8Array(100).fill(0x6d);
    const writer = new ByteWriter(8, { source: { text, bytes: marked } });
    writer.copy(text, 0, 100);
    writer.copy(text, 0, 10);
    writer.copy('k'.repeat(10), 0, 10);
    expect(Buffer.from(writer.bytes()).toString('latin1')).toBe('m'.repeat(110) + 'k'.repeat(10));
  });
});

describe('ByteWriter.insert', () => {
  it('writes a literal at an earlier offset and moves what follows, across growth', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.nat(), fc.string({ maxLength: 8 }), fc.nat({ max: 16 }), (text, at, literal, capacity) => {
        const writer = new ByteWriter(capacity);
        writer.push(text);
        const bytes = encoder.encode(text);
        const offset = at % (bytes.length + 1);
        writer.insert(offset, literal);
        const expected = Buffer.concat([bytes.subarray(0, offset), encoder.encode(literal), bytes.subarray(offset)]);
        expect(Buffer.from(writer.bytes()).equals(expected)).toBe(true);
        expect(writer.length).toBe(expected.length);
      }),
    );
  });
});
