// Several history handles selected at once: how many, their sources, and
// what can be done with all of them — delete them, after one confirmation
// that names the count — or clear the selection.

import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useHistory } from '../app-context';
import { formatCount, formatInt } from '../lib/format';
import { entryAt, indexOfHandle } from '../state/history-store';
import { ConfirmDialog } from './confirm-dialog';
import { Icon } from './icon';

/** At most this many of the selected handles are named; the rest are counted. */
const NAMED = 8;

export function HistorySelection() {
  const { stores, commands } = useApp();
  const { selection, pages } = useHistory(useShallow((state) => ({ selection: state.selection, pages: state.pages })));
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const count = formatCount(selection.length, 'handle');
  const named = selection.slice(0, NAMED).map((handle) => ({ handle, source: entryAt({ pages }, indexOfHandle({ pages }, handle))?.source_name ?? null }));

  const confirmDelete = async () => {
    setDeleting(true);
    if (await commands.deleteSelection()) setConfirming(false);
    setDeleting(false);
  };

  return (
    <aside className="panel details-panel" aria-label="Details">
      <div className="details-head">
        <h3 className="details-title">{count} selected</h3>
      </div>
      <ul className="selection-list" aria-label="Selected handles">
        {named.map(({ handle, source }) => (
          <li key={handle}>
            <span className="selection-source">{source ?? 'unknown source'}</span> <code className="mono">{handle}</code>
          </li>
        ))}
        {selection.length > NAMED ? <li className="muted">and {formatInt(selection.length - NAMED)} more</li> : null}
      </ul>
      <div className="details-actions">
        <button type="button" className="button button-danger-quiet" onClick={() => setConfirming(true)}>
          <Icon name="trash" />
          Delete {count}…
        </button>
        <button type="button" className="button" onClick={() => void stores.history.getState().select(null)}>
          Clear the selection
        </button>
      </div>
      <p className="selection-hint">Shift+click or Shift+arrows select a run of rows; Ctrl/⌘+click, or Ctrl/⌘+arrows then Space, adds a row or takes it out.</p>
      {confirming ? (
        <ConfirmDialog
          title={`Delete ${count}?`}
          confirmLabel={`Delete ${count}`}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(false)}
          busy={deleting}
        >
          <p>
            The {count} selected will be removed from the recovery store, with every shrink recorded for them. Their originals can no longer be recovered from
            these handles. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
    </aside>
  );
}
