import { describe, expect, it } from 'vitest';
import { packDiffEnvelope } from '../../../src/renderer/src/transport/decode-answers';
import { transferOf, unpackDiff } from '../../../src/renderer/src/transport/diff-transfer';
import { encodeDiff } from '../../../src/shared/ipc/diff-envelope';
import { wholeDiff, type WholeDiff } from '../fakes/whole-diff';
import { rangesOf, sidesWriter } from '../../helpers/change-ranges';

const envelopeOf = (diff: WholeDiff) => encodeDiff({ ...diff, changes: rangesOf(diff.changes) });

/** Tools with a dropped "title" line each, and non-ASCII text (UTF-8 lengths differ from character counts). */
function diffOf(n: number): WholeDiff {
  const { sides, changes, both, change } = sidesWriter();
  const tools: WholeDiff['tools'] = [];
  both('{\n');
  for (let i = 0; i < n; i++) {
    tools.push({ name: `t${i}`, originalLine: sides.original.split('\n').length, compressedLine: sides.compressed.split('\n').length });
    both(`  "t${i}": "naïve 🦖 ${i}",\n`);
    // Every third change is deferred text (a level left it one describe call away): the flag crosses with it.
    change(`  "title": "Titel für ${i}",\n`, '', i % 3 === 0);
    // A changed word on a kept line, a surrogate pair in what replaces it.
    both('  "d": "ein ');
    change('Wort', '🚀');
    both(` ${i}",\n`);
  }
  both('}');
  return { ...sides, changes, tools };
}

describe('a diff crossing from the decoding thread', () => {
  it('arrives whole: the same texts, changes (in characters, deferred flags kept) and tools, section by section', () => {
    const diff = diffOf(40);
    expect(diff.compressed.slice(diff.changes[1]!.fromB, diff.changes[1]!.toB)).toBe('🚀');
    const packed = packDiffEnvelope(envelopeOf(diff));
    expect(packed.sections.length).toBe(1);
    expect(wholeDiff(unpackDiff(structuredClone(packed)))).toEqual(diff);
  });

  it('cut into many sections, each section’s texts and changes (in characters from its start) add up to the whole diff', () => {
    const diff = diffOf(200);
    const plan = unpackDiff(packDiffEnvelope(envelopeOf(diff), undefined, { bytes: 400, changes: 5 }));
    expect(plan.sections.length).toBeGreaterThan(20);
    expect(plan.changeCount).toBe(diff.changes.length);
    expect(wholeDiff(plan)).toEqual(diff);
    // A section's texts are what its bytes hold, decoded: the first line of each is a tool's.
    plan.sections.slice(1).forEach((_, index) => expect(plan.textsOf(index + 1).original).toMatch(/^ {2}"/));
  });

  it('moves two buffers and copies none: the envelope (original side and changes as views into it) and the compressed side', () => {
    const diff = diffOf(40);
    const envelope = envelopeOf(diff);
    const packed = packDiffEnvelope(envelope);
    expect(packed.original.buffer).toBe(envelope.buffer);
    expect(packed.changes.buffer).toBe(envelope.buffer);
    const transfer = transferOf(packed);
    expect(transfer).toEqual([envelope.buffer, packed.compressed.buffer]);
    const { port1, port2 } = new MessageChannel();
    const arrived = new Promise<typeof packed>((resolve) => (port2.onmessage = ({ data }) => resolve(data)));
    port1.postMessage(packed, transfer);
    return arrived.then((moved) => {
      expect(envelope.byteLength).toBe(0);
      expect(wholeDiff(unpackDiff(moved))).toEqual(diff);
      port1.close();
      port2.close();
    });
  });
});
