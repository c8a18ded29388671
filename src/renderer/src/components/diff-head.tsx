// The diff panel's header: how many changes and the find key, steps between changes, the
// "Collapse unchanged" and "Wrap lines" switches, and the button giving the diff the window.

import { goToNextChunk, goToPreviousChunk, type MergeView } from '@codemirror/merge';
import { useApp, useSettings, useUi } from '../app-context';
import { formatCount } from '../lib/format';
import { CHANGE_KEYS } from '../lib/merge-setup';
import { shortcutLabel } from '../lib/shortcuts';
import { Icon } from './icon';
import { PreviewTag } from './preview-tag';

interface DiffHeadProps {
  changeCount: number;
  /** Why the compressed side is a preview, or null. */
  preview: string | null;
  /** The merge view once built: the change steps wait for it. */
  mergeView: MergeView | null;
}

export function DiffHead({ changeCount, preview, mergeView }: DiffHeadProps) {
  const { mac } = useApp();
  return (
    <div className="panel-head">
      <h3 className="panel-title">Diff</h3>
      <PreviewTag reason={preview} />
      <span className="panel-note diff-note" title={`Click in the text and press ${shortcutLabel('find', mac)} to search both sides`}>
        <span className="diff-note-count">{formatCount(changeCount, 'change')}</span>
        <span className="diff-note-hint"> · {shortcutLabel('find', mac)} in the text</span>
      </span>
      <ChangeSteps mergeView={mergeView} changeCount={changeCount} />
      <DiffSwitches />
      <ExpandButton />
    </div>
  );
}

/** Moves the original side's cursor to the next or previous change and scrolls it in; the other side follows. */
function stepChange(view: MergeView, direction: 1 | -1): void {
  (direction === 1 ? goToNextChunk : goToPreviousChunk)(view.a);
}

/** Previous and next change; off until the merge view is built, and without changes. */
function ChangeSteps({ mergeView, changeCount }: { mergeView: MergeView | null; changeCount: number }) {
  return (
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
  );
}

function DiffSwitches() {
  const { stores } = useApp();
  const collapse = useSettings((state) => state.collapseUnchanged);
  const wrap = useSettings((state) => state.wrapLines);
  return (
    <>
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
    </>
  );
}

function ExpandButton() {
  const { stores } = useApp();
  const expanded = useUi((state) => state.diffExpanded);
  return (
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
  );
}
