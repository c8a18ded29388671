import { describe, expect, it } from 'vitest';
import { packDiff, unpackDiff } from '../../../src/renderer/src/transport/diff-transfer';
import { planOf, planSections } from '../../../src/renderer/src/lib/diff-sections';
import type { DiffTexts } from '../../../src/shared/ipc/caveman-api';

/** Tools with a dropped "title" line each, and non-ASCII text (UTF-8 lengths differ from character counts). */
function diffOf(n: number): DiffTexts {
  let original = '{\n';
  let compressed = '{\n';
  const changes: DiffTexts['changes'] = [];
  const tools: DiffTexts['tools'] = [];
  for (let i = 0; i < n; i++) {
    tools.push({ name: `t${i}`, originalLine: original.split('\n').length, compressedLine: compressed.split('\n').length });
    const head = `  "t${i}": "naïve 🦖 ${i}",\n`;
    original += head;
    compressed += head;
    const title = `  "title": "Titel für ${i}",\n`;
    // Every third change is deferred text (a level left it one describe call away): the flag crosses with it.
    changes.push({
      fromA: original.length,
      toA: original.length + title.length,
      fromB: compressed.length,
      toB: compressed.length,
      ...(i % 3 === 0 ? { deferred: true as const } : {}),
    });
    original += title;
  }
  original += '}';
  compressed += '}';
  return { original, compressed, changes, tools, originalChars: original.length, compressedChars: compressed.length };
}

describe('a diff crossing from the decoding thread', () => {
  it('arrives whole: the same texts, changes and tools, and the plan made there with each section’s texts', () => {
    const diff = diffOf(40);
    const sections = planSections(diff, { chars: 200, changes: 5 });
    expect(sections.length).toBeGreaterThan(3);
    const { packed, transfer } = packDiff(diff, sections);
    // Everything big moves as a buffer: texts and changes of every section.
    expect(transfer).toHaveLength(sections.length * 3);
    const arrived = unpackDiff(structuredClone(packed));
    expect({ ...arrived }).toEqual(diff);
    const plan = planOf(arrived);
    expect(plan.sections).toEqual(sections);
    expect(plan.changeCount).toBe(diff.changes.length);
    sections.forEach((section, index) => {
      expect(plan.textsOf(index)).toEqual({
        original: diff.original.slice(section.fromA, section.toA),
        compressed: diff.compressed.slice(section.fromB, section.toB),
      });
    });
  });

  it('takes a plain-ASCII original side’s sections as views into the bytes it came in, moving that buffer once', () => {
    const diff = diffOf(40);
    const ascii = { ...diff, original: diff.original.replace(/[^\x00-\x7f]/g, '?') };
    ascii.originalChars = ascii.original.length;
    const originalBytes = new TextEncoder().encode(ascii.original);
    const sections = planSections(ascii, { chars: 200, changes: 5 });
    const heard: number[] = [];
    const { packed, transfer } = packDiff(ascii, sections, { originalBytes, onProgress: (fraction) => heard.push(fraction) });
    expect(packed.sections.every((section) => section.original.buffer === originalBytes.buffer)).toBe(true);
    // Each buffer once (a buffer listed twice cannot be transferred): the shared one, and per section its changes and compressed text.
    expect(new Set(transfer).size).toBe(transfer.length);
    expect(transfer).toHaveLength(1 + sections.length * 2);
    expect(heard).toEqual(sections.map((_, i) => (i + 1) / sections.length));
    expect({ ...unpackDiff(structuredClone(packed)) }).toEqual(ascii);
    // Not plain ASCII (more bytes than characters): encoded section by section as before.
    const mixed = packDiff(diff, planSections(diff, { chars: 200, changes: 5 }), { originalBytes: new TextEncoder().encode(diff.original) });
    expect(mixed.packed.sections.some((section) => section.original.buffer !== mixed.packed.sections[0]!.original.buffer)).toBe(true);
    expect({ ...unpackDiff(mixed.packed) }).toEqual(diff);
  });

  it('a small diff is one section holding both whole texts', () => {
    const diff = diffOf(2);
    const arrived = unpackDiff(packDiff(diff, planSections(diff)).packed);
    expect(planOf(arrived).sections).toHaveLength(1);
    expect(planOf(arrived).textsOf(0)).toEqual({ original: diff.original, compressed: diff.compressed });
  });
});
