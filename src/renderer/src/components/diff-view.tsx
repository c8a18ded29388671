// The side-by-side diff of one analysis: loads both pretty-printed sides and
// main's exact change ranges lazily (with a spinner), then shows them in a
// read-only MergeView with "Collapse unchanged" and "Wrap lines" switches. A
// multi-megabyte catalog is shown in sections (see diff-sections.ts) so
// scrolling stays smooth; jumping to a tool opens its section.

import { goToNextChunk, goToPreviousChunk, type MergeView } from '@codemirror/merge';
import type { EditorView } from '@codemirror/view';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { DiffPlan, DiffSection, LoadProgress } from '../../../shared/ipc/caveman-api';
import { useApp, useSettings, useUi } from '../app-context';
import { useDarkTheme } from '../hooks/use-dark-theme';
import { sectionForLine } from '../lib/diff-sections';
import { formatCount, formatInt } from '../lib/format';
import { CHANGE_KEYS, findToolLines } from '../lib/merge-setup';
import { shortcutLabel } from '../lib/shortcuts';
import type { RevealRequest } from '../state/ui-store';
import { DiffSearchBar, type DiffSide } from './diff-search-bar';
import { Icon } from './icon';
import { MergeEditor, type LocalReveal } from './merge-editor';
import type { MergeText } from '../lib/merge-build';
import { DEFERRED_TITLE, hasDeferred } from '../lib/deferred-marks';
import { PreviewTag } from './preview-tag';
import { LoadStatus } from './load-status';
import { useAnalysisData } from '../hooks/use-analysis-data';
import { useAfterPaint } from '../hooks/use-after-paint';

const SECTIONS_NOTE = 'Large catalog: one section at a time; a tool row opens its section.';

function sectionText(plan: DiffPlan, index: number): MergeText {
  const section = plan.sections[index] as DiffSection;
  return { ...plan.textsOf(index), firstLineA: section.firstLineA, firstLineB: section.firstLineB };
}

/** Moves the original side's cursor to the next or previous change and scrolls it in; the other side follows. */
function stepChange(view: MergeView, direction: 1 | -1): void {
  (direction === 1 ? goToNextChunk : goToPreviousChunk)(view.a);
}

function ReadyDiff({ plan, analysisId, preview }: { plan: DiffPlan; analysisId: string; preview: string | null }) {
  const { stores, mac } = useApp();
  const expanded = useUi((state) => state.diffExpanded);
  const collapse = useSettings((state) => state.collapseUnchanged);
  const wrap = useSettings((state) => state.wrapLines);
  const dark = useDarkTheme();
  const { sections, changeCount } = plan;
  const [request, setRequest] = useState<RevealRequest | null>(null);
  const [nav, setNav] = useState({ index: 0, seq: 0 });
  const [mergeView, setMergeView] = useState<MergeView | null>(null);
  const [search, setSearch] = useState<{ side: DiffSide; seq: number; initialText: string } | null>(null);
  // The merge view is a long task to build: what came with it (the summary, the table) is painted first.
  const painted = useAfterPaint();

  // Tool rows ask for a jump through the UI store; only requests made while this diff is shown count.
  useEffect(
    () =>
      stores.ui.subscribe((state, previous) => {
        if (state.reveal !== previous.reveal && state.reveal?.analysisId === analysisId) setRequest(state.reveal);
      }),
    [stores, analysisId],
  );

  // A newer jump request wins over the section the person picked, until they pick again.
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
  const section = sections[index] as DiffSection;
  const whole = sections.length === 1;
  const sectionLabel =
    `Section ${formatInt(index + 1)} of ${formatInt(sections.length)}` +
    (section.toolCount > 0
      ? ` · tools ${formatInt(section.firstTool + 1)}–${formatInt(section.firstTool + section.toolCount)} of ${formatInt(plan.tools.length)}`
      : '') +
    ` · lines ${formatInt(section.firstLineA)}–${formatInt(section.firstLineA + Math.max(0, section.linesA - 1))}`;
  const text = useMemo(() => sectionText(plan, index), [plan, index]);
  // The section on screen has deferred text (a deferral level): the legend says how it is drawn.
  const deferredShown = hasDeferred(text.changes);
  const goTo = (next: number) => setNav({ index: Math.max(0, Math.min(sections.length - 1, next)), seq: request?.seq ?? 0 });

  const openSearch = useCallback((editor: EditorView) => {
    const { from, to } = editor.state.selection.main;
    const selected = to > from && to - from < 200 ? editor.state.sliceDoc(from, to) : '';
    const side: DiffSide = editor.dom.classList.contains('cm-merge-b') ? 'b' : 'a';
    // Drawn before this key event ends, so the keys typed right after Ctrl+F reach the box, not the read-only text.
    flushSync(() =>
      setSearch((previous) => ({ side, seq: (previous?.seq ?? 0) + 1, initialText: selected.includes('\n') ? '' : selected || (previous?.initialText ?? '') })),
    );
  }, []);

  return (
    <>
      <div className="panel-head">
        <h3 className="panel-title">Diff</h3>
        <PreviewTag reason={preview} />
        <span className="panel-note diff-note" title={`Click in the text and press ${shortcutLabel('find', mac)} to search both sides`}>
          <span className="diff-note-count">{formatCount(changeCount, 'change')}</span>
          <span className="diff-note-hint"> · {shortcutLabel('find', mac)} in the text</span>
        </span>
        <span className="change-steps">
          <button
            type="button"
            className="icon-button"
            aria-label="Previous change"
            title={`Previous change (${CHANGE_KEYS.previousLabel} in the text)`}
            disabled={!mergeView || changeCount === 0}
            onClick={() => mergeView && stepChange(mergeView, -1)}
          >
            <Icon name="chevron" size={14} className="turn-up" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Next change"
            title={`Next change (${CHANGE_KEYS.nextLabel} in the text)`}
            disabled={!mergeView || changeCount === 0}
            onClick={() => mergeView && stepChange(mergeView, 1)}
          >
            <Icon name="chevron" size={14} className="turn-down" />
          </button>
        </span>
        <label className="switch">
          <span className="switch-control">
            <input
              type="checkbox"
              aria-label="Collapse unchanged"
              checked={collapse}
              onChange={(event) => stores.settings.getState().setCollapseUnchanged(event.target.checked)}
            />
            <span className="switch-track" aria-hidden="true" />
          </span>
          {/* A narrow diff shows the short label; the switch's name stays whole. */}
          <span className="diff-switch-long">Collapse unchanged</span>
          <span className="diff-switch-short" aria-hidden="true">
            Collapse
          </span>
        </label>
        <label className="switch diff-wrap-switch" title="Wrap long lines to the width of each side; off, they run on and the diff scrolls sideways">
          <span className="switch-control">
            <input type="checkbox" aria-label="Wrap lines" checked={wrap} onChange={(event) => stores.settings.getState().setWrapLines(event.target.checked)} />
            <span className="switch-track" aria-hidden="true" />
          </span>
          <span>
            Wrap<span className="diff-switch-more"> lines</span>
          </span>
        </label>
        <button
          type="button"
          className="icon-button"
          aria-label="Expand the diff"
          aria-pressed={expanded}
          title={expanded ? 'Show the summary and the table again' : 'Give the diff the whole window: the summary and the table make room'}
          onClick={() => stores.ui.getState().setDiffExpanded(!expanded)}
        >
          <Icon name={expanded ? 'unexpand' : 'expand'} size={14} />
        </button>
      </div>
      {whole ? null : (
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
          <span className="diff-sections-label" aria-live="polite" title={`${sectionLabel}\n${SECTIONS_NOTE}`}>
            {sectionLabel}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label="Next section"
            title="Next section"
            disabled={index === sections.length - 1}
            onClick={() => goTo(index + 1)}
          >
            <Icon name="chevron" size={14} />
          </button>
          <span className="diff-sections-note">{SECTIONS_NOTE}</span>
        </div>
      )}
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
      <div className="diff-body">
        {painted ? (
          <MergeEditor key={index} text={text} collapse={collapse} wrap={wrap} dark={dark} reveal={reveal} onFind={openSearch} onReady={setMergeView} />
        ) : null}
      </div>
    </>
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
