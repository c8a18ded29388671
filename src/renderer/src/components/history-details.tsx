// The selected history entry: every field the store keeps, what can be done
// with it — open it in the diff, recover the original, export the compressed
// catalog (both as its latest shrink made it), read each tool's original (a
// dialog), or delete it (after a confirmation) — and every shrink of it; or,
// with several selected, what can be done with all of them.

import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { HistoryEntry } from '../../../shared/contracts';
import { useApp, useHistory } from '../app-context';
import type { HistoryState } from '../state/history-store';
import { formatBytes, formatInt, formatTimestamp } from '../lib/format';
import { figuresText, JSON_ONLY, jsonFigures, modelFigures } from '../lib/model-figures';
import { ConfirmDialog } from './confirm-dialog';
import { HistorySelection } from './history-selection';
import { HistoryShrinks } from './history-shrinks';
import { ToolOriginalsDialog } from './history-tool-original';
import { Icon } from './icon';
import { Spinner } from './spinner';

/** What the model sees first (Claude's, then OpenAI's), or that the shrink was recorded without it; the JSON tokens after. */
function figureFields(entry: HistoryEntry): [string, string][] {
  const seen = modelFigures(entry.visible);
  const model: [string, string][] =
    seen.length > 0
      ? seen.map((figures) => [`${figures.label} sees`, figuresText(figures)])
      : [['The model sees', `${JSON_ONLY}: recorded without it (Open in diff counts it)`]];
  return [...model, ['JSON tokens', figuresText(jsonFigures(entry))]];
}

function fields(entry: HistoryEntry): [string, string][] {
  return [
    ['Handle', entry.handle],
    ['Created', formatTimestamp(entry.created_at)],
    ['Source', entry.source_name ?? 'unknown (written by another program)'],
    ['Tools', entry.tool_count === null ? 'unknown' : formatInt(entry.tool_count)],
    ...figureFields(entry),
    ['Original size', `${formatBytes(entry.bytes)} (${formatInt(entry.bytes)} bytes)`],
    ['Tokenizer', entry.tokenizer ?? 'unknown'],
    ['Content type', entry.content_type],
    ['Compressor', entry.compressor],
  ];
}

export function HistoryDetails() {
  const { commands } = useApp();
  const { selected, details, detailsState, detailsError, several } = useHistory(
    useShallow((state) => ({
      selected: state.selected,
      details: state.details,
      detailsState: state.detailsState,
      detailsError: state.detailsError,
      several: state.selection.length > 1,
    })),
  );
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [opening, setOpening] = useState(false);
  const [originals, setOriginals] = useState(false);

  if (several) return <HistorySelection />;
  if (selected === null || !details) {
    return (
      <aside className="panel details-panel" aria-label="Details">
        <div className="details-empty">{selected === null ? <NothingSelected /> : <NoDetails detailsState={detailsState} detailsError={detailsError} />}</div>
      </aside>
    );
  }

  const missing = detailsState === 'missing';
  const openInDiff = async () => {
    setOpening(true);
    await commands.openHandle(details.handle);
    setOpening(false);
  };
  const confirmDelete = async () => {
    setDeleting(true);
    if (await commands.deleteHandle(details.handle)) setConfirming(false);
    setDeleting(false);
  };

  return (
    <aside className="panel details-panel" aria-label="Details">
      <div className="details-head">
        <h3 className="details-title" title={details.source_name ?? details.handle}>
          {details.source_name ?? details.handle}
        </h3>
        {missing ? <p className="details-warning">This handle is no longer in the store.</p> : null}
      </div>
      <dl className="details-fields">
        {fields(details).map(([label, value]) => (
          <div key={label} className="details-field">
            <dt>{label}</dt>
            <dd className={label === 'Handle' ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <DetailsActions
        handle={details.handle}
        missing={missing}
        opening={opening}
        onOpen={() => void openInDiff()}
        onOriginals={() => setOriginals(true)}
        onDelete={() => setConfirming(true)}
      />
      {/* Below the actions: the list row shown while the entry loads has no shrinks, and their arrival must not move a button under the pointer. */}
      {details.shrinks ? <HistoryShrinks shrinks={details.shrinks} /> : null}
      {originals && !missing ? (
        <ToolOriginalsDialog key={details.handle} handle={details.handle} source={details.source_name ?? details.handle} onClose={() => setOriginals(false)} />
      ) : null}
      {confirming ? <DeleteConfirm entry={details} busy={deleting} onConfirm={() => void confirmDelete()} onCancel={() => setConfirming(false)} /> : null}
    </aside>
  );
}

function NothingSelected() {
  return (
    <>
      <Icon name="history" size={26} />
      <p>Select a handle to see its details, recover its original or open it in the diff.</p>
    </>
  );
}

/** A selected handle without its details: loading, gone from the store, or unreadable. */
function NoDetails({ detailsState, detailsError }: Pick<HistoryState, 'detailsState' | 'detailsError'>) {
  if (detailsState === 'loading') return <Spinner label="Loading details…" />;
  if (detailsState === 'missing') return <p>This handle is no longer in the store.</p>;
  return <p role="alert">Could not read this handle: {detailsError?.message ?? 'unknown error'}</p>;
}

interface DetailsActionsProps {
  handle: string;
  /** The handle is no longer in the store: nothing can be done with it. */
  missing: boolean;
  /** Open in diff is under way. */
  opening: boolean;
  onOpen: () => void;
  onOriginals: () => void;
  onDelete: () => void;
}

function DetailsActions({ handle, missing, opening, onOpen, onOriginals, onDelete }: DetailsActionsProps) {
  const { commands } = useApp();
  return (
    <div className="details-actions">
      <button type="button" className="button button-primary" onClick={onOpen} disabled={opening || missing}>
        <Icon name="diff" />
        Open in diff
      </button>
      <button type="button" className="button" onClick={() => void commands.saveHandle(handle, 'original')} disabled={missing}>
        <Icon name="save" />
        Recover original…
      </button>
      <button type="button" className="button" onClick={() => void commands.saveHandle(handle, 'compressed')} disabled={missing}>
        <Icon name="save" />
        Export compressed…
      </button>
      <button
        type="button"
        className="button"
        onClick={onOriginals}
        disabled={missing}
        title="Each tool's original definition, marked shortened or complete — what the proxy's caveman_describe answers"
      >
        <Icon name="tool" />
        Tool originals…
      </button>
      <button type="button" className="button button-danger-quiet" onClick={onDelete} disabled={missing}>
        <Icon name="trash" />
        Delete…
      </button>
    </div>
  );
}

function DeleteConfirm({ entry, busy, onConfirm, onCancel }: { entry: HistoryEntry; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog title="Delete this handle?" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} busy={busy}>
      <p>
        <code>{entry.handle}</code>
        {entry.source_name ? ` (${entry.source_name})` : ''} will be removed from the recovery store.
      </p>
      <p>The original can no longer be recovered from this handle. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
