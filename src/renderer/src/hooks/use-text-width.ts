// How wide a text is drawn in the font of a given element, so a column can be
// sized to its widest value (a bold total) instead of a guess per digit that
// cut some digits in some fonts.

import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';

let canvas: HTMLCanvasElement | null = null;

/** Width in pixels of `text` drawn in the CSS `font`. */
function measure(font: string, text: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return 0;
  context.font = font;
  return context.measureText(text).width;
}

/**
 * A measuring function for texts in the font of the first element matching
 * `selector` inside `ref`; null until that element is mounted (its font is
 * read once, before the first paint).
 */
export function useTextWidth(ref: RefObject<HTMLElement | null>, selector: string): ((text: string) => number) | null {
  const [font, setFont] = useState<string | null>(null);
  useLayoutEffect(() => {
    const element = ref.current?.querySelector(selector);
    const style = element ? getComputedStyle(element) : null;
    // Spelled out: the `font` shorthand reads "" when a longhand it cannot express (e.g. tabular digits) is set.
    const next = style ? `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}` : null;
    if (next) setFont(next);
  }, [ref, selector]);
  return useMemo(() => (font === null ? null : (text: string) => measure(font, text)), [font]);
}
