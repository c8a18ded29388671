// The side-by-side diff of one analysis: loads both pretty-printed sides and
// main's exact change ranges lazily (with a spinner), then shows them in a
// read-only MergeView with a "Collapse unchanged" switch.

import { useEffect, useState } from 'react';
import { asCavemanError, type ErrorValue } from '../../../shared/errors';
import type { DiffTexts } from '../../../shared/ipc/caveman-api';
import { useApp, useSettings } from '../app-context';
import { usePrefersDark } from '../hooks/use-prefers-dark';
import { formatInt } from '../lib/format';
import { shortcutLabel } from '../lib/shortcuts';
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
          <input type="checkbox" checked={collapse} onChange={(event) => stores.settings.getState().setCollapseUnchanged(event.target.checked)} />
          <span className="switch-track" aria-hidden="true" />
          Collapse unchanged
        </label>
      </div>
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
          <MergeEditor diff={current.diff} collapse={collapse} dark={dark} />
        )}
      </div>
    </section>
  );
}
