// What stays in place when the diff reflows ("Collapse unchanged", "Wrap
// lines", a new width): the tool a row click marked, when its first line
// shows, at the height it shows at; else the line at the top. Without it,
// collapsing the unchanged stretches above the view scrolled the marked tool
// away.

import type { MergeView } from '@codemirror/merge';
import type { EditorView } from '@codemirror/view';
import { isSettling, settleScroll, SETTLED_EVENT, textPart, textTop } from './settle-scroll';
import { markedTool, revealCollapsed, toolHead } from './tool-highlight';
import type { TextRange } from './search-reveal';

export interface DiffAnchor {
  /** The line kept in place, on the original side. */
  posA: number;
  /** The same line on the compressed side, when it is a marked tool's first line. */
  posB?: number;
  /** Where it shows, as a share of the diff's height from its top. */
  at: number;
  /** What must not be hidden in an "unchanged lines" block, per side. */
  open: { a: TextRange; b: TextRange | null };
}

/** The position of the line at the top of the diff (its first pixel row), on the original side. */
export function topLinePos(view: MergeView): number {
  const height = view.dom.getBoundingClientRect().top - view.a.documentTop + 1;
  return textPart(view.a.lineBlockAtHeight(height), (part) => part.bottom > height).from;
}

function markedHead(side: EditorView): { start: number; head: TextRange } | null {
  const tool = markedTool(side.state);
  if (!tool) return null;
  const head = toolHead(side.state.doc, tool.first, tool.last);
  return { start: head.from, head };
}

export function diffAnchor(view: MergeView): DiffAnchor {
  const box = view.dom.getBoundingClientRect();
  const toolA = markedHead(view.a);
  const toolB = markedHead(view.b);
  if (toolA && toolB && box.height > 0) {
    const top = view.a.documentTop + textTop(view.a, toolA.start) - box.top;
    if (top >= 0 && top < box.height) return { posA: toolA.start, posB: toolB.start, at: top / box.height, open: { a: toolA.head, b: toolB.head } };
  }
  const posA = topLinePos(view);
  const line = view.a.state.doc.lineAt(posA);
  return { posA, at: 0, open: { a: { from: line.from, to: line.to }, b: null } };
}

/**
 * Brings `anchor` back where it was (opened on both sides if "unchanged
 * lines" would hide it), after a reflow; returns the function that stops the
 * settling scroll.
 */
export function restoreAnchor(view: MergeView, anchor: DiffAnchor): () => void {
  const keepOpen = () => {
    const opened = revealCollapsed(view, anchor.open.a, anchor.open.b);
    if (opened.a.length > 0) view.a.dispatch({ effects: opened.a });
    if (opened.b.length > 0) view.b.dispatch({ effects: opened.b });
  };
  keepOpen();
  return settleScroll(view, 'a', anchor.posA, { at: anchor.at, keepOpen, ...(anchor.posB === undefined ? {} : { pairedPos: anchor.posB }) });
}

/** How long the diff holds still before where it shows is taken as the place to keep. */
const STILL_MS = 150;

/**
 * Keeps what shows in place when the diff's width changes (the window, the
 * edge beside the table, the diff expanded): the anchor is taken each time
 * the diff rests (a settling scroll ended, or the person's scrolling held
 * still), never while a settling scroll passes through, and restored after a
 * resize rewrapped the lines.
 */
export function keepAnchorOnResize(view: MergeView, host: HTMLElement): () => void {
  let anchor = diffAnchor(view);
  let width = host.clientWidth;
  let still: ReturnType<typeof setTimeout> | undefined;
  let stopSettling: () => void = () => undefined;
  const take = () => {
    if (!isSettling(view)) anchor = diffAnchor(view);
  };
  const onScroll = () => {
    clearTimeout(still);
    still = setTimeout(take, STILL_MS);
  };
  const observer = new ResizeObserver(() => {
    if (host.clientWidth === width || host.clientWidth === 0) return;
    width = host.clientWidth;
    stopSettling();
    stopSettling = restoreAnchor(view, anchor);
  });
  view.dom.addEventListener('scroll', onScroll, { passive: true });
  view.dom.addEventListener(SETTLED_EVENT, take);
  observer.observe(host);
  return () => {
    clearTimeout(still);
    stopSettling();
    observer.disconnect();
    view.dom.removeEventListener('scroll', onScroll);
    view.dom.removeEventListener(SETTLED_EVENT, take);
  };
}
