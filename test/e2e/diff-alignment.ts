/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// How far apart the diff's two sides sit, read from the page as a person
// sees it: the same line of the catalog should be at the same height on both
// sides.

import type { Page } from '@playwright/test';

export interface DiffAlignment {
  /**
   * Lines in view paired across the sides, fewest over the frames: the
   * jumped-to tool's leading marked lines that read the same on both sides
   * (its `{`, name, annotations… up to its first change), and every other line
   * whose text occurs once per side in view (so it is the same catalog line;
   * brackets alone such as `},` are left out).
   */
  pairs: number;
  /** Largest vertical distance in pixels between the two copies of a paired line, over the frames. */
  worst: number;
  /** Largest distance in pixels any paired line moved from one frame to the next: 0 once the view has settled. */
  moved: number;
  /** Per side, the top of the jumped-to tool's first marked line below the top of the diff (px), in the last frame; NaN when none is marked. */
  heads: number[];
}

/** Measures the alignment over `frames` animation frames, so a side that settles and then slips again is caught. */
export function diffAlignment(page: Page, frames = 12): Promise<DiffAlignment> {
  return page.evaluate(async (frames) => {
    const measure = () => {
      const root = document.querySelector('[data-editor-host]')?.shadowRoot;
      const scroller = root?.querySelector('.cm-mergeView');
      if (!root || !scroller) return { tops: new Map<string, [number, number]>(), heads: [NaN, NaN] };
      const box = scroller.getBoundingClientRect();
      const sides = Array.from(root.querySelectorAll('.cm-editor'))
        .slice(0, 2)
        .map((editor) => {
          const byText = new Map<string, number>();
          for (const line of Array.from(editor.querySelectorAll('.cm-content > .cm-line'))) {
            const rect = line.getBoundingClientRect();
            const text = line.textContent ?? '';
            if (rect.bottom <= box.top || rect.top >= box.bottom || text.trim().length < 3) continue;
            byText.set(text, byText.has(text) ? NaN : rect.top);
          }
          const marked = Array.from(editor.querySelectorAll('.cm-content > .cm-line.cm-revealedTool')).map((line) => ({
            text: line.textContent ?? '',
            top: line.getBoundingClientRect().top,
          }));
          return { byText, marked, head: marked[0] ? marked[0].top - box.top : NaN };
        });
      const [a, b] = sides;
      const tops = new Map<string, [number, number]>();
      if (!a || !b) return { tops, heads: [NaN, NaN] };
      for (let i = 0; i < Math.min(a.marked.length, b.marked.length) && a.marked[i]!.text === b.marked[i]!.text; i++) {
        const top: [number, number] = [a.marked[i]!.top, b.marked[i]!.top];
        if (top.every((y) => y >= box.top && y < box.bottom)) tops.set(`tool line ${i}`, top);
      }
      for (const [text, top] of a.byText) {
        const other = b.byText.get(text);
        if (other !== undefined && !Number.isNaN(other) && !Number.isNaN(top)) tops.set(`text ${text}`, [top, other]);
      }
      return { tops, heads: [a.head, b.head] };
    };
    let previous = measure();
    let pairs = previous.tops.size;
    let worst = 0;
    let moved = 0;
    const account = (frame: ReturnType<typeof measure>) => {
      pairs = Math.min(pairs, frame.tops.size);
      for (const [key, [a, b]] of frame.tops) {
        worst = Math.max(worst, Math.abs(a - b));
        const before = previous.tops.get(key);
        if (before) moved = Math.max(moved, Math.abs(before[0] - a), Math.abs(before[1] - b));
      }
    };
    account(previous);
    for (let frame = 1; frame < frames; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const next = measure();
      account(next);
      previous = next;
    }
    return { pairs, worst, moved, heads: previous.heads };
  }, frames);
}

/** True when at least `minPairs` lines pair up, every pair sits at the same height (within a pixel) and nothing moved. */
export const sideBySide = (alignment: DiffAlignment, minPairs = 2) => alignment.pairs >= minPairs && alignment.worst <= 1 && alignment.moved <= 1;

/** True when the jumped-to tool's first line is at the top of both sides (within a pixel). */
export const landedAtTop = (alignment: DiffAlignment) => alignment.heads.length === 2 && alignment.heads.every((top) => Math.abs(top) <= 1);

/**
 * Starts recording, frame by frame, where the jumped-to tool's first marked
 * line sits on each side (px below the top of the diff; null while no line is
 * marked or it is out of view). Call before the click that jumps (to a tool not
 * marked yet); `jumpFrames` returns the frames once the tool has been in view
 * and the view has held still for 30 frames in a row.
 */
export function recordJump(page: Page): Promise<void> {
  return page.evaluate(() => {
    const frames: (number | null)[][] = [];
    let still = 0;
    const record = () => {
      const root = document.querySelector('[data-editor-host]')?.shadowRoot;
      const box = root?.querySelector('.cm-mergeView')?.getBoundingClientRect();
      const heads = Array.from(root?.querySelectorAll('.cm-editor') ?? [])
        .slice(0, 2)
        .map((editor) => {
          const line = editor.querySelector('.cm-content > .cm-line.cm-revealedTool');
          if (!line || !box) return null;
          const top = line.getBoundingClientRect().top - box.top;
          return top >= -1 && top < box.height ? Math.round(top) : null;
        });
      const last = frames[frames.length - 1];
      still = last && last.join() === heads.join() && heads.some((top) => top !== null) ? still + 1 : 0;
      frames.push(heads);
      if (still < 30) requestAnimationFrame(record);
      else (window as unknown as { jumpFrames: (number | null)[][] }).jumpFrames = frames;
    };
    delete (window as unknown as { jumpFrames?: unknown }).jumpFrames;
    requestAnimationFrame(record);
  });
}

/** The frames `recordJump` saw, once the view held still (each frame: per side, the tool's top in view, or null). */
export async function jumpFrames(page: Page): Promise<(number | null)[][]> {
  await page.waitForFunction(() => 'jumpFrames' in window);
  return page.evaluate(() => (window as unknown as { jumpFrames: (number | null)[][] }).jumpFrames);
}

/** The distinct positions the tool's first line was painted at while in view, per side: [0] when it landed at the top at once and stayed. */
export const paintedHeads = (frames: (number | null)[][]) =>
  [0, 1].map((side) => [...new Set(frames.map((frame) => frame[side]).filter((top): top is number => top !== null && top !== undefined))]);

/** Per side of the diff, the line number of the jumped-to tool's first marked line (NaN when none is marked or drawn). */
export function markedFirstLines(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    return Array.from(root?.querySelectorAll('.cm-editor') ?? [])
      .slice(0, 2)
      .map((editor) => {
        const first = editor.querySelector('.cm-content > .cm-line.cm-revealedTool');
        if (!first) return NaN;
        const top = first.getBoundingClientRect().top;
        const number = Array.from(editor.querySelectorAll('.cm-lineNumbers .cm-gutterElement')).find(
          (element) => Math.abs(element.getBoundingClientRect().top - top) < 2 && /^\d+$/.test(element.textContent ?? ''),
        );
        return Number(number?.textContent ?? NaN);
      });
  });
}
