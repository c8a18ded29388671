// catalog:diff answers the diff in one message, as bytes: the worker that
// made it writes the envelope, the process serving the UI passes it on
// untouched, and the page's decoding thread cuts it into sections without
// decoding it (diff-sections.ts plans on its bytes), so the page decodes only
// the section it shows.
//
// The envelope carries no text twice. Between its changes the compressed side
// is the original, byte for byte, so only the text of each change on the
// compressed side travels (its "inserts"); the changes travel as numbers, not
// JSON, and count UTF-8 bytes of each side, so the decoding thread can put the
// compressed side together and cut both sides by copying bytes. For a 32 MiB
// catalog that is 37 MB instead of 67 MB (original 33.5 MB, inserts 0.75 MB,
// changes 3 MB instead of 10 MB of JSON, where the whole compressed side was
// 23 MB).
//
// Layout, little-endian: a 16-byte header (magic "CVD3", then the byte length
// of the layout JSON, the number of changes and the byte length of the
// original text, each uint32), the changes (ChangeRanges in bytes, 4-byte
// aligned), the layout JSON (DiffEnvelopeLayout), the original text, then the
// inserts (UTF-8, in the order of the changes) to the end.

import type { DiffEnvelopeLayout, DiffTools } from '../contracts';
import { CHANGE_FIELDS, type ChangeRanges } from './change-ranges';

const MAGIC = 0x33445643; // "CVD3" read little-endian
const HEADER_BYTES = 16;

/** The parts of an envelope as they travel (views into it, not copies). */
export interface DiffEnvelopeParts {
  /** UTF-8 JSON of DiffEnvelopeLayout. */
  layout: Uint8Array;
  /** Every change, in order, in UTF-8 bytes of each side. */
  changes: ChangeRanges;
  /** UTF-8 of the original side. */
  original: Uint8Array;
  /** UTF-8 of the compressed side's text of every change, one after another. */
  inserts: Uint8Array;
}

/** What an envelope is written from: each tool's first lines, both whole sides and where they differ (everything between changes is equal). */
export interface DiffSource {
  tools: DiffTools;
  /** In characters of the two texts. */
  changes: ChangeRanges;
  original: string;
  compressed: string;
}

const encoder = new TextEncoder();

/** UTF-8 length of text[from, to), a lone surrogate counted as U+FFFD (3 bytes) as TextEncoder writes it. */
export function utf8Length(text: string, from = 0, to = text.length): number {
  let bytes = to - from;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < to && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: 2 code units, 4 bytes
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** The compressed side's text of every change, in order. */
export function insertsOf(changes: ChangeRanges, compressed: string): string {
  const parts: string[] = [];
  for (let i = 0; i < changes.length; i += CHANGE_FIELDS) if (changes[i + 3]! > changes[i + 2]!) parts.push(compressed.slice(changes[i + 2], changes[i + 3]));
  return parts.join('');
}

/**
 * Turns one side's character offsets (fields `from` and `from + 1` of every
 * change, in ascending order, never inside a surrogate pair) into UTF-8 byte
 * offsets, in place, in one pass over the text.
 */
function toByteOffsets(text: string, changes: ChangeRanges, from: number, byteLength: (text: string) => number): void {
  let char = 0;
  let byte = 0;
  for (let i = from; i < changes.length; i += CHANGE_FIELDS) {
    for (let field = i; field < i + 2; field++) {
      const target = changes[field]!;
      // A slice of a flat string is not copied; Node's Buffer.byteLength counts it natively (a lone surrogate as 3 bytes, as utf8Length does).
      byte += byteLength(text.slice(char, target));
      char = target;
      changes[field] = byte;
    }
  }
}

/**
 * The envelope of a diff, written straight from the texts (no intermediate
 * encodings). `byteLength` gives a text's UTF-8 length (Node's
 * Buffer.byteLength is faster than the default).
 */
export function encodeDiff(source: DiffSource, byteLength: (text: string) => number = utf8Length): Uint8Array {
  const inserts = insertsOf(source.changes, source.compressed);
  const originalBytes = byteLength(source.original);
  const insertBytes = byteLength(inserts);
  const changes = source.changes.slice();
  // Plain ASCII (the compressed side is the original's text and the inserts): characters are bytes.
  if (originalBytes !== source.original.length || insertBytes !== inserts.length) {
    toByteOffsets(source.original, changes, 0, byteLength);
    toByteOffsets(source.compressed, changes, 2, byteLength);
  }
  // After the last change both sides end with the same text.
  const last = changes.length - CHANGE_FIELDS;
  const compressedBytes = last < 0 ? originalBytes : changes[last + 3]! + (originalBytes - changes[last + 1]!);
  const layout: DiffEnvelopeLayout = { tools: source.tools, compressedBytes };
  const texts = [JSON.stringify(layout), source.original, inserts];
  const lengths: [number, number, number] = [byteLength(texts[0]!), originalBytes, insertBytes];
  return writeEnvelope(changes, lengths, (target, part) => {
    encoder.encodeInto(texts[part]!, target);
  });
}

/** The envelope of parts already encoded (tests; a malformed layout is written as given). */
export function encodeDiffEnvelope(parts: { layout: Uint8Array; changes: ArrayLike<number>; original: Uint8Array; inserts: Uint8Array }): Uint8Array {
  const bytes = [parts.layout, parts.original, parts.inserts];
  return writeEnvelope(Uint32Array.from(parts.changes), bytes.map((part) => part.byteLength) as [number, number, number], (target, part) =>
    target.set(bytes[part]!),
  );
}

function writeEnvelope(
  changes: ChangeRanges,
  [layout, original, inserts]: [number, number, number],
  write: (target: Uint8Array, part: number) => void,
): Uint8Array {
  const changeBytes = changes.byteLength;
  const envelope = new Uint8Array(HEADER_BYTES + changeBytes + layout + original + inserts);
  const header = new DataView(envelope.buffer);
  header.setUint32(0, MAGIC, true);
  header.setUint32(4, layout, true);
  header.setUint32(8, changes.length / CHANGE_FIELDS, true);
  header.setUint32(12, original, true);
  // Little-endian on every platform the app runs on; written through a view so the bytes are the same anywhere.
  const numbers = new DataView(envelope.buffer, HEADER_BYTES, changeBytes);
  for (let i = 0; i < changes.length; i++) numbers.setUint32(i * 4, changes[i]!, true);
  let at = HEADER_BYTES + changeBytes;
  [layout, original, inserts].forEach((length, part) => {
    write(envelope.subarray(at, at + length), part);
    at += length;
  });
  return envelope;
}

/** The parts of an envelope (views, not copies, where the bytes allow); undefined when it is not one or is cut short. */
export function decodeDiffEnvelope(envelope: Uint8Array): DiffEnvelopeParts | undefined {
  if (envelope.byteLength < HEADER_BYTES) return undefined;
  const header = new DataView(envelope.buffer, envelope.byteOffset, HEADER_BYTES);
  if (header.getUint32(0, true) !== MAGIC) return undefined;
  const layoutBytes = header.getUint32(4, true);
  const changeCount = header.getUint32(8, true);
  const originalBytes = header.getUint32(12, true);
  const changesEnd = HEADER_BYTES + changeCount * CHANGE_FIELDS * 4;
  const layoutEnd = changesEnd + layoutBytes;
  const originalEnd = layoutEnd + originalBytes;
  if (originalEnd > envelope.byteLength) return undefined;
  return {
    changes: changesOf(envelope.subarray(HEADER_BYTES, changesEnd)),
    layout: envelope.subarray(changesEnd, layoutEnd),
    original: envelope.subarray(layoutEnd, originalEnd),
    inserts: envelope.subarray(originalEnd),
  };
}

const littleEndian = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

function changesOf(bytes: Uint8Array): ChangeRanges {
  // A view when the platform is little-endian and the bytes are aligned (the usual case: the envelope owns its buffer).
  if (littleEndian && bytes.byteOffset % 4 === 0) return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Uint32Array.from({ length: bytes.byteLength / 4 }, (_, i) => view.getUint32(i * 4, true));
}

/**
 * The compressed side's UTF-8, put together from the original's bytes, the
 * changes (in bytes) and their inserts by copying; undefined when they do not
 * fit together (a change out of order or out of range, an unchanged stretch
 * of different lengths on the two sides, or inserts too short or too long).
 */
export function rebuildCompressed(original: Uint8Array, changes: ChangeRanges, inserts: Uint8Array): Uint8Array | undefined {
  let prevA = 0;
  let prevB = 0;
  let used = 0;
  for (let i = 0; i < changes.length; i += CHANGE_FIELDS) {
    const fromA = changes[i]!;
    const toA = changes[i + 1]!;
    const fromB = changes[i + 2]!;
    const toB = changes[i + 3]!;
    if (fromA < prevA || toA < fromA || toA > original.byteLength || fromB < prevB || toB < fromB) return undefined;
    if (fromA - prevA !== fromB - prevB) return undefined;
    used += toB - fromB;
    if (used > inserts.byteLength) return undefined;
    prevA = toA;
    prevB = toB;
  }
  if (used !== inserts.byteLength) return undefined;
  const compressed = new Uint8Array(prevB + (original.byteLength - prevA));
  prevA = 0;
  used = 0;
  for (let i = 0; i < changes.length; i += CHANGE_FIELDS) {
    const fromA = changes[i]!;
    const fromB = changes[i + 2]!;
    const toB = changes[i + 3]!;
    compressed.set(original.subarray(prevA, fromA), fromB - (fromA - prevA));
    compressed.set(inserts.subarray(used, used + (toB - fromB)), fromB);
    used += toB - fromB;
    prevA = changes[i + 1]!;
  }
  compressed.set(original.subarray(prevA), compressed.byteLength - (original.byteLength - prevA));
  return compressed;
}
