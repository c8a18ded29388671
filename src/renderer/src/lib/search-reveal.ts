// Where a search step lands in the diff: CodeMirror's search selects the
// match and asks to scroll to it; here that request opens the "unchanged
// lines" blocks hiding the match (on both sides alike) and scrolls it into
// place with the diff's settling scroll. Left to itself, CodeMirror scrolled
// to the collapsed block, where the match cannot be seen.

import type { MergeView } from '@codemirror/merge';
import { StateEffect, type SelectionRange } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { settleScroll } from './settle-scroll';
import { revealCollapsed } from './tool-highlight';

export interface TextRange {
  from: number;
  to: number;
}

/** The search asks for its match to be shown (in place of CodeMirror's plain scrollIntoView). */
export const matchFound = StateEffect.define<TextRange>();

/** For the search config's `scrollToMatch`. */
export const announceMatch = (range: SelectionRange) => matchFound.of({ from: range.from, to: range.to });

/** Calls `onMatch` after each transaction that asks for a match to be shown (outside the update, so it may dispatch). */
export function onMatchFound(onMatch: (view: EditorView, range: TextRange) => void) {
  return EditorView.updateListener.of((update) => {
    for (const transaction of update.transactions) {
      for (const effect of transaction.effects) if (effect.is(matchFound)) queueMicrotask(() => onMatch(update.view, effect.value));
    }
  });
}

/** Share of the diff's height above a match once it is shown: some lines of context above it. */
const MATCH_AT = 1 / 3;

/** Opens what hides `range` on side `side` and scrolls it a third of the way down; returns the function that stops the scrolling. */
export function showMatch(view: MergeView, side: 'a' | 'b', range: TextRange): () => void {
  const open = () => {
    const opened = revealCollapsed(view, side === 'a' ? range : null, side === 'b' ? range : null);
    if (opened.a.length > 0) view.a.dispatch({ effects: opened.a });
    if (opened.b.length > 0) view.b.dispatch({ effects: opened.b });
  };
  open();
  return settleScroll(view, side, range.from, { at: MATCH_AT, keepOpen: open });
}
