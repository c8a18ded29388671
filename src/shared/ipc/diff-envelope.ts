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

export function encodeDiffEnvelope({ layout, original, compressed }: DiffParts): Uint8Array {
  const envelope = new Uint8Array(HEADER_BYTES + layout.byteLength + original.byteLength + compressed.byteLength);
  const header = new DataView(envelope.buffer);
  header.setUint32(0, layout.byteLength, true);
  header.setUint32(4, original.byteLength, true);
  envelope.set(layout, HEADER_BYTES);
  envelope.set(original, HEADER_BYTES + layout.byteLength);
  envelope.set(compressed, HEADER_BYTES + layout.byteLength + original.byteLength);
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
