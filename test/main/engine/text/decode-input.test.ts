import { describe, expect, it } from 'vitest';
import { decodeInput, decodeUtf8Lenient } from '../../../../src/main/engine/text/decode-input';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** The same bytes in shared memory, at an offset, as the counting threads see them. */
function shared(bytes: Uint8Array): Uint8Array {
  const view = new Uint8Array(new SharedArrayBuffer(bytes.length + 7), 3, bytes.length);
  view.set(bytes);
  return view;
}

const samples: Array<[string, Uint8Array]> = [
  ['plain ASCII JSON', new TextEncoder().encode('{"tools":[{"name":"a","description":"Reads a file.\\n"}]}')],
  ['every ASCII byte, NUL and DEL included', Uint8Array.from({ length: 128 }, (_, i) => i)],
  ['ASCII then one é', new TextEncoder().encode(`${'x'.repeat(5000)}é`)],
  ['a BOM before ASCII', Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])],
  ['CJK and an emoji', new TextEncoder().encode('{"d":"中文 🙂"}')],
  ['a Latin-1 byte that is not UTF-8', Uint8Array.from([0x7b, 0x22, 0xe9, 0x22, 0x7d])],
  ['a lone continuation byte', Uint8Array.from([0x61, 0x80, 0x62])],
  ['nothing', new Uint8Array()],
];

describe('decoding input bytes', () => {
  it.each(samples)('%s: the lenient decode equals TextDecoder, in shared memory too', (_label, bytes) => {
    const expected = lenient.decode(bytes);
    expect(decodeUtf8Lenient(bytes)).toBe(expected);
    expect(decodeUtf8Lenient(shared(bytes))).toBe(expected);
  });

  it.each(samples)('%s: the strict decode equals a fatal TextDecoder (BOM set aside), or names the first bad byte', (_label, bytes) => {
    const hadBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const body = hadBom ? bytes.subarray(3) : bytes;
    let expected: string | undefined;
    try {
      expected = strict.decode(body);
    } catch {
      expected = undefined;
    }
    const input = shared(bytes);
    const decoded = decodeInput(input);
    if (expected === undefined) expect(decoded.ok).toBe(false);
    else {
      const { asciiBytes, ...rest } = decoded as Extract<typeof decoded, { ok: true }>;
      expect(rest).toEqual({ ok: true, text: expected, hadBom });
      // Plain ASCII comes with its bytes (the body, after any BOM), each byte its character; other text without.
      const ascii = [...body].every((byte) => byte < 0x80);
      if (ascii) expect(asciiBytes && [...asciiBytes]).toEqual([...body]);
      else expect(asciiBytes).toBeUndefined();
      if (asciiBytes) expect(String.fromCharCode(...asciiBytes)).toBe(expected);
    }
  });

  it('a megabyte of ASCII comes back character for character', () => {
    const bytes = Uint8Array.from({ length: 1 << 20 }, (_, i) => 32 + ((i * 7919) % 95));
    const decoded = decodeInput(bytes);
    expect(decoded.ok && decoded.text === lenient.decode(bytes)).toBe(true);
  });
});
