// The side-by-side diff of one analysis: loads both pretty-printed sides and
// main's exact change ranges lazily (with a spinner), then shows them in a
// read-only MergeView with "Collapse unchanged" and "Wrap lines" switches. A
// multi-megabyte catalog is shown in sections (see diff-sections.ts) so
// scrolling stays smooth; jumping to a tool opens its section.

import type { MergeView } from '@codemirror/merge';
import type { EditorView } from '@codemirror/view';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DiffPlan, DiffSection, LoadProgress } from '../../../shared/ipc/caveman-api';
import { useApp, useSettings } from '../app-context';
import { useDarkTheme } from '../hooks/use-dark-theme';
import { sectionForLine } from '../lib/diff-sections';
import { formatInt } from '../lib/format';
import { findToolLines } from '../lib/merge-setup';
import type { RevealRequest } from '../state/ui-store';
import { DiffHead } from './diff-head';
import { DiffSearchBar, type DiffSide } from './diff-search-bar';
import { Icon } from './icon';
import { MergeEditor, type LocalReveal } from './merge-editor';
import type { MergeText } from '../lib/merge-build';
import { DEFERRED_TITLE, hasDeferred } from '../lib/deferred-marks';
import { LoadStatus } from './load-status';
import { useAnalysisData } from '../hooks/use-analysis-data';
import { useAfterPaint } from '../hooks/use-after-paint';

const SECTIONS_NOTE = 'Large catalog: one section at a time; a tool row opens its section.';

function sectionText(plan: DiffPlan, index: number): MergeText {
  const section = plan.sections[index] as DiffSection;
  return { ...plan.textsOf(index), firstLineA: section.firstLineA, firstLineB: section.firstLineB };
}

/** "Section 2 of 5 · tools 41–80 of 200 · lines 1,201–2,400". */
function sectionLabel(plan: DiffPlan, index: number): string {
  const { sections } = plan;
  const section = sections[index] as DiffSection;
  return (
    `Section ${formatInt(index + 1)} of ${formatInt(sections.length)}` +
    (section.toolCount > 0
      ? ` · tools ${formatInt(section.firstTool + 1)}–${formatInt(section.firstTool + section.toolCount)} of ${formatInt(plan.tools.length)}`
      : '') +
    ` · lines ${formatInt(section.firstLineA)}–${formatInt(section.firstLineA + Math.max(0, section.linesA - 1))}`
  );
}

/**
 * The section on screen, and where to scroll in it: the one the person stepped to, or the one holding the tool a
 * table row asked to jump to (requests made while this diff is shown count; a newer one wins until they step again).
 */
function useDiffSection(plan: DiffPlan, analysisId: string) {
  const { stores } = useApp();
  const { sections } = plan;
  const [request, setRequest] = useState<RevealRequest | null>(null);
  const [nav, setNav] = useState({ index: 0, seq: 0 });

  useEffect(
    () =>
      stores.ui.subscribe((state, previous) => {
        if (state.reveal !== previous.reveal && state.reveal?.analysisId === analysisId) setRequest(state.reveal);
      }),
    [stores, analysisId],
  );

  let index = Math.min(nav.index, sections.length - 1);
  let reveal: LocalReveal | null = null;
  if (request && request.seq > nav.seq) {
    const lines = findToolLines(plan, request.index, request.name);
    if (lines) {
      index = sectionForLine(sections, lines.originalLine);
      const target = sections[index] as DiffSection;
      reveal = { lineA: lines.originalLine - target.firstLineA + 1, lineB: lines.compressedLine - target.firstLineB + 1, seq: request.seq };
    }
  }
  const goTo = (next: number) => setNav({ index: Math.max(0, Math.min(sections.length - 1, next)), seq: request?.seq ?? 0 });
  return { index, reveal, goTo };
}

interface SearchRequest {
  side: DiffSide;
  seq: number;
  initialText: string;
}

/** The search bar's request: opened from a side of the editor with its selection, or closed (null). */
function useDiffSearch() {
  const [search, setSearch] = useState<SearchRequest | null>(null);
  const openSearch = useCallback((editor: EditorView) => {
    const { from, to } = editor.state.selection.main;
    const selected = to > from && to - from < 200 ? editor.state.sliceDoc(from, to) : '';
    const side: DiffSide = editor.dom.classList.contains('cm-merge-b') ? 'b' : 'a';
    // Drawn before this key event ends, so the keys typed right after Ctrl+F reach the box, not the read-only text.
    flushSync(() =>
      setSearch((previous) => ({ side, seq: (previous?.seq ?? 0) + 1, initialText: selected.includes('\n') ? '' : selected || (previous?.initialText ?? '') })),
    );
  }, []);
  return { search, setSearch, openSearch };
}

function ReadyDiff({ plan, analysisId, preview }: { plan: DiffPlan; analysisId: string; preview: string | null }) {
  const collapse = useSettings((state) => state.collapseUnchanged);
  const wrap = useSettings((state) => state.wrapLines);
  const dark = useDarkTheme();
  const [mergeView, setMergeView] = useState<MergeView | null>(null);
  const { index, reveal, goTo } = useDiffSection(plan, analysisId);
  const { search, setSearch, openSearch } = useDiffSearch();
  // The merge view is a long task to build: what came with it (the summary, the table) is painted first.
  const painted = useAfterPaint();
  const whole = plan.sections.length === 1;
  const text = useMemo(() => sectionText(plan, index), [plan, index]);

  return (
    <>
      <DiffHead changeCount={plan.changeCount} preview={preview} mergeView={mergeView} />
      {whole ? null : <SectionBar plan={plan} index={index} goTo={goTo} />}
      {search && mergeView ? (
        <DiffSearchBar
          view={mergeView}
          side={search.side}
          seq={search.seq}
          initialText={search.initialText}
          scopeNote={whole ? null : 'this section'}
          onSideChange={(side) => setSearch({ ...search, side })}
          onClose={() => setSearch(null)}
        />
      ) : null}
      {/* The section on screen has deferred text (a deferral level): the legend says how it is drawn. */}
      <DiffLegend deferredShown={hasDeferred(text.changes)} preview={preview} />
      <div className="diff-body">
        {painted ? (
          <MergeEditor key={index} text={text} collapse={collapse} wrap={wrap} dark={dark} reveal={reveal} onFind={openSearch} onReady={setMergeView} />
        ) : null}
      </div>
    </>
  );
}

/** A large catalog's bar: previous and next section, and which one is on screen. */
function SectionBar({ plan, index, goTo }: { plan: DiffPlan; index: number; goTo: (index: number) => void }) {
  const label = sectionLabel(plan, index);
  return (
    <div className="diff-sections">
      <button
        type="button"
        className="icon-button"
        aria-label="Previous section"
        title="Previous section"
        disabled={index === 0}
        onClick={() => goTo(index - 1)}
      >
        <Icon name="chevron" size={14} className="flip" />
      </button>
      {/* A narrow diff keeps the bar on one row: the label ends in "…" and the note hides; both stay whole in the tooltip. */}
      <span className="diff-sections-label" aria-live="polite" title={`${label}\n${SECTIONS_NOTE}`}>
        {label}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label="Next section"
        title="Next section"
        disabled={index === plan.sections.length - 1}
        onClick={() => goTo(index + 1)}
      >
        <Icon name="chevron" size={14} />
      </button>
      <span className="diff-sections-note">{SECTIONS_NOTE}</span>
    </div>
  );
}

function DiffLegend({ deferredShown, preview }: { deferredShown: boolean; preview: string | null }) {
  return (
    <div className="diff-columns" aria-hidden="true">
      <span>
        <span className="legend legend-removed" />
        Original
        {deferredShown ? (
          <span className="legend-deferred-item" title={DEFERRED_TITLE}>
            <span className="legend legend-deferred" />
            deferred
          </span>
        ) : null}
      </span>
      <span>
        <span className="legend legend-kept" />
        {preview ? 'Compressed (preview)' : 'Compressed'}
      </span>
    </div>
  );
}

export function DiffView({ analysisId, preview = null }: { analysisId: string; preview?: string | null }) {
  const { api, stores } = useApp();
  const current = useAnalysisData(
    analysisId,
    useCallback(
      (id: string, onProgress: (progress: LoadProgress) => void) =>
        stores.prefetch.take('diff', id, onProgress) ?? api.getDiff({ analysisId: id }, { onProgress }),
      [api, stores],
    ),
  );

  return (
    <section className="panel diff-panel" aria-label="Diff">
      {current.state === 'ready' ? (
        <ReadyDiff key={analysisId} plan={current.value} analysisId={analysisId} preview={preview} />
      ) : (
        <>
          <div className="panel-head">
            <h3 className="panel-title">Diff</h3>
          </div>
          <div className="diff-body">
            {current.state === 'loading' ? (
              <div className="diff-status">
                <LoadStatus what="the diff" progress={current.progress} />
              </div>
            ) : (
              <div className="diff-status" role="alert">
                <p>Could not load the diff: {current.error.message}</p>
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}
