// The diff's MergeView as it is built: both sides with every extension the
// diff uses, main's changes, the deferred marks, the collapsed stretches. One
// build, used by the diff (merge-editor.tsx) and by the warm-up that builds a
// small one when the page opens (prewarm-diff.ts), so the two cannot drift.

import { MergeView } from '@codemirror/merge';
import type { EditorView } from '@codemirror/view';
import type { ChangeRanges } from '../../../shared/ipc/change-ranges';
import { deferredMarks, deferredTheme } from './deferred-marks';
import { COLLAPSE_CONFIG, countLines, sideExtensions, toChanges } from './merge-setup';
import type { TextRange } from './search-reveal';
import { viewportSync } from './viewport-sync';

export interface MergeText {
  original: string;
  compressed: string;
  /** Exact changed ranges, in characters of these texts. */
  changes: ChangeRanges;
  firstLineA: number;
  firstLineB: number;
}

export interface MergeBuildOptions {
  /** A shadow root: the page's CSP forbids the <style> element CodeMirror would add to a document (merge-editor.tsx). */
  root: ShadowRoot;
  parent: HTMLElement;
  collapse: boolean;
  wrap: boolean;
  dark: boolean;
  onFind(view: EditorView): void;
  onMatch(view: EditorView, range: TextRange): void;
}

export function buildMergeView(text: MergeText, { root, parent, collapse, wrap, dark, onFind, onMatch }: MergeBuildOptions): MergeView {
  const changes = toChanges(text.changes);
  const lastLine = Math.max(text.firstLineA + countLines(text.original), text.firstLineB + countLines(text.compressed)) - 1;
  const numberDigits = String(lastLine).length;
  const sync = viewportSync();
  const view = new MergeView({
    a: {
      doc: text.original,
      extensions: [
        sideExtensions({ label: 'Original catalog', dark, firstLine: text.firstLineA, numberDigits, wrap, onFind, onMatch }),
        deferredMarks(text.changes),
        deferredTheme,
        sync.extension,
      ],
    },
    b: {
      doc: text.compressed,
      extensions: [sideExtensions({ label: 'Compressed catalog', dark, firstLine: text.firstLineB, numberDigits, wrap, onFind, onMatch }), sync.extension],
    },
    parent,
    root,
    highlightChanges: true,
    gutter: true,
    collapseUnchanged: collapse ? COLLAPSE_CONFIG : undefined,
    diffConfig: { override: () => changes },
  });
  sync.attach(view);
  return view;
}
