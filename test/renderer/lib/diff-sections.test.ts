import { describe, expect, it } from 'vitest';
import { planSections, sectionForLine, type DiffChange } from '../../../src/renderer/src/lib/diff-sections';
import type { DiffTexts } from '../../../src/shared/ipc/caveman-api';

/** A pretty catalog of n tools and its "compressed" side (every title line dropped, descriptions cut). */
function catalog(n: number): DiffTexts {
  let original = '{\n  "tools": [\n';
  let compressed = original;
  const changes: DiffChange[] = [];
  const tools: DiffTexts['tools'] = [];
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
  return { original, compressed, changes, tools, originalChars: original.length, compressedChars: compressed.length };
}

describe('diff sections', () => {
  it('keeps a small diff whole', () => {
    const diff = catalog(5);
    const sections = planSections(diff);
    expect(sections).toHaveLength(1);
    expect(sections[0]).toMatchObject({
      fromA: 0,
      toA: diff.original.length,
      fromB: 0,
      toB: diff.compressed.length,
      firstLineA: 1,
      firstLineB: 1,
      firstTool: 0,
      toolCount: 5,
    });
    expect(sections[0]?.changes).toEqual(diff.changes);
  });

  it('cuts a large diff at tool starts in unchanged text, within the limits, keeping both sides aligned', () => {
    const diff = catalog(400);
    const sections = planSections(diff, { chars: 5_000, changes: 60 });
    expect(sections.length).toBeGreaterThan(5);
    // Contiguous and complete on both sides.
    expect(sections[0]).toMatchObject({ fromA: 0, fromB: 0 });
    expect(sections.at(-1)).toMatchObject({ toA: diff.original.length, toB: diff.compressed.length });
    sections.slice(1).forEach((section, i) => {
      expect(section.fromA).toBe(sections[i]?.toA);
      expect(section.fromB).toBe(sections[i]?.toB);
      // Every cut is the first line of a tool, on both sides.
      expect(diff.original.slice(section.fromA, section.fromA + 6)).toBe('    {\n');
      expect(diff.compressed.slice(section.fromB, section.fromB + 6)).toBe('    {\n');
      expect(diff.original.slice(0, section.fromA).split('\n').length).toBe(section.firstLineA);
      expect(diff.compressed.slice(0, section.fromB).split('\n').length).toBe(section.firstLineB);
    });
    // Every change lands in exactly one section, with offsets that point at the same text.
    const rebuilt = sections.flatMap((section) =>
      section.changes.map((change) => ({
        fromA: change.fromA + section.fromA,
        toA: change.toA + section.fromA,
        fromB: change.fromB + section.fromB,
        toB: change.toB + section.fromB,
      })),
    );
    expect(rebuilt).toEqual(diff.changes);
    for (const section of sections) {
      expect(section.changes.length).toBeLessThanOrEqual(60);
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
    const original = line.repeat(1000);
    const diff: DiffTexts = { original, compressed: original, changes: [], tools: [], originalChars: original.length, compressedChars: original.length };
    const sections = planSections(diff, { chars: 10_000, changes: 100 });
    expect(sections.length).toBeGreaterThanOrEqual(10);
    for (const section of sections) {
      expect(section.fromA).toBe(section.fromB);
      expect(section.fromA % 100).toBe(0);
    }
    expect(sections.map((section) => section.firstLineA).slice(0, 3)).toEqual([1, 101, 201]);
  });

  it('finds the section of a line', () => {
    const sections = planSections(catalog(400), { chars: 5_000, changes: 60 });
    expect(sectionForLine(sections, 1)).toBe(0);
    expect(sectionForLine(sections, sections[2]?.firstLineA ?? 0)).toBe(2);
    expect(sectionForLine(sections, (sections[2]?.firstLineA ?? 0) - 1)).toBe(1);
    expect(sectionForLine(sections, 1e9)).toBe(sections.length - 1);
  });
});
