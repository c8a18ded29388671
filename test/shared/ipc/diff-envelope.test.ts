import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { CHANGE_FIELDS, DEFERRED, type ChangeRanges } from '../../../src/shared/ipc/change-ranges';
import { decodeDiffEnvelope, encodeDiff, encodeDiffEnvelope, insertsOf, rebuildCompressed, utf8Length } from '../../../src/shared/ipc/diff-envelope';
import { rangesOf, sidesWriter, type ChangeRange } from '../../helpers/change-ranges';

const encode = (text: string) => new TextEncoder().encode(text);
const decodePiece = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/** Two sides as the analysis lays them out: per tool a dropped line and a shortened description (non-ASCII text, a U+FEFF and an emoji where they differ). */
function diffOf(tools: number): { original: string; compressed: string; changes: ChangeRanges; list: ChangeRange[] } {
  const { sides, changes, both, change } = sidesWriter();
  both('[\n');
  for (let i = 0; i < tools; i++) {
    both(`  {"name": "naïve 🦖 ${i}",\n`);
    change(`   "title": "Titel für ${i}",\n`, '');
    both('   "d": "');
    change(`Finds the rows — quickly ✓ ${i}`, `\ufeffFinds rows 🚀 ${i}`, i % 3 === 0);
    both('",\n   "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}},\n');
  }
  both(']');
  return { ...sides, changes: rangesOf(changes), list: changes };
}

/** A change's ranges in UTF-8 bytes of the two sides, and its flags. */
const inBytes = (diff: { original: string; compressed: string }, change: ChangeRange) => [
  utf8Length(diff.original, 0, change.fromA),
  utf8Length(diff.original, 0, change.toA),
  utf8Length(diff.compressed, 0, change.fromB),
  utf8Length(diff.compressed, 0, change.toB),
  change.deferred ? DEFERRED : 0,
];

describe('diff envelope', () => {
  it('carries the original and only the compressed side’s changed text, the changes in bytes, and gives the compressed side back exactly', () => {
    const diff = diffOf(50);
    const tools = [{ name: 't', originalLine: 2, compressedLine: 2 }];
    const { list, ...source } = diff;
    expect(list.length).toBe(100);
    const envelope = encodeDiff({ tools, ...source }, (text) => Buffer.byteLength(text, 'utf8'));
    // The envelope owns its whole buffer, so it can be transferred between threads.
    expect(envelope.byteLength).toBe(envelope.buffer.byteLength);
    // Less than the two texts it stands for: the compressed side's unchanged text is not sent again.
    expect(envelope.byteLength).toBeLessThan(Buffer.byteLength(diff.original) + Buffer.byteLength(diff.compressed));
    const parts = decodeDiffEnvelope(envelope)!;
    expect(JSON.parse(new TextDecoder().decode(parts.layout))).toEqual({ tools, compressedBytes: Buffer.byteLength(diff.compressed) });
    expect(decodePiece(parts.original)).toBe(diff.original);
    expect(decodePiece(parts.inserts)).toBe(insertsOf(diff.changes, diff.compressed));
    expect(Array.from(parts.changes)).toEqual(diff.list.flatMap((change) => inBytes(diff, change)));
    expect(decodePiece(rebuildCompressed(parts.original, parts.changes, parts.inserts)!)).toBe(diff.compressed);
    // The default length function writes the same envelope as Node's.
    expect(encodeDiff({ tools, ...source })).toEqual(envelope);
  });

  it('gives the same byte offsets with Node’s length function as with utf8Length around lone surrogates and every width', () => {
    const original = '{"a": "\ud800 lone é", "b": "🦖 \udc00 检索 long text", "c": 1}';
    const compressed = '{"a": "\ud800 lone é", "b": "🦖 \udc00 short", "c": 1}';
    const from = original.indexOf('检索');
    const changes = [{ fromA: from, toA: original.indexOf('", "c"'), fromB: from, toB: compressed.indexOf('", "c"') }];
    const source = { tools: [], changes: rangesOf(changes), original, compressed };
    const envelope = encodeDiff(source, (text) => Buffer.byteLength(text, 'utf8'));
    expect(envelope).toEqual(encodeDiff(source));
    const parts = decodeDiffEnvelope(envelope)!;
    expect(Array.from(parts.changes)).toEqual([
      utf8Length(original, 0, from),
      utf8Length(original, 0, changes[0]!.toA),
      utf8Length(compressed, 0, from),
      utf8Length(compressed, 0, changes[0]!.toB),
      0,
    ]);
    expect(decodePiece(rebuildCompressed(parts.original, parts.changes, parts.inserts)!)).toBe(new TextDecoder().decode(encode(compressed)));
  });

  it('writes plain ASCII changes as they are (characters are bytes)', () => {
    const original = '{"a": "long text", "b": 1}';
    const compressed = '{"a": "short", "b": 1}';
    const changes = [{ fromA: 7, toA: 16, fromB: 7, toB: 12 }];
    const parts = decodeDiffEnvelope(encodeDiff({ tools: [], changes: rangesOf(changes), original, compressed }))!;
    expect(Array.from(parts.changes)).toEqual([7, 16, 7, 12, 0]);
    expect(decodePiece(rebuildCompressed(parts.original, parts.changes, parts.inserts)!)).toBe(compressed);
  });

  it('counts UTF-8 as TextEncoder writes it: pairs, lone surrogates (as U+FFFD) and every width', () => {
    for (const text of ['', 'abc', 'é', '€', '🦖', '\ud800', 'a\udc00b', '\ud83e', '\ud83e\udd96\ud800', 'x\u0085\ufeff検索']) {
      expect(utf8Length(text), JSON.stringify(text)).toBe(encode(text).byteLength);
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
    expect(utf8Length('a🦖é', 1, 3)).toBe(4);
  });

  it('refuses changes and inserts that do not fit the original', () => {
    const original = encode('abcdef');
    const changes = (...numbers: number[]) => Uint32Array.from(numbers);
    const rebuilt = (ranges: Uint32Array, inserts: string) => {
      const bytes = rebuildCompressed(original, ranges, encode(inserts));
      return bytes && decodePiece(bytes);
    };
    expect(rebuilt(changes(1, 2, 1, 3, 0), 'XY')).toBe('aXYcdef');
    // Unchanged stretches of different lengths on the two sides.
    expect(rebuilt(changes(1, 2, 2, 3, 0), 'X')).toBeUndefined();
    // Out of order, past the end, inserts left over or missing.
    expect(rebuilt(changes(3, 4, 3, 4, 0, 1, 2, 1, 2, 0), 'XY')).toBeUndefined();
    expect(rebuilt(changes(5, 9, 5, 5, 0), '')).toBeUndefined();
    expect(rebuilt(changes(1, 2, 1, 2, 0), 'XY')).toBeUndefined();
    expect(rebuilt(changes(1, 2, 1, 3, 0), 'X')).toBeUndefined();
    expect(rebuilt(changes(), '')).toBe('abcdef');
  });

  it('is not mistaken for something else: another format, or bytes cut short', () => {
    const envelope = encodeDiffEnvelope({ layout: encode('{}'), changes: [0, 1, 0, 1, 0], original: encode('ab'), inserts: encode('c') });
    expect(decodeDiffEnvelope(envelope)?.changes).toHaveLength(CHANGE_FIELDS);
    expect(decodeDiffEnvelope(envelope.subarray(0, envelope.byteLength - 2))).toBeUndefined();
    expect(decodeDiffEnvelope(Uint8Array.of(1, 2, 3))).toBeUndefined();
    const otherMagic = envelope.slice();
    otherMagic[0] = 0;
    expect(decodeDiffEnvelope(otherMagic)).toBeUndefined();
    // An envelope that does not start on a 4-byte boundary (inside a larger buffer) still reads its changes.
    const shifted = new Uint8Array(envelope.byteLength + 1);
    shifted.set(envelope, 1);
    expect(Array.from(decodeDiffEnvelope(shifted.subarray(1))!.changes)).toEqual([0, 1, 0, 1, 0]);
  });
});
