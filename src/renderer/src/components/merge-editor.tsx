// The CodeMirror MergeView for one diff (or one section of a large diff),
// mounted in a shadow root: the page's CSP (style-src 'self') forbids the
// <style> element CodeMirror would add to a document, and a shadow root lets
// it use constructed stylesheets instead. Colours still come from the page's
// CSS variables, which inherit. Created once per text, reconfigured for
// collapse, wrapping and theme, destroyed on unmount; scrolls to a tool on
// request. Unwrapped, a bar under the sides scrolls both sideways.

import type { MergeView } from '@codemirror/merge';
import type { EditorView } from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { buildMergeView, type MergeText } from '../lib/merge-build';
import { registerEditors } from '../lib/editor-registry';
import { linkHorizontalScroll } from '../lib/horizontal-scroll';
import { showMatch, type TextRange } from '../lib/search-reveal';
import { settleScroll } from '../lib/settle-scroll';
import { closingLine, revealCollapsed, setToolLines, toolHead } from '../lib/tool-highlight';
import { diffAnchor, keepAnchorOnResize, restoreAnchor } from '../lib/diff-anchor';
import { COLLAPSE_CONFIG, themeCompartment, themeFor, wrapCompartment, wrapFor } from '../lib/merge-setup';

/** Lines (1-based, within these texts) to bring to the top of both sides. */
export interface LocalReveal {
  lineA: number;
  lineB: number;
  seq: number;
}

export interface MergeEditorProps {
  text: MergeText;
  collapse: boolean;
  /** Long lines wrap; else they run on and the diff scrolls sideways. */
  wrap: boolean;
  dark: boolean;
  reveal: LocalReveal | null;
  /** Ctrl/Cmd+F (or the Find command) inside one of the editors. */
  onFind(view: EditorView): void;
  /** The view once created, and null when it is destroyed. */
  onReady(view: MergeView | null): void;
}

/** Runs `reflow` (a switch that moves every line), then keeps what was in view where it was (diff-anchor.ts). */
function reflowKeeping(view: MergeView, reflow: () => void): () => void {
  const anchor = diffAnchor(view);
  reflow();
  return restoreAnchor(view, anchor);
}

export function MergeEditor({ text, collapse, wrap, dark, reveal, onFind, onReady }: MergeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<MergeView | null>(null);
  // The first render's theme; later changes are applied by the effects below.
  const initial = useRef({ dark });
  // Whether the editors collapse and wrap now (a new text starts as the last switches left them).
  const collapsed = useRef(collapse);
  const wrapped = useRef(wrap);
  // Lines run wider than a side: the sideways bar shows.
  const [sideways, setSideways] = useState(false);
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
    const onFind = (side: EditorView) => callbacks.current.onFind(side);
    // One search scroll at a time: a new step stops the last one settling.
    let stopMatch: () => void = () => undefined;
    const onMatch = (side: EditorView, range: TextRange) => {
      if (viewRef.current !== view) return;
      stopMatch();
      stopMatch = showMatch(view, side === view.b ? 'b' : 'a', range);
    };
    const view = buildMergeView(text, {
      root,
      parent: container,
      collapse: collapsed.current,
      wrap: wrapped.current,
      dark: initial.current.dark,
      onFind,
      onMatch,
    });
    view.dom.style.height = '100%';
    view.dom.style.overflowY = 'auto';
    viewRef.current = view;
    callbacks.current.onReady(view);
    const unregister = registerEditors([view.a, view.b], onFind);
    const unlink = barRef.current ? linkHorizontalScroll(view, barRef.current, setSideways) : () => undefined;
    const unkeep = keepAnchorOnResize(view, host);
    return () => {
      unkeep();
      stopMatch();
      unlink();
      unregister();
      callbacks.current.onReady(null);
      viewRef.current = null;
      view.destroy();
      container.remove();
    };
  }, [text]);

  // Collapsing on or off in place, keeping the marked tool (or the top line) where it shows.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || collapsed.current === collapse) return;
    collapsed.current = collapse;
    return reflowKeeping(view, () => view.reconfigure({ collapseUnchanged: collapse ? COLLAPSE_CONFIG : undefined }));
  }, [collapse]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    for (const side of [view.a, view.b]) side.dispatch({ effects: themeCompartment.reconfigure(themeFor(dark)) });
  }, [dark]);

  // Wrapping on or off in place, keeping the marked tool (or the top line) where it shows.
  useEffect(() => {
    const view = viewRef.current;
    if (!view || wrapped.current === wrap) return;
    wrapped.current = wrap;
    return reflowKeeping(view, () => {
      for (const side of [view.a, view.b]) side.dispatch({ effects: wrapCompartment.reconfigure(wrapFor(wrap)) });
    });
  }, [wrap]);

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
    const head = (doc: typeof docA, start: number, last: number) => toolHead(doc, doc.lineAt(start).number, last);
    const opened = revealCollapsed(view, head(docA, startA, lastA), head(docB, startB, lastB));
    view.b.dispatch({ selection: { anchor: startB }, effects: [...opened.b, setToolLines.of({ first: docB.lineAt(startB).number, last: lastB })] });
    view.a.dispatch({ selection: { anchor: startA }, effects: [...opened.a, setToolLines.of({ first: docA.lineAt(startA).number, last: lastA })] });
    // A side may collapse its unchanged stretches again when MergeView next updates: keep the tool's head open while settling.
    const keepOpen = () => {
      const again = revealCollapsed(view, head(docA, startA, lastA), head(docB, startB, lastB));
      if (again.a.length > 0) view.a.dispatch({ effects: again.a });
      if (again.b.length > 0) view.b.dispatch({ effects: again.b });
    };
    return settleScroll(view, 'a', startA, { keepOpen, pairedPos: startB });
  }, [text, revealSeq, lineA, lineB]);

  return (
    <>
      <div className={sideways ? 'merge-host merge-host-sideways' : 'merge-host'} ref={hostRef} data-editor-host="" />
      {/* Mouse affordance only: the keyboard moves sideways in the text itself. */}
      <div className="merge-hscroll" ref={barRef} hidden={!sideways} aria-hidden="true">
        <div className="merge-hscroll-track" tabIndex={-1}>
          <div />
        </div>
        <div className="merge-hscroll-track" tabIndex={-1}>
          <div />
        </div>
      </div>
    </>
  );
}
