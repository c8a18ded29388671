import { describe, expect, it } from 'vitest';
import { parseDiff, parseLintReport } from '../../../src/renderer/src/transport/decode-answers';
import { encodeDiff, encodeDiffEnvelope } from '../../../src/shared/ipc/diff-envelope';
import { lintReport } from '../fakes/fake-api';
import { wholeDiff } from '../fakes/whole-diff';
import { rangesOf } from '../../helpers/change-ranges';

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
    const original = '{"a": "éé", "b": 1}';
    const compressed = '{"a": "ü", "b": 1}';
    const tools = [{ name: 't', originalLine: 1, compressedLine: 1 }];
    const changes = [{ fromA: 7, toA: 9, fromB: 7, toB: 8 }];
    const envelope = encodeDiff({ tools, changes: rangesOf(changes), original, compressed });
    expect(wholeDiff(parseDiff(envelope))).toEqual({ tools, changes, original, compressed });
    // The same envelope with another layout (the changes in bytes as encodeDiff wrote them: é and ü are two bytes each).
    const withLayout = (layout: unknown, inserts = 'ü') =>
      encodeDiffEnvelope({ layout: json(layout), changes: [7, 11, 7, 9, 0], original: encode(original), inserts: encode(inserts) });
    expect(wholeDiff(parseDiff(withLayout({ tools, compressedBytes: 19 })))).toEqual({ tools, changes, original, compressed });
    expect(() => parseDiff(withLayout({ tools: [{ name: 't', originalLine: 0, compressedLine: 1 }], compressedBytes: 19 }))).toThrow(
      /diff layout has the wrong shape: \/tools\/0\/originalLine must be >= 1/,
    );
    expect(() => parseDiff(withLayout({ tools, compressedBytes: 19, changes }))).toThrow(
      /diff layout has the wrong shape: .*must NOT have additional properties/,
    );
    expect(() => parseDiff(withLayout({ tools, compressedBytes: 20 }))).toThrow(/do not match their layout/);
    expect(() => parseDiff(withLayout({ tools, compressedBytes: 19 }, 'üü'))).toThrow(/do not match their layout/);
    // A change whose range lies past the original's end cannot be rebuilt.
    const outside = encodeDiffEnvelope({
      layout: json({ tools, compressedBytes: 9 }),
      changes: [7, 30, 7, 9, 0],
      original: encode(original),
      inserts: encode('ü'),
    });
    expect(() => parseDiff(outside)).toThrow(/do not match their layout/);
    expect(() => parseDiff(Uint8Array.of(1, 2, 3))).toThrow(/cut short/);
  });

  it('keeps a U+FEFF that starts a changed text: it is text, not a byte-order mark', () => {
    const original = '{"d": "long text"}';
    const compressed = '{"d": "\ufeffshort"}';
    const changes = [{ fromA: 7, toA: 16, fromB: 7, toB: 13 }];
    expect(wholeDiff(parseDiff(encodeDiff({ tools: [], changes: rangesOf(changes), original, compressed }))).compressed).toBe(compressed);
  });
});
