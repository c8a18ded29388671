// The CodeMirror MergeView for one diff (or one section of a large diff),
// mounted in a shadow root: the page's CSP (style-src 'self') forbids the
// <style> element CodeMirror would add to a document, and a shadow root lets
// it use constructed stylesheets instead. Colours still come from the page's
// CSS variables, which inherit. Created once per text, reconfigured for
// collapse and theme, destroyed on unmount; scrolls to a tool on request.

import { MergeView } from '@codemirror/merge';
import type { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { DiffChange } from '../lib/diff-sections';
import { registerEditors } from '../lib/editor-registry';
import { closingLine, revealCollapsed, setToolLines } from '../lib/tool-highlight';
import { COLLAPSE_CONFIG, countLines, sideExtensions, themeCompartment, themeFor, toChanges } from '../lib/merge-setup';

export interface MergeText {
  original: string;
  compressed: string;
  /** Exact changed ranges, relative to these texts. */
  changes: DiffChange[];
  firstLineA: number;
  firstLineB: number;
}

/** Lines (1-based, within these texts) to bring to the top of both sides. */
export interface LocalReveal {
  lineA: number;
  lineB: number;
  seq: number;
}

export interface MergeEditorProps {
  text: MergeText;
  collapse: boolean;
  dark: boolean;
  reveal: LocalReveal | null;
  /** Ctrl/Cmd+F (or the Find command) inside one of the editors. */
  onFind(view: EditorView): void;
  /** The view once created, and null when it is destroyed. */
  onReady(view: MergeView | null): void;
}

/**
 * Scrolls the merge view's own scroller (never the page around it) so the
 * original side's position is at the top. Both sides share that scroller and
 * their unchanged lines are aligned, so the compressed side follows. After a
 * long jump the lines that come into view had estimated heights, and
 * MergeView aligns its sides only when it next measures; so this asks it to
 * measure again and corrects the position until both settle (a few frames).
 */
function scrollLineToTop(view: MergeView, pos: number, keepOpen: () => void): () => void {
  const scroller = view.dom;
  // MergeView re-aligns on its own after scrolling by the user; after a programmatic jump we ask it directly.
  const realign = (view as unknown as { scheduleMeasure?: () => void }).scheduleMeasure?.bind(view);
  let attempts = 0;
  let settled = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const step = () => {
    if (cancelled) return;
    keepOpen();
    view.a.requestMeasure({
      read: () => view.a.documentTop + view.a.lineBlockAt(pos).top - scroller.getBoundingClientRect().top,
      write: (offset) => {
        if (cancelled) return;
        if (Math.abs(offset) >= 1) {
          scroller.scrollTop += offset;
          settled = 0;
        } else {
          settled += 1;
        }
        realign?.();
        if (++attempts < 8 && settled < 2) timer = setTimeout(step, 32);
      },
    });
  };
  step();
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/** Lines after a tool's `{` that a jump always shows: name, title, description and the schema's start. */
const TOOL_HEAD_LINES = 6;

export function MergeEditor({ text, collapse, dark, reveal, onFind, onReady }: MergeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<MergeView | null>(null);
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
    const changes = toChanges(text.changes);
    const onFind = (side: EditorView) => callbacks.current.onFind(side);
    const { dark } = initial.current;
    const lastLine = Math.max(text.firstLineA + countLines(text.original), text.firstLineB + countLines(text.compressed)) - 1;
    const numberDigits = String(lastLine).length;
    const view = new MergeView({
      a: { doc: text.original, extensions: sideExtensions({ label: 'Original catalog', dark, firstLine: text.firstLineA, numberDigits, onFind }) },
      b: { doc: text.compressed, extensions: sideExtensions({ label: 'Compressed catalog', dark, firstLine: text.firstLineB, numberDigits, onFind }) },
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
    const unregister = registerEditors([view.a, view.b], onFind);
    return () => {
      unregister();
      callbacks.current.onReady(null);
      viewRef.current = null;
      view.destroy();
      container.remove();
    };
  }, [text]);

  useEffect(() => {
    viewRef.current?.reconfigure({ collapseUnchanged: collapse ? COLLAPSE_CONFIG : undefined });
  }, [collapse]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    for (const side of [view.a, view.b]) side.dispatch({ effects: themeCompartment.reconfigure(themeFor(dark)) });
  }, [dark]);

  const revealSeq = reveal?.seq ?? null;
  const lineA = reveal?.lineA ?? 1;
  const lineB = reveal?.lineB ?? 1;
  useEffect(() => {
    const view = viewRef.current;
    if (!view || revealSeq === null) return;
    const docA = view.a.state.doc;
    const docB = view.b.state.doc;
    const startA = docA.line(Math.min(Math.max(1, lineA), docA.lines)).from;
    const startB = docB.line(Math.min(Math.max(1, lineB), docB.lines)).from;
    const lastA = closingLine(docA, docA.lineAt(startA).number);
    const lastB = closingLine(docB, docB.lineAt(startB).number);
    // The tool's first lines (its name and description) must show; later unchanged stretches inside it may stay collapsed.
    const head = (doc: typeof docA, start: number, last: number) => ({ from: start, to: doc.line(Math.min(doc.lineAt(start).number + TOOL_HEAD_LINES, last)).to });
    const opened = revealCollapsed(view, head(docA, startA, lastA), head(docB, startB, lastB));
    view.b.dispatch({ selection: { anchor: startB }, effects: [...opened.b, setToolLines.of({ first: docB.lineAt(startB).number, last: lastB })] });
    view.a.dispatch({ selection: { anchor: startA }, effects: [...opened.a, setToolLines.of({ first: docA.lineAt(startA).number, last: lastA })] });
    // A side may collapse its unchanged stretches again when MergeView next updates: keep the tool's head open while settling.
    const keepOpen = () => {
      const again = revealCollapsed(view, head(docA, startA, lastA), head(docB, startB, lastB));
      if (again.a.length > 0) view.a.dispatch({ effects: again.a });
      if (again.b.length > 0) view.b.dispatch({ effects: again.b });
    };
    return scrollLineToTop(view, startA, keepOpen);
  }, [text, revealSeq, lineA, lineB]);

  return <div className="merge-host" ref={hostRef} data-editor-host="" />;
}
