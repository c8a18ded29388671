// Splits a large diff into sections that a MergeView shows one at a time.
// MergeView re-aligns the two sides over the whole document on every scroll
// step, which grows with the number of changes; cutting multi-megabyte
// catalogs into bounded sections keeps scrolling smooth. Cuts fall only in
// unchanged stretches, at the start of a line (a tool's first line when one
// is there), so both sides stay exactly aligned and every change belongs to
// one section.

import type { DiffLayout } from '../../../shared/contracts';
import type { DiffTexts } from '../../../shared/ipc/caveman-api';

export interface SectionLimits {
  /** Largest section, in characters of either side. */
  chars: number;
  /** Most changes in a section. */
  changes: number;
}

// Halved from 600,000 / 1,500: opening a section of a 32 MiB diff (MergeView, its first
// measure, the syntax parse) then costs the page at most ~60 ms of CPU per task instead of ~100.
export const SECTION_LIMITS: SectionLimits = { chars: 300_000, changes: 800 };

export type DiffChange = DiffLayout['changes'][number];

export interface DiffSection {
  fromA: number;
  toA: number;
  fromB: number;
  toB: number;
  /** 1-based number of the section's first line on each side. */
  firstLineA: number;
  firstLineB: number;
  /** Number of lines of the original side in the section. */
  linesA: number;
  /** The section's changes, relative to its start. */
  changes: DiffChange[];
  /** Indices (into DiffTexts.tools) of the tools that start in this section. */
  firstTool: number;
  toolCount: number;
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** Character offset of each tool's first line on the original side (ascending). */
function toolStarts(text: string, tools: DiffTexts['tools']): number[] {
  const lines = tools.map((tool) => tool.originalLine).sort((x, y) => x - y);
  const starts: number[] = [];
  let line = 1;
  let offset = 0;
  for (const target of lines) {
    while (line < target) {
      const next = text.indexOf('\n', offset);
      if (next < 0) return starts;
      offset = next + 1;
      line++;
    }
    starts.push(offset);
  }
  return starts;
}

/** The last tool start, else the last line start, in (gapFrom, gapTo] whose newline lies inside the gap; null when there is none. */
function cutInGap(text: string, starts: readonly number[], gapFrom: number, gapTo: number, notBefore: number): number | null {
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
    if (text.charCodeAt(start - 1) === 10) return start;
  }
  const newline = text.lastIndexOf('\n', gapTo - 1);
  return newline >= gapFrom && newline + 1 > notBefore ? newline + 1 : null;
}

/** Sections covering both texts in order; a single section when the diff is small. */
export function planSections(diff: DiffTexts, limits: SectionLimits = SECTION_LIMITS): DiffSection[] {
  const { original: a, compressed: b, changes } = diff;
  const cuts: { a: number; b: number }[] = [];
  if (a.length > limits.chars || b.length > limits.chars || changes.length > limits.changes) {
    const starts = toolStarts(a, diff.tools);
    let startA = 0;
    let startB = 0;
    let inSection = 0;
    let prevA = 0;
    let prevB = 0;
    for (let i = 0; i <= changes.length; i++) {
      const change = changes[i];
      const gapTo = change ? change.fromA : a.length;
      const delta = prevB - prevA;
      // A long unchanged stretch is cut on its own, at line starts.
      while (gapTo - startA > limits.chars) {
        const newline = a.indexOf('\n', Math.max(prevA, startA + limits.chars) - 1);
        if (newline < 0 || newline >= gapTo || newline < prevA) break;
        cuts.push({ a: newline + 1, b: newline + 1 + delta });
        startA = newline + 1;
        startB = newline + 1 + delta;
        inSection = 0;
      }
      if (!change) break;
      if (inSection > 0 && (change.toA - startA > limits.chars || change.toB - startB > limits.chars || inSection >= limits.changes)) {
        const cut = cutInGap(a, starts, prevA, gapTo, startA);
        if (cut !== null) {
          cuts.push({ a: cut, b: cut + delta });
          startA = cut;
          startB = cut + delta;
          inSection = 0;
        }
      }
      inSection++;
      prevA = change.toA;
      prevB = change.toB;
    }
  }

  const bounds = [{ a: 0, b: 0 }, ...cuts, { a: a.length, b: b.length }];
  const sections: DiffSection[] = [];
  let lineA = 1;
  let lineB = 1;
  let changeIndex = 0;
  for (let s = 0; s + 1 < bounds.length; s++) {
    const from = bounds[s] as { a: number; b: number };
    const to = bounds[s + 1] as { a: number; b: number };
    const own: DiffChange[] = [];
    const last = s + 2 === bounds.length;
    while (changeIndex < changes.length && (last || (changes[changeIndex] as DiffChange).fromA < to.a)) {
      const change = changes[changeIndex] as DiffChange;
      own.push({
        fromA: change.fromA - from.a,
        toA: change.toA - from.a,
        fromB: change.fromB - from.b,
        toB: change.toB - from.b,
        ...(change.deferred ? { deferred: true as const } : {}),
      });
      changeIndex++;
    }
    const linesA = countNewlines(a, from.a, to.a);
    sections.push({
      fromA: from.a,
      toA: to.a,
      fromB: from.b,
      toB: to.b,
      firstLineA: lineA,
      firstLineB: lineB,
      linesA,
      changes: own,
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

/** A diff cut into sections, with the texts of any one of them. */
export interface DiffPlan {
  sections: DiffSection[];
  changeCount: number;
  /** Both sides of one section. */
  textsOf(index: number): { original: string; compressed: string };
}

const plans = new WeakMap<DiffTexts, DiffPlan>();

/** Keeps a plan made elsewhere (on the decoding thread, with the sections' texts) for this diff. */
export function rememberPlan(diff: DiffTexts, plan: DiffPlan): void {
  plans.set(diff, plan);
}

/** The diff's plan: the one made on the decoding thread, else one made here. */
export function planOf(diff: DiffTexts): DiffPlan {
  const remembered = plans.get(diff);
  if (remembered) return remembered;
  const sections = planSections(diff);
  return {
    sections,
    changeCount: diff.changes.length,
    textsOf: (index) => {
      const section = sections[index] as DiffSection;
      return { original: diff.original.slice(section.fromA, section.toA), compressed: diff.compressed.slice(section.fromB, section.toB) };
    },
  };
}
