// Scrolling the diff to a place that stays put: both sides share the merge
// view's scroller, and lines that come into view were only estimated until
// CodeMirror draws them, so one scroll lands off by the estimate's error. This
// scrolls, lets CodeMirror draw and measure what came into view, and corrects,
// until the place holds still (or the person takes over).

import type { MergeView } from '@codemirror/merge';
import { BlockType, type BlockInfo, type EditorView } from '@codemirror/view';

/** What a person does to take over the scrolling: a scroll still settling stops. */
const TAKE_OVER = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;

/** Sent on the merge view's scroller when a settling scroll ends in place (not when taken over or stopped): what shows is where it rests. */
export const SETTLED_EVENT = 'caveman-settled';

/** How many settling scrolls run on each merge view (a jump, a reflow, a search step may overlap as they hand over). */
const running = new WeakMap<MergeView, number>();

/** True while a settling scroll moves the view: the places it passes through are not where it rests. */
export const isSettling = (view: MergeView) => (running.get(view) ?? 0) > 0;

/**
 * The text part of a line block. A block widget at a line's start (a
 * MergeView spacer) belongs to that line's block, so the block's own top can
 * be the spacer's, above the text.
 */
export function textPart(block: BlockInfo, inside: (part: BlockInfo) => boolean): BlockInfo {
  const parts = Array.isArray(block.type) ? (block.type as readonly BlockInfo[]) : [block];
  return parts.find((part) => part.type === BlockType.Text && inside(part)) ?? parts.find((part) => part.type === BlockType.Text) ?? block;
}

/** Top of the text of the line at `pos`, relative to the document's top. */
export function textTop(view: EditorView, pos: number): number {
  return textPart(view.lineBlockAt(pos), (part) => part.from <= pos && pos <= part.to).top;
}

export interface SettleOptions {
  /** Where the line goes, as a share of the diff's height from its top (0: the top). */
  at?: number;
  /** Runs before each check (e.g. to keep collapsed lines open while MergeView updates). */
  keepOpen?: () => void;
  /** The same line on the other side (a jumped-to tool's first line): it must land at the same height. */
  pairedPos?: number;
}

/** How often the two sides' lines are evened out before the line on `side` alone is placed. */
const MAX_EVENINGS = 4;

/**
 * Scrolls the merge view's own scroller (never the page around it) so the
 * line at `pos` on side `side` sits at `at` of the diff's height (and, given
 * `pairedPos`, its copy on the other side at the same height). After a
 * scroll this measures again in the same CodeMirror cycle, once the lines now
 * in view are drawn and measured, so the first frame painted already has the
 * line in place (it showed a line off for a frame or two). MergeView
 * re-aligns after it measures the other side, so this keeps checking every
 * frame or two until the line has stayed in place for three checks (about a
 * second at most), and stops as soon as the person scrolls, clicks or types.
 * Returns the function that stops it.
 */
export function settleScroll(view: MergeView, side: 'a' | 'b', pos: number, { at = 0, keepOpen = () => undefined, pairedPos }: SettleOptions = {}): () => void {
  const editor = side === 'a' ? view.a : view.b;
  const other = side === 'a' ? view.b : view.a;
  const scroller = view.dom;
  let attempts = 0;
  let settled = 0;
  let inCycle = 0;
  let evenings = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const stop = () => {
    if (cancelled) return;
    cancelled = true;
    clearTimeout(timer);
    for (const type of TAKE_OVER) scroller.removeEventListener(type, stop);
    running.set(view, (running.get(view) ?? 1) - 1);
  };
  /** The line is in place (or as near as it gets): what shows is where the view rests. */
  const rest = () => {
    stop();
    scroller.dispatchEvent(new Event(SETTLED_EVENT));
  };
  for (const type of TAKE_OVER) scroller.addEventListener(type, stop, { passive: true });
  running.set(view, (running.get(view) ?? 0) + 1);
  const measure = {
    read: () => {
      const box = scroller.getBoundingClientRect();
      const target = box.top + Math.round(box.height * at);
      const offset = editor.documentTop + textTop(editor, pos) - target;
      return { offset, paired: pairedPos === undefined ? offset : other.documentTop + textTop(other, pairedPos) - target };
    },
    write: ({ offset, paired }: { offset: number; paired: number }) => {
      if (cancelled) return;
      const before = scroller.scrollTop;
      if (Math.abs(offset - paired) >= 1 && evenings < MAX_EVENINGS) return evenOut(Math.min(offset, paired));
      if (Math.abs(offset) >= 0.5) scroller.scrollTop = before + offset;
      // Unmoved: the line is in place, or the text can scroll no further.
      settled = scroller.scrollTop === before ? settled + 1 : 0;
      if (++attempts >= 30 || settled >= 3) return rest();
      // Moved: measure again in this same cycle, once the lines now in view are drawn, so the frame is painted in place.
      if (settled === 0 && ++inCycle < 3) return editor.requestMeasure(measure);
      timer = setTimeout(step, 32);
    },
  };
  /**
   * The two copies of the line disagree: MergeView aligned the sides at lines
   * one side has drawn and measured and the other only estimated (each side
   * draws from the line its own heights put at the top). Scrolled a screen
   * above the higher copy, both sides draw the same stretch above the line in
   * their next frame, so both measure it; the line is placed after that.
   */
  const evenOut = (higher: number) => {
    evenings++;
    settled = 0;
    scroller.scrollTop += higher - scroller.clientHeight;
    other.requestMeasure();
    timer = setTimeout(step, 32);
  };
  const step = () => {
    if (cancelled) return;
    keepOpen();
    inCycle = 0;
    editor.requestMeasure(measure);
  };
  step();
  return stop;
}
