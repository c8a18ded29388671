/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// What a person sees of the layout, read from the page: text cut by its box.

import type { Locator, Page } from '@playwright/test';

/** The texts of the matching elements that do not fit their content box (cut by an ellipsis or overflow). */
export const isCut = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => {
        // The text's natural width, measured by an unclipped copy inside the element (it inherits the font); an ellipsis would hide the overflow from
        // the element's own measures.
        const probe = document.createElement('span');
        probe.textContent = element.textContent;
        probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;width:max-content';
        element.append(probe);
        const natural = probe.getBoundingClientRect().width;
        probe.remove();
        const style = getComputedStyle(element);
        const room =
          element.getBoundingClientRect().width -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight) -
          parseFloat(style.borderLeftWidth) -
          parseFloat(style.borderRightWidth);
        return natural > room + 0.01;
      })
      .map((element) => element.textContent),
  );

/** Per side of the diff, how many characters of its monospaced text fit on one line before it wraps. */
export const diffCharactersPerLine = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    return Array.from(root?.querySelectorAll('.cm-editor .cm-content') ?? [])
      .slice(0, 2)
      .map((content) => {
        const line = content.querySelector('.cm-line');
        if (!line) return 0;
        const probe = document.createElement('span');
        probe.textContent = 'x'.repeat(100);
        probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre';
        // Beside the text, in the same font (inside it, CodeMirror would take the probe for an edit).
        content.parentElement!.append(probe);
        const charWidth = probe.getBoundingClientRect().width / 100;
        probe.remove();
        const style = getComputedStyle(line);
        const room = line.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return Math.floor(room / charWidth);
      });
  });

/** Whether the two elements' boxes overlap on screen. */
export async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** How opaque the backgrounds of the matching elements are, laid one over another: 1 hides whatever is under them. */
export const layeredOpacity = (page: Page, selectors: string[]) =>
  page.evaluate((selectors) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const alpha = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      return canvas.getImageData(0, 0, 1, 1).data[3]! / 255;
    };
    const through = selectors.reduce((left, selector) => left * (1 - alpha(getComputedStyle(document.querySelector(selector)!).backgroundColor)), 1);
    return 1 - through;
  }, selectors);

/** The parts of `inner` that lie outside `outer` (px, rounded), so a cut-off control shows up as a non-zero side. */
export async function overflow(inner: Locator, outer: Locator): Promise<{ left: number; right: number }> {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  return { left: Math.max(0, Math.round(b.x - a.x)), right: Math.max(0, Math.round(a.x + a.width - (b.x + b.width))) };
}
