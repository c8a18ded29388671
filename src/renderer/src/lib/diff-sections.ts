// Splits a large diff into sections that a MergeView shows one at a time.
// MergeView re-aligns the two sides over the whole document on every scroll
// step, which grows with the number of changes; cutting multi-megabyte
// catalogs into bounded sections keeps scrolling smooth. Cuts fall only in
// unchanged stretches, at the start of a line (a tool's first line when one
// is there), so both sides stay exactly aligned and every change belongs to
// one section. Planned on the sides' UTF-8 bytes, as the envelope carries
// them (a newline is one byte and never part of another character), so
// nothing is decoded to plan.

import type { DiffTools } from '../../../shared/contracts';
import { CHANGE_FIELDS, type ChangeRanges } from '../../../shared/ipc/change-ranges';
import type { DiffSection } from '../../../shared/ipc/diff-plan';

export interface SectionLimits {
  /** Largest section, in UTF-8 bytes of either side. */
  bytes: number;
  /** Most changes in a section. */
  changes: number;
}

// Small enough that opening one section of a large diff (MergeView, its first measure, the syntax parse)
// stays a short task on the page's thread.
export const SECTION_LIMITS: SectionLimits = { bytes: 300_000, changes: 800 };

/** Both sides as UTF-8, their changes in bytes and where each tool starts. */
export interface DiffBytes {
  original: Uint8Array;
  compressed: Uint8Array;
  changes: ChangeRanges;
  tools: DiffTools;
}

const NEWLINE = 10;

function countNewlines(bytes: Uint8Array, from: number, to: number): number {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE, from); at >= 0 && at < to; at = bytes.indexOf(NEWLINE, at + 1)) count++;
  return count;
}

/** The last newline at or before `at` (-1 when there is none; a typed array would read a negative start from its end). */
function lastNewline(bytes: Uint8Array, at: number): number {
  return at < 0 ? -1 : bytes.lastIndexOf(NEWLINE, at);
}

/** Byte offset of each tool's first line on the original side (ascending). */
function toolStarts(bytes: Uint8Array, tools: DiffTools): number[] {
  const lines = tools.map((tool) => tool.originalLine).sort((x, y) => x - y);
  const starts: number[] = [];
  let line = 1;
  let offset = 0;
  for (const target of lines) {
    while (line < target) {
      const next = bytes.indexOf(NEWLINE, offset);
      if (next < 0) return starts;
      offset = next + 1;
      line++;
    }
    starts.push(offset);
  }
  return starts;
}

/** The last tool start, else the last line start, in (gapFrom, gapTo] whose newline lies inside the gap; null when there is none. */
function cutInGap(bytes: Uint8Array, starts: readonly number[], gapFrom: number, gapTo: number, notBefore: number): number | null {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((starts[mid] as number) <= gapTo) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0; i--) {
    const start = starts[i] as number;
    if (start - 1 < gapFrom || start <= notBefore) break;
    if (bytes[start - 1] === NEWLINE) return start;
  }
  const newline = lastNewline(bytes, gapTo - 1);
  return newline >= gapFrom && newline + 1 > notBefore ? newline + 1 : null;
}

/** Sections covering both sides in order; a single section when the diff is small. */
export function planSections(diff: DiffBytes, limits: SectionLimits = SECTION_LIMITS): DiffSection[] {
  const { original: a, compressed: b, changes } = diff;
  const count = changes.length / CHANGE_FIELDS;
  const cuts: { a: number; b: number }[] = [];
  if (a.byteLength > limits.bytes || b.byteLength > limits.bytes || count > limits.changes) {
    const starts = toolStarts(a, diff.tools);
    let startA = 0;
    let startB = 0;
    let inSection = 0;
    let prevA = 0;
    let prevB = 0;
    for (let i = 0; i <= count; i++) {
      const at = i * CHANGE_FIELDS;
      const gapTo = i < count ? changes[at]! : a.byteLength;
      const delta = prevB - prevA;
      // A long unchanged stretch is cut on its own, at line starts.
      while (gapTo - startA > limits.bytes) {
        const newline = a.indexOf(NEWLINE, Math.max(prevA, startA + limits.bytes) - 1);
        if (newline < 0 || newline >= gapTo || newline < prevA) break;
        cuts.push({ a: newline + 1, b: newline + 1 + delta });
        startA = newline + 1;
        startB = newline + 1 + delta;
        inSection = 0;
      }
      if (i === count) break;
      const toA = changes[at + 1]!;
      const toB = changes[at + 3]!;
      if (inSection > 0 && (toA - startA > limits.bytes || toB - startB > limits.bytes || inSection >= limits.changes)) {
        const cut = cutInGap(a, starts, prevA, gapTo, startA);
        if (cut !== null) {
          cuts.push({ a: cut, b: cut + delta });
          startA = cut;
          startB = cut + delta;
          inSection = 0;
        }
      }
      inSection++;
      prevA = toA;
      prevB = toB;
    }
  }

  const bounds = [{ a: 0, b: 0 }, ...cuts, { a: a.byteLength, b: b.byteLength }];
  const sections: DiffSection[] = [];
  let lineA = 1;
  let lineB = 1;
  let changeIndex = 0;
  for (let s = 0; s + 1 < bounds.length; s++) {
    const from = bounds[s] as { a: number; b: number };
    const to = bounds[s + 1] as { a: number; b: number };
    const firstChange = changeIndex;
    const last = s + 2 === bounds.length;
    while (changeIndex < count && (last || changes[changeIndex * CHANGE_FIELDS]! < to.a)) changeIndex++;
    const linesA = countNewlines(a, from.a, to.a);
    sections.push({
      fromA: from.a,
      toA: to.a,
      fromB: from.b,
      toB: to.b,
      firstLineA: lineA,
      firstLineB: lineB,
      linesA,
      firstChange,
      changeEnd: changeIndex,
      firstTool: 0,
      toolCount: 0,
    });
    lineA += linesA;
    lineB += countNewlines(b, from.b, to.b);
  }
  // Tools by the section their first line falls in.
  diff.tools.forEach((tool, index) => {
    const section = sections[sectionForLine(sections, tool.originalLine)];
    if (!section) return;
    if (section.toolCount === 0) section.firstTool = index;
    section.toolCount++;
  });
  return sections;
}

/** The section holding a 1-based original-side line. */
export function sectionForLine(sections: readonly DiffSection[], line: number): number {
  let lo = 0;
  let hi = sections.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((sections[mid] as DiffSection).firstLineA <= line) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
