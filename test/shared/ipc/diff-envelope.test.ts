import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  CHANGE_FIELDS,
  decodeDiffEnvelope,
  encodeDiff,
  encodeDiffEnvelope,
  insertsOf,
  rebuildCompressed,
  utf8Length,
  type DiffChangeRange,
} from '../../../src/shared/ipc/diff-envelope';

const encode = (text: string) => new TextEncoder().encode(text);
const decodePiece = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/** Two sides as the analysis lays them out: per tool a dropped line and a shortened description (non-ASCII text, a U+FEFF and an emoji where they differ). */
function diffOf(tools: number): { original: string; compressed: string; changes: DiffChangeRange[] } {
  const sides = { original: '', compressed: '' };
  const changes: DiffChangeRange[] = [];
  const both = (text: string) => {
    sides.original += text;
    sides.compressed += text;
  };
  const change = (before: string, after: string) => {
    changes.push({
      fromA: sides.original.length,
      toA: sides.original.length + before.length,
      fromB: sides.compressed.length,
      toB: sides.compressed.length + after.length,
    });
    sides.original += before;
    sides.compressed += after;
  };
  both('[\n');
  for (let i = 0; i < tools; i++) {
    both(`  {"name": "naïve 🦖 ${i}",\n`);
    change(`   "title": "Titel für ${i}",\n`, '');
    both('   "d": "');
    change(`Finds the rows — quickly ✓ ${i}`, `\ufeffFinds rows 🚀 ${i}`);
    both('"},\n');
  }
  both(']');
  return { ...sides, changes };
}

describe('diff envelope', () => {
  it('carries the original and only the compressed side’s changed text, and gives both sides back exactly', () => {
    const diff = diffOf(50);
    const layout = JSON.stringify({ tools: [], originalChars: diff.original.length, compressedChars: diff.compressed.length });
    const envelope = encodeDiff({ layout, ...diff }, (text) => Buffer.byteLength(text, 'utf8'));
    // The envelope owns its whole buffer, so it can be transferred between threads.
    expect(envelope.byteLength).toBe(envelope.buffer.byteLength);
    // Less than the two texts it stands for: the compressed side's unchanged text is not sent again.
    expect(envelope.byteLength).toBeLessThan(Buffer.byteLength(diff.original) + Buffer.byteLength(diff.compressed));
    const parts = decodeDiffEnvelope(envelope)!;
    expect(new TextDecoder().decode(parts.layout)).toBe(layout);
    expect(decodePiece(parts.original)).toBe(diff.original);
    expect(decodePiece(parts.inserts)).toBe(insertsOf(diff.changes, diff.compressed));
    expect(Array.from(parts.changes)).toEqual(diff.changes.flatMap((change) => [change.fromA, change.toA, change.fromB, change.toB]));
    expect(rebuildCompressed(diff.original, parts.changes, decodePiece(parts.inserts), diff.compressed.length)).toBe(diff.compressed);
    // The default length function writes the same envelope as Node's.
    expect(encodeDiff({ layout, ...diff })).toEqual(envelope);
  });

  it('counts UTF-8 as TextEncoder writes it: pairs, lone surrogates (as U+FFFD) and every width', () => {
    for (const text of ['', 'abc', 'é', '€', '🦖', '\ud800', 'a\udc00b', '\ud83e', '\ud83e\udd96\ud800', 'x\u0085\ufeff検索']) {
      expect(utf8Length(text), JSON.stringify(text)).toBe(encode(text).byteLength);
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });

  it('refuses changes and inserts that do not fit the original', () => {
    const original = 'abcdef';
    const changes = (...numbers: number[]) => Uint32Array.from(numbers);
    expect(rebuildCompressed(original, changes(1, 2, 1, 3), 'XY', 7)).toBe('aXYcdef');
    // Unchanged stretches of different lengths on the two sides.
    expect(rebuildCompressed(original, changes(1, 2, 2, 3), 'X', 6)).toBeUndefined();
    // Out of order, past the end, inserts left over or missing, or the wrong total length.
    expect(rebuildCompressed(original, changes(3, 4, 3, 4, 1, 2, 1, 2), 'XY', 6)).toBeUndefined();
    expect(rebuildCompressed(original, changes(5, 9, 5, 5), '', 5)).toBeUndefined();
    expect(rebuildCompressed(original, changes(1, 2, 1, 2), 'XY', 6)).toBeUndefined();
    expect(rebuildCompressed(original, changes(1, 2, 1, 3), 'X', 7)).toBeUndefined();
    expect(rebuildCompressed(original, changes(1, 2, 1, 2), 'X', 7)).toBeUndefined();
    expect(rebuildCompressed(original, changes(), '', 6)).toBe(original);
  });

  it('is not mistaken for something else: another format, or bytes cut short', () => {
    const envelope = encodeDiffEnvelope({ layout: encode('{}'), changes: [0, 1, 0, 1], original: encode('ab'), inserts: encode('c') });
    expect(decodeDiffEnvelope(envelope)?.changes).toHaveLength(CHANGE_FIELDS);
    expect(decodeDiffEnvelope(envelope.subarray(0, envelope.byteLength - 2))).toBeUndefined();
    expect(decodeDiffEnvelope(Uint8Array.of(1, 2, 3))).toBeUndefined();
    const otherMagic = envelope.slice();
    otherMagic[0] = 0;
    expect(decodeDiffEnvelope(otherMagic)).toBeUndefined();
    // An envelope that does not start on a 4-byte boundary (inside a larger buffer) still reads its changes.
    const shifted = new Uint8Array(envelope.byteLength + 1);
    shifted.set(envelope, 1);
    expect(Array.from(decodeDiffEnvelope(shifted.subarray(1))!.changes)).toEqual([0, 1, 0, 1]);
  });
});
