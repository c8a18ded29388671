import { describe, expect, it } from 'vitest';
import { planSections, sectionForLine, type DiffBytes } from '../../../src/renderer/src/lib/diff-sections';
import { CHANGE_FIELDS } from '../../../src/shared/ipc/change-ranges';
import { rangesOf, type ChangeRange } from '../../helpers/change-ranges';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/**
 * A pretty catalog of n tools and its "compressed" side (every title line dropped, descriptions cut), as bytes (plain ASCII: offsets are the same in
 * characters).
 */
function catalog(n: number): DiffBytes & { text: { original: string; compressed: string } } {
  let original = '{\n  "tools": [\n';
  let compressed = original;
  const changes: ChangeRange[] = [];
  const tools: DiffBytes['tools'] = [];
  for (let i = 0; i < n; i++) {
    const head = `    {\n      "name": "tool_${i}",\n`;
    tools.push({ name: `tool_${i}`, originalLine: original.split('\n').length, compressedLine: compressed.split('\n').length });
    original += head;
    compressed += head;
    const title = `      "title": "Tool number ${i}",\n`;
    changes.push({ fromA: original.length, toA: original.length + title.length, fromB: compressed.length, toB: compressed.length });
    original += title;
    const keep = `      "description": "Does ${i}.`;
    original += keep;
    compressed += keep;
    const extra = ' It is a fine tool that many agents enjoy using.';
    changes.push({ fromA: original.length, toA: original.length + extra.length, fromB: compressed.length, toB: compressed.length });
    original += extra;
    const tail = `"\n    }${i + 1 < n ? ',' : ''}\n`;
    original += tail;
    compressed += tail;
  }
  original += '  ]\n}';
  compressed += '  ]\n}';
  return { original: encode(original), compressed: encode(compressed), changes: rangesOf(changes), tools, text: { original, compressed } };
}

describe('diff sections', () => {
  it('keeps a small diff whole', () => {
    const diff = catalog(5);
    const sections = planSections(diff);
    expect(sections).toEqual([
      {
        fromA: 0,
        toA: diff.original.byteLength,
        fromB: 0,
        toB: diff.compressed.byteLength,
        firstLineA: 1,
        firstLineB: 1,
        linesA: diff.text.original.split('\n').length - 1,
        firstChange: 0,
        changeEnd: 10,
        firstTool: 0,
        toolCount: 5,
      },
    ]);
  });

  it('cuts a large diff at tool starts in unchanged text, within the limits, keeping both sides aligned', () => {
    const diff = catalog(400);
    const sections = planSections(diff, { bytes: 5_000, changes: 60 });
    expect(sections.length).toBeGreaterThan(5);
    // Contiguous and complete on both sides.
    expect(sections[0]).toMatchObject({ fromA: 0, fromB: 0, firstChange: 0 });
    expect(sections.at(-1)).toMatchObject({ toA: diff.original.byteLength, toB: diff.compressed.byteLength, changeEnd: 800 });
    sections.slice(1).forEach((section, i) => {
      expect(section.fromA).toBe(sections[i]?.toA);
      expect(section.fromB).toBe(sections[i]?.toB);
      expect(section.firstChange).toBe(sections[i]?.changeEnd);
      // Every cut is the first line of a tool, on both sides.
      expect(decode(diff.original.subarray(section.fromA, section.fromA + 6))).toBe('    {\n');
      expect(decode(diff.compressed.subarray(section.fromB, section.fromB + 6))).toBe('    {\n');
      expect(diff.text.original.slice(0, section.fromA).split('\n').length).toBe(section.firstLineA);
      expect(diff.text.compressed.slice(0, section.fromB).split('\n').length).toBe(section.firstLineB);
    });
    // Every change lands in exactly one section: the one that holds it.
    for (const section of sections) {
      for (let i = section.firstChange; i < section.changeEnd; i++) {
        const at = i * CHANGE_FIELDS;
        expect(diff.changes[at]).toBeGreaterThanOrEqual(section.fromA);
        expect(diff.changes[at + 1]).toBeLessThanOrEqual(section.toA);
        expect(diff.changes[at + 2]).toBeGreaterThanOrEqual(section.fromB);
        expect(diff.changes[at + 3]).toBeLessThanOrEqual(section.toB);
      }
      expect(section.changeEnd - section.firstChange).toBeLessThanOrEqual(60);
      expect(section.toA - section.fromA).toBeLessThanOrEqual(5_000);
    }
    // Tools are counted where their first line is.
    expect(sections.reduce((sum, section) => sum + section.toolCount, 0)).toBe(400);
    const tool = diff.tools[250];
    const at = sectionForLine(sections, tool?.originalLine ?? 0);
    expect(sections[at]?.firstTool).toBeLessThanOrEqual(250);
    expect((sections[at]?.firstTool ?? 0) + (sections[at]?.toolCount ?? 0)).toBeGreaterThan(250);
  });

  it('cuts long unchanged text at line starts', () => {
    const line = 'x'.repeat(99) + '\n';
    const original = encode(line.repeat(1000));
    const sections = planSections({ original, compressed: original, changes: new Uint32Array(0), tools: [] }, { bytes: 10_000, changes: 100 });
    expect(sections.length).toBeGreaterThanOrEqual(10);
    for (const section of sections) {
      expect(section.fromA).toBe(section.fromB);
      expect(section.fromA % 100).toBe(0);
    }
    expect(sections.map((section) => section.firstLineA).slice(0, 3)).toEqual([1, 101, 201]);
  });

  it('never reads a cut before the start when the first change is at the very start', () => {
    const original = encode('abc\n'.repeat(50));
    const compressed = encode('X' + 'abc\n'.repeat(50).slice(1));
    const changes = Uint32Array.of(0, 1, 0, 1, 0, 4, 5, 4, 5, 0);
    const sections = planSections({ original, compressed, changes, tools: [] }, { bytes: 100, changes: 1 });
    expect(sections[0]).toMatchObject({ fromA: 0, firstChange: 0 });
    sections.slice(1).forEach((section) => expect(original[section.fromA - 1]).toBe(10));
    expect(sections.at(-1)).toMatchObject({ toA: original.byteLength, changeEnd: 2 });
  });

  it('finds the section of a line', () => {
    const sections = planSections(catalog(400), { bytes: 5_000, changes: 60 });
    expect(sectionForLine(sections, 1)).toBe(0);
    expect(sectionForLine(sections, sections[2]?.firstLineA ?? 0)).toBe(2);
    expect(sectionForLine(sections, (sections[2]?.firstLineA ?? 0) - 1)).toBe(1);
    expect(sectionForLine(sections, 1e9)).toBe(sections.length - 1);
  });
});
