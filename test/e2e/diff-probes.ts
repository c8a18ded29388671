/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// What the diff shows, read from its editors: the lines at the top, the lines in view, the jumped-to tool's
// highlighted lines, search matches in view and the sideways scroll of each side.

import type { Page } from '@playwright/test';

/** Per side of the diff: the number and top of the first highlighted (jumped-to) line, and how many lines are highlighted. */
export async function revealed(page: Page): Promise<{ line: number; top: number; count: number }[]> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    return Array.from(root?.querySelectorAll('.cm-editor') ?? [])
      .slice(0, 2)
      .map((editor) => {
        const lines = Array.from(editor.querySelectorAll('.cm-line.cm-revealedTool'));
        const first = lines[0];
        if (!first) return { line: NaN, top: NaN, count: 0 };
        const top = first.getBoundingClientRect().top;
        const number = Array.from(editor.querySelectorAll('.cm-lineNumbers .cm-gutterElement')).find(
          (element) => Math.abs(element.getBoundingClientRect().top - top) < 2 && /^\d+$/.test(element.textContent ?? ''),
        );
        return { line: Number(number?.textContent ?? NaN), top, count: lines.length };
      });
  });
}

/** The first line number shown at the top of each side of the diff (from the editors' line-number gutters). */
export async function topLines(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    const scroller = root?.querySelector('.cm-mergeView');
    if (!root || !scroller) return [];
    const top = scroller.getBoundingClientRect().top;
    return Array.from(root.querySelectorAll('.cm-editor'))
      .slice(0, 2)
      .map((editor) => {
        const numbers = Array.from(editor.querySelectorAll('.cm-lineNumbers .cm-gutterElement'));
        const first = numbers.find((element) => {
          const box = element.getBoundingClientRect();
          return box.height > 0 && box.top >= top - 2 && /^\d+$/.test(element.textContent ?? ''); // skips the hidden width spacer
        });
        return Number(first?.textContent ?? NaN);
      });
  });
}

/** The first line number at the top of the original side of the diff. */
export const topLine = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    const top = root?.querySelector('.cm-mergeView')?.getBoundingClientRect().top ?? 0;
    const numbers = Array.from(root?.querySelector('.cm-editor')?.querySelectorAll('.cm-lineNumbers .cm-gutterElement') ?? []);
    return Number(
      numbers.find(
        (element) => element.getBoundingClientRect().height > 0 && element.getBoundingClientRect().top >= top - 2 && /^\d+$/.test(element.textContent ?? ''),
      )?.textContent ?? NaN,
    );
  });

/** How many text lines each side of the diff shows inside the visible part of the diff. */
export const linesInView = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    const visible = root?.querySelector('.cm-mergeView')?.getBoundingClientRect();
    if (!root || !visible) return [0, 0];
    return Array.from(root.querySelectorAll('.cm-editor')).map(
      (editor) =>
        Array.from(editor.querySelectorAll('.cm-line')).filter((line) => {
          const box = line.getBoundingClientRect();
          return box.top >= visible.top && box.bottom <= visible.bottom && (line.textContent ?? '').trim() !== '';
        }).length,
    );
  });

/** Per side of the diff, whether a highlighted search match is in view. */
export const searchMatchesInView = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    const visible = root?.querySelector('.cm-mergeView')?.getBoundingClientRect();
    if (!root || !visible) return [false, false];
    return Array.from(root.querySelectorAll('.cm-editor')).map((editor) =>
      Array.from(editor.querySelectorAll('.cm-searchMatch')).some((match) => {
        const box = match.getBoundingClientRect();
        return box.top >= visible.top && box.bottom <= visible.bottom;
      }),
    );
  });

/** Per side of the diff, how far its text is scrolled sideways (px). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelector('[data-editor-host]')?.shadowRoot?.querySelectorAll('.cm-editor .cm-scroller') ?? []).map((scroller) =>
      Math.round(scroller.scrollLeft),
    ),
  );

/** Per side of the diff: whether the current search match (the one stepped to) is drawn inside the visible diff. */
export const currentMatchInView = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('[data-editor-host]')?.shadowRoot;
    const visible = root?.querySelector('.cm-mergeView')?.getBoundingClientRect();
    if (!root || !visible) return [false, false];
    return Array.from(root.querySelectorAll('.cm-editor')).map((editor) =>
      Array.from(editor.querySelectorAll('.cm-searchMatch')).some((match) => {
        const box = match.getBoundingClientRect();
        return box.height > 0 && box.top >= visible.top && box.bottom <= visible.bottom;
      }),
    );
  });
