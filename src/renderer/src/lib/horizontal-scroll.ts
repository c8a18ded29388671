// Sideways scrolling for the diff when lines do not wrap. MergeView scrolls
// both sides up and down in one scroller, and each side's own scroller is as
// tall as its text, so its native horizontal scroll bar would sit at the very
// end of the text. Instead a bar under each side, always in view, drives that
// side; and the sides scroll sideways together (as in VS Code's diff), so
// unchanged lines stay column for column.

import type { MergeView } from '@codemirror/merge';

/**
 * Links the two sides' scrollers and the two tracks in `bar` (one per side,
 * each holding one sizing element), lays the tracks out under their sides
 * (relative to `bar`'s parent, which holds the diff), and tells `onShown`
 * whether a side is wider than its pane (the bar is needed). Returns the
 * function that unlinks them.
 */
export function linkHorizontalScroll(view: MergeView, bar: HTMLElement, onShown: (shown: boolean) => void): () => void {
  const tracks = Array.from(bar.children).slice(0, 2) as HTMLElement[];
  const scrollers = [view.a.scrollDOM, view.b.scrollDOM];
  const linked = [...scrollers, ...tracks];
  // The position each element was last moved to from here: its scroll event is that move's echo, not the person's.
  const echoes = new Map<HTMLElement, number>();

  const moveTo = (element: HTMLElement, left: number) => {
    const before = element.scrollLeft;
    element.scrollLeft = left;
    // A side narrower than `left` stops at its end; only a real move sends an event.
    if (element.scrollLeft !== before) echoes.set(element, element.scrollLeft);
  };

  const onScroll = (event: Event) => {
    const source = event.currentTarget as HTMLElement;
    const left = source.scrollLeft;
    const echo = echoes.get(source);
    echoes.delete(source);
    if (echo === left) return;
    for (const element of linked) if (element !== source) moveTo(element, left);
  };

  let shown: boolean | null = null;
  const layout = () => {
    const frame = bar.parentElement?.getBoundingClientRect();
    if (!frame) return;
    let wider = false;
    scrollers.forEach((scroller, side) => {
      const track = tracks[side];
      const pane = scroller.closest('.cm-mergeViewEditor') ?? scroller;
      if (!track) return;
      const box = pane.getBoundingClientRect();
      track.style.left = `${box.left - frame.left}px`;
      track.style.width = `${box.width}px`;
      const sizer = track.firstElementChild as HTMLElement | null;
      if (sizer) sizer.style.width = `${scroller.scrollWidth}px`;
      moveTo(track, scroller.scrollLeft);
      if (scroller.scrollWidth > scroller.clientWidth + 1) wider = true;
    });
    if (wider !== shown) {
      shown = wider;
      onShown(wider);
    }
  };

  for (const element of linked) element.addEventListener('scroll', onScroll, { passive: true });
  const observer = new ResizeObserver(() => layout());
  for (const element of [view.dom, view.a.contentDOM, view.b.contentDOM]) observer.observe(element);
  layout();
  return () => {
    observer.disconnect();
    for (const element of linked) element.removeEventListener('scroll', onScroll);
  };
}
