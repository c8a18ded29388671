// The side-by-side diff of one analysis: loads both pretty-printed sides and
// main's exact change ranges lazily (with a spinner), then shows them in a
// read-only MergeView with a "Collapse unchanged" switch.

import type { MergeView } from '@codemirror/merge';
import type { EditorView } from '@codemirror/view';
import { useCallback, useEffect, useState } from 'react';
import { asCavemanError, type ErrorValue } from '../../../shared/errors';
import type { DiffTexts } from '../../../shared/ipc/caveman-api';
import { useApp, useSettings } from '../app-context';
import { usePrefersDark } from '../hooks/use-prefers-dark';
import { formatInt } from '../lib/format';
import { shortcutLabel } from '../lib/shortcuts';
import { DiffSearchBar, type DiffSide } from './diff-search-bar';
import { MergeEditor } from './merge-editor';
import { Spinner } from './spinner';

type Load = { id: string; state: 'loading' } | { id: string; state: 'ready'; diff: DiffTexts } | { id: string; state: 'error'; error: ErrorValue };

export function DiffView({ analysisId }: { analysisId: string }) {
  const { api, stores, mac } = useApp();
  const collapse = useSettings((state) => state.collapseUnchanged);
  const dark = usePrefersDark();
  const [load, setLoad] = useState<Load>({ id: analysisId, state: 'loading' });
  // A new analysis starts loading at once (no stale diff in between).
  const current: Load = load.id === analysisId ? load : { id: analysisId, state: 'loading' };
  const [mergeView, setMergeView] = useState<MergeView | null>(null);
  const [search, setSearch] = useState<{ side: DiffSide; seq: number; initialText: string } | null>(null);

  const openSearch = useCallback((editor: EditorView) => {
    const { from, to } = editor.state.selection.main;
    const selected = to > from && to - from < 200 ? editor.state.sliceDoc(from, to) : '';
    const side: DiffSide = editor.dom.classList.contains('cm-merge-b') ? 'b' : 'a';
    setSearch((previous) => ({ side, seq: (previous?.seq ?? 0) + 1, initialText: selected.includes('\n') ? '' : selected || (previous?.initialText ?? '') }));
  }, []);

  useEffect(() => {
    let live = true;
    api.getDiff(analysisId).then(
      (diff) => live && setLoad({ id: analysisId, state: 'ready', diff }),
      (error: unknown) => live && setLoad({ id: analysisId, state: 'error', error: asCavemanError(error).toValue() }),
    );
    return () => {
      live = false;
    };
  }, [api, analysisId]);

  return (
    <section className="panel diff-panel" aria-label="Diff">
      <div className="panel-head">
        <h3 className="panel-title">Diff</h3>
        {current.state === 'ready' ? (
          <span className="panel-note">
            {formatInt(current.diff.changes.length)} {current.diff.changes.length === 1 ? 'change' : 'changes'} · search with {shortcutLabel('find', mac)} in the text
          </span>
        ) : null}
        <label className="switch">
          <span className="switch-control">
            <input type="checkbox" checked={collapse} onChange={(event) => stores.settings.getState().setCollapseUnchanged(event.target.checked)} />
            <span className="switch-track" aria-hidden="true" />
          </span>
          Collapse unchanged
        </label>
      </div>
      {search && mergeView && current.state === 'ready' ? (
        <DiffSearchBar
          view={mergeView}
          side={search.side}
          seq={search.seq}
          initialText={search.initialText}
          onSideChange={(side) => setSearch({ ...search, side })}
          onClose={() => setSearch(null)}
        />
      ) : null}
      <div className="diff-columns" aria-hidden="true">
        <span>
          <span className="legend legend-removed" />
          Original
        </span>
        <span>
          <span className="legend legend-kept" />
          Compressed
        </span>
      </div>
      <div className="diff-body">
        {current.state === 'loading' ? (
          <div className="diff-status">
            <Spinner label="Loading the diff…" />
          </div>
        ) : current.state === 'error' ? (
          <div className="diff-status" role="alert">
            <p>
              Could not load the diff: {current.error.message}
            </p>
          </div>
        ) : (
          <MergeEditor analysisId={analysisId} diff={current.diff} collapse={collapse} dark={dark} onFind={openSearch} onReady={setMergeView} />
        )}
      </div>
    </section>
  );
}
