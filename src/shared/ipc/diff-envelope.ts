// catalog:diff answers the layout and both pretty-printed texts in one
// message, as bytes: the main process only concatenates what the worker made
// and never serialises the texts. Layout: two little-endian uint32 lengths
// (layout JSON, original text), then the layout JSON, the original text and
// the compressed text, all UTF-8.

const HEADER_BYTES = 8;

export interface DiffParts {
  layout: Uint8Array;
  original: Uint8Array;
  compressed: Uint8Array;
}

/** The three parts as text, before encoding. */
export interface DiffTexts {
  layout: string;
  original: string;
  compressed: string;
}

export function encodeDiffEnvelope({ layout, original, compressed }: DiffParts): Uint8Array {
  const parts = [layout, original, compressed];
  return writeEnvelope(parts.map((part) => part.byteLength), (target, i) => target.set(parts[i]!));
}

const encoder = new TextEncoder();

/**
 * The same envelope written straight from the texts, without encoding each
 * first and copying it in (megabytes for a large catalog). `byteLength`
 * gives a text's UTF-8 length (a lone surrogate as U+FFFD, 3 bytes).
 */
export function encodeDiffTexts({ layout, original, compressed }: DiffTexts, byteLength: (text: string) => number): Uint8Array {
  const texts = [layout, original, compressed];
  return writeEnvelope(texts.map(byteLength), (target, i) => encoder.encodeInto(texts[i]!, target));
}

function writeEnvelope(lengths: number[], write: (target: Uint8Array, part: number) => void): Uint8Array {
  const envelope = new Uint8Array(HEADER_BYTES + lengths.reduce((sum, length) => sum + length, 0));
  const header = new DataView(envelope.buffer);
  header.setUint32(0, lengths[0]!, true);
  header.setUint32(4, lengths[1]!, true);
  let at = HEADER_BYTES;
  lengths.forEach((length, part) => {
    write(envelope.subarray(at, at + length), part);
    at += length;
  });
  return envelope;
}

/** The three parts (views, not copies); undefined when the lengths do not fit the bytes. */
export function decodeDiffEnvelope(envelope: Uint8Array): DiffParts | undefined {
  if (envelope.byteLength < HEADER_BYTES) return undefined;
  const header = new DataView(envelope.buffer, envelope.byteOffset, HEADER_BYTES);
  const layoutEnd = HEADER_BYTES + header.getUint32(0, true);
  const originalEnd = layoutEnd + header.getUint32(4, true);
  if (originalEnd > envelope.byteLength) return undefined;
  return { layout: envelope.subarray(HEADER_BYTES, layoutEnd), original: envelope.subarray(layoutEnd, originalEnd), compressed: envelope.subarray(originalEnd) };
}
