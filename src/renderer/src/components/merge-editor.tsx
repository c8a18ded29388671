// The CodeMirror MergeView for one analysis, mounted in a shadow root: the
// page's CSP (style-src 'self') forbids the <style> element CodeMirror would
// add to a document, and a shadow root lets it use constructed stylesheets
// instead. Colours still come from the page's CSS variables, which inherit.
// Created once per diff, reconfigured for collapse and theme, destroyed on
// unmount; jumps to a tool when the table asks.

import { MergeView } from '@codemirror/merge';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { DiffTexts } from '../../../shared/ipc/caveman-api';
import { useUi } from '../app-context';
import { registerEditors } from '../lib/editor-registry';
import { COLLAPSE_CONFIG, findToolLines, sideExtensions, themeCompartment, themeFor, toChanges } from '../lib/merge-setup';

export interface MergeEditorProps {
  analysisId: string;
  diff: DiffTexts;
  collapse: boolean;
  dark: boolean;
  /** Ctrl/Cmd+F (or the Find command) inside one of the editors. */
  onFind(view: EditorView): void;
  /** The view once created, and null when it is destroyed. */
  onReady(view: MergeView | null): void;
}

export function MergeEditor({ analysisId, diff, collapse, dark, onFind, onReady }: MergeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<MergeView | null>(null);
  const reveal = useUi((state) => (state.reveal?.analysisId === analysisId ? state.reveal : null));
  // The first render's settings; later changes are applied by the effects below.
  const initial = useRef({ collapse, dark });
  const callbacks = useRef({ onFind, onReady });
  useEffect(() => {
    callbacks.current = { onFind, onReady };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    const container = document.createElement('div');
    container.style.height = '100%';
    root.append(container);
    const changes = toChanges(diff);
    const find = (side: EditorView) => callbacks.current.onFind(side);
    const view = new MergeView({
      a: { doc: diff.original, extensions: sideExtensions('Original catalog', initial.current.dark, find) },
      b: { doc: diff.compressed, extensions: sideExtensions('Compressed catalog', initial.current.dark, find) },
      parent: container,
      root,
      highlightChanges: true,
      gutter: true,
      collapseUnchanged: initial.current.collapse ? COLLAPSE_CONFIG : undefined,
      diffConfig: { override: () => changes },
    });
    view.dom.style.height = '100%';
    view.dom.style.overflowY = 'auto';
    viewRef.current = view;
    callbacks.current.onReady(view);
    const unregister = registerEditors([view.a, view.b], find);
    return () => {
      unregister();
      callbacks.current.onReady(null);
      viewRef.current = null;
      view.destroy();
      container.remove();
    };
  }, [diff]);

  useEffect(() => {
    viewRef.current?.reconfigure({ collapseUnchanged: collapse ? COLLAPSE_CONFIG : undefined });
  }, [collapse]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    for (const side of [view.a, view.b]) side.dispatch({ effects: themeCompartment.reconfigure(themeFor(dark)) });
  }, [dark]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view || !reveal) return;
    const lines = findToolLines(diff, reveal.index, reveal.name);
    if (!lines) return;
    const lineA = view.a.state.doc.line(Math.min(Math.max(1, lines.originalLine), view.a.state.doc.lines));
    const lineB = view.b.state.doc.line(Math.min(Math.max(1, lines.compressedLine), view.b.state.doc.lines));
    // Both sides share one scroller and their unchanged lines are aligned, so
    // scrolling the original to the tool's first line brings both to the top.
    view.b.dispatch({ selection: { anchor: lineB.from } });
    view.a.dispatch({ selection: { anchor: lineA.from }, effects: EditorView.scrollIntoView(lineA.from, { y: 'start', yMargin: 0 }) });
  }, [reveal, diff]);

  return <div className="merge-host" ref={hostRef} data-editor-host="" />;
}
