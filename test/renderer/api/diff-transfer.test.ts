import { describe, expect, it } from 'vitest';
import { packDiff, unpackDiff } from '../../../src/renderer/src/api/diff-transfer';
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
    changes.push({ fromA: original.length, toA: original.length + title.length, fromB: compressed.length, toB: compressed.length });
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
      expect(plan.textsOf(index)).toEqual({ original: diff.original.slice(section.fromA, section.toA), compressed: diff.compressed.slice(section.fromB, section.toB) });
    });
  });

  it('a small diff is one section holding both whole texts', () => {
    const diff = diffOf(2);
    const arrived = unpackDiff(packDiff(diff, planSections(diff)).packed);
    expect(planOf(arrived).sections).toHaveLength(1);
    expect(planOf(arrived).textsOf(0)).toEqual({ original: diff.original, compressed: diff.compressed });
  });
});
