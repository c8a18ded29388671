// Marks the text a level deferred apart from the text it dropped: on the original side, description text a marked tool lost at
// leads or signatures (one describe call away) is drawn in its own colour
// with a dashed underline, over the diff's "removed" red.

import type { Extension } from '@codemirror/state';
import { RangeSetBuilder } from '@codemirror/state';
import { Decoration, EditorView } from '@codemirror/view';
import { CHANGE_FIELDS, DEFERRED, type ChangeRanges } from '../../../shared/ipc/change-ranges';

export const DEFERRED_TITLE = 'Deferred: one caveman_describe call away (the tool ends with …)';

const mark = Decoration.mark({ class: 'cm-deferredText', attributes: { title: DEFERRED_TITLE } });

/** Whether any of `changes` is deferred text. */
export function hasDeferred(changes: ChangeRanges): boolean {
  for (let i = 0; i < changes.length; i += CHANGE_FIELDS) if ((changes[i + 4]! & DEFERRED) !== 0) return true;
  return false;
}

/** The original side's deferred ranges of `changes` (in order, as main sends them), as decorations. */
export function deferredMarks(changes: ChangeRanges): Extension {
  const builder = new RangeSetBuilder<Decoration>();
  for (let i = 0; i < changes.length; i += CHANGE_FIELDS) {
    const fromA = changes[i]!;
    const toA = changes[i + 1]!;
    if ((changes[i + 4]! & DEFERRED) !== 0 && toA > fromA) builder.add(fromA, toA, mark);
  }
  return EditorView.decorations.of(builder.finish());
}

/** Drawn above the merge view's own marks, whichever span nests in which. */
export const deferredTheme = EditorView.theme({
  '& .cm-deferredText, & .cm-deferredText .cm-changedText, & .cm-changedText .cm-deferredText': {
    background: 'var(--diff-deferred-text)',
    textDecoration: 'underline dashed var(--diff-deferred-border)',
    textUnderlineOffset: '3px',
  },
});
