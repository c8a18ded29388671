// The rendered width of an element, kept current as it resizes (a panel
// that lays itself out by the room it has, whatever the window around it).

import { useEffect, useState, type RefObject } from 'react';

/** The element's border-box width in pixels; null until it is mounted and measured. */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.getBoundingClientRect().width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
