import { describe, expect, it } from 'vitest';
import { parseDiff, parseLintReport } from '../../../src/renderer/src/api/decode-answers';
import { encodeDiffEnvelope } from '../../../src/shared/ipc/diff-envelope';
import { lintReport } from '../fakes/fake-api';

const encode = (text: string) => new TextEncoder().encode(text);
const json = (value: unknown) => encode(JSON.stringify(value));

describe('decoding the big answers', () => {
  it('checks the per-tool report against its schema and names what is wrong', () => {
    expect(parseLintReport(json(lintReport()))).toEqual(lintReport());
    const report = lintReport();
    const broken = { ...report, tools: [{ ...report.tools[0], tokens_after: -1 }] };
    expect(() => parseLintReport(json(broken))).toThrow(/per-tool report has the wrong shape: \/tools\/0\/tokens_after must be >= 0/);
    expect(() => parseLintReport(json({ ...report, surprise: 1 }))).toThrow(/must NOT have additional properties/);
    expect(() => parseLintReport(encode('{"tools":'))).toThrow(/is not JSON/);
  });

  it('checks the diff layout against its schema and its texts against the layout', () => {
    const layout = { changes: [{ fromA: 0, toA: 1, fromB: 0, toB: 1 }], tools: [{ name: 't', originalLine: 1, compressedLine: 1 }], originalChars: 2, compressedChars: 2 };
    const envelope = (value: unknown, original = '{}', compressed = '[]') => encodeDiffEnvelope({ layout: json(value), original: encode(original), compressed: encode(compressed) });
    expect(parseDiff(envelope(layout))).toEqual({ ...layout, original: '{}', compressed: '[]' });
    expect(() => parseDiff(envelope({ ...layout, tools: [{ name: 't', originalLine: 0, compressedLine: 1 }] }))).toThrow(/diff layout has the wrong shape: \/tools\/0\/originalLine must be >= 1/);
    expect(() => parseDiff(envelope(layout, '{ }'))).toThrow(/do not match their layout/);
    expect(() => parseDiff(Uint8Array.of(1, 2, 3))).toThrow(/cut short/);
  });
});
