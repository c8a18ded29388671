// The diff's editors, registered while mounted, so Find (Ctrl/Cmd+F or the
// menu) opens the diff's search bar when focus is inside an editor.

import type { EditorView } from '@codemirror/view';

const editors = new Map<EditorView, (view: EditorView) => void>();

/** Registers editors and what Find does in them, until the returned function is called. */
export function registerEditors(views: readonly EditorView[], onFind: (view: EditorView) => void): () => void {
  views.forEach((view) => editors.set(view, onFind));
  return () => views.forEach((view) => editors.delete(view));
}

/** Opens the diff search for the focused editor; false when no editor has focus. */
export function openSearchInFocusedEditor(): boolean {
  for (const [view, onFind] of editors) {
    if (view.hasFocus) {
      onFind(view);
      return true;
    }
  }
  return false;
}
