import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { decodeDiffEnvelope, encodeDiffEnvelope, encodeDiffTexts } from '../../../src/shared/ipc/diff-envelope';

const encode = (text: string) => new TextEncoder().encode(text);

describe('diff envelope', () => {
  it('written straight from the texts is byte for byte the envelope of their encodings', () => {
    const texts = { layout: '{"changes":[]}', original: '{\n  "name": "café 検索 🚀"\n}', compressed: '{"name":"café 検索 🚀"}' };
    const direct = encodeDiffTexts(texts, (text) => Buffer.byteLength(text, 'utf8'));
    expect(direct).toEqual(encodeDiffEnvelope({ layout: encode(texts.layout), original: encode(texts.original), compressed: encode(texts.compressed) }));
    const parts = decodeDiffEnvelope(direct)!;
    expect(new TextDecoder().decode(parts.compressed)).toBe(texts.compressed);
    // The envelope owns its whole buffer, so it can be transferred between threads.
    expect(direct.byteLength).toBe(direct.buffer.byteLength);
  });
});
