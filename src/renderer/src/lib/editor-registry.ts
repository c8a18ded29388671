// The diff's editors, registered while mounted, so Find (Ctrl/Cmd+F or the
// menu) opens the editor's own search when focus is inside it.

import { openSearchPanel } from '@codemirror/search';
import type { EditorView } from '@codemirror/view';

const editors = new Set<EditorView>();

/** Registers editors until the returned function is called. */
export function registerEditors(views: readonly EditorView[]): () => void {
  views.forEach((view) => editors.add(view));
  return () => views.forEach((view) => editors.delete(view));
}

/** Opens the search panel of the focused editor; false when no editor has focus. */
export function openSearchInFocusedEditor(): boolean {
  for (const view of editors) {
    if (view.hasFocus) return openSearchPanel(view);
  }
  return false;
}
