/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// How far apart the diff's two sides sit, read from the page as a person
// sees it: the same line of text on both sides should be at the same height.

import type { Page } from '@playwright/test';

export interface DiffAlignment {
  /** Lines shown on both sides that could be paired (same text, once per side in view); fewest over the frames. */
  pairs: number;
  /** Largest vertical distance in pixels between the two copies of a paired line, over the frames. */
  worst: number;
  /** Per side, the top of the jumped-to tool's first marked line below the top of the diff (px), in the last frame; NaN when none is marked. */
  heads: number[];
}

/**
 * Pairs the lines visible on both sides of the diff that have the same text
 * and occur once per side in view (so they are the same line of the catalog;
 * brackets alone such as `},` are skipped), and measures how far
 * apart each pair sits — over `frames` animation frames, so a side that
 * settles and then slips again is caught.
 */
export function diffAlignment(page: Page, frames = 12): Promise<DiffAlignment> {
  return page.evaluate(async (frames) => {
    const measure = () => {
      const root = document.querySelector('[data-editor-host]')?.shadowRoot;
      const scroller = root?.querySelector('.cm-mergeView');
      if (!root || !scroller) return { pairs: 0, worst: Infinity, heads: [] };
      const box = scroller.getBoundingClientRect();
      const sides = Array.from(root.querySelectorAll('.cm-editor'))
        .slice(0, 2)
        .map((editor) => {
          const tops = new Map<string, number>();
          for (const line of Array.from(editor.querySelectorAll('.cm-content > .cm-line'))) {
            const rect = line.getBoundingClientRect();
            const text = line.textContent ?? '';
            if (rect.bottom <= box.top || rect.top >= box.bottom || text.trim().length < 3) continue;
            tops.set(text, tops.has(text) ? NaN : rect.top);
          }
          const head = editor.querySelector('.cm-line.cm-revealedTool');
          return { tops, head: head ? head.getBoundingClientRect().top - box.top : NaN };
        });
      const [a, b] = sides;
      if (!a || !b) return { pairs: 0, worst: Infinity, heads: [] };
      let pairs = 0;
      let worst = 0;
      for (const [text, top] of a.tops) {
        const other = b.tops.get(text);
        if (other === undefined || Number.isNaN(other) || Number.isNaN(top)) continue;
        pairs++;
        worst = Math.max(worst, Math.abs(top - other));
      }
      return { pairs, worst, heads: [a.head, b.head] };
    };
    let result = measure();
    for (let frame = 1; frame < frames; frame++) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const next = measure();
      result = { pairs: Math.min(result.pairs, next.pairs), worst: Math.max(result.worst, next.worst), heads: next.heads };
    }
    return result;
  }, frames);
}

/** True when at least `minPairs` lines pair up and every pair sits at the same height (sub-pixel rounding allowed). */
export const sideBySide = (alignment: DiffAlignment, minPairs = 2) => alignment.pairs >= minPairs && alignment.worst <= 0.5;
