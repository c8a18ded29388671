// The settings new analyses use, in the toolbar: the tokenizer (changing it
// re-measures the catalog on screen), the level (how much description text
// stays; picking another re-shrinks it), the listing's token budget (each
// tool at the richest level at or below the level that lets it fit; a new
// one re-shrinks it) and shared sub-schemas (switching re-shrinks it). A window narrower than COMPACT_TOOLBAR has no room for them
// in the row, whole: they fold into a Settings button that opens them in a
// popover under it, where the picker shows its whole label.

import { useEffect, useId, useRef, useState } from 'react';
import { isTokenizerName } from '../../../shared/tokenizers';
import { LEVELS, LEVEL_KEEPS, isLevelName } from '../../../shared/levels';
import { useApp, useSettings } from '../app-context';
import { tokenizerLabel } from '../lib/tokenizer-families';
import { levelLabel } from '../lib/level-labels';
import { availableTokenizers, readBudget } from '../state/settings-store';
import { Icon } from './icon';

/** The window width below which the settings fold into the Settings button (the same query as app-frame.css). */
export const COMPACT_TOOLBAR = '(max-width: 1600px)';

export function AnalysisSettings() {
  const { commands } = useApp();
  const tokenizer = useSettings((state) => state.tokenizer);
  const shareSchemas = useSettings((state) => state.shareSchemas);
  const level = useSettings((state) => state.level);
  const appInfo = useSettings((state) => state.appInfo);
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  // Widened past the compact width while open: the settings go back into the row, and the popover closes.
  useEffect(() => {
    const query = window.matchMedia(COMPACT_TOOLBAR);
    const widened = () => {
      if (!query.matches && panelRef.current?.matches(':popover-open')) panelRef.current.hidePopover();
    };
    query.addEventListener('change', widened);
    return () => query.removeEventListener('change', widened);
  }, []);

  const budget = useSettings((state) => state.budget);
  const current =
    `Tokenizer ${tokenizerLabel(tokenizer)}; level ${level}; ` +
    `${budget === null ? 'no budget' : `budget ${budget} tokens`}; sub-schemas ${shareSchemas ? 'shared' : 'not shared'}`;
  return (
    <>
      <button type="button" className="button settings-toggle" popoverTarget={panelId} title={`Settings for the analyses — ${current}`}>
        <Icon name="sliders" />
        Settings
      </button>
      <div id={panelId} ref={panelRef} className="analysis-settings" popover="auto" role="group" aria-label="Analysis settings">
        <div className="select-field">
          <label className="select-label" htmlFor="tokenizer-select">
            Tokenizer
          </label>
          <select
            id="tokenizer-select"
            value={tokenizer}
            onChange={(event) => {
              if (isTokenizerName(event.target.value)) commands.setTokenizer(event.target.value);
            }}
            title="Pick your model’s family; counts are local estimates (basis: inferred)"
          >
            {availableTokenizers(appInfo).map((name) => (
              <option key={name} value={name}>
                {tokenizerLabel(name)}
              </option>
            ))}
          </select>
        </div>
        <div className="select-field">
          <label className="select-label" htmlFor="level-select">
            Level
          </label>
          <select
            id="level-select"
            value={level}
            onChange={(event) => {
              if (isLevelName(event.target.value)) commands.setLevel(event.target.value);
            }}
            title={`How much description text the model sees — ${level}: ${LEVEL_KEEPS[level]}`}
          >
            {LEVELS.map((name) => (
              <option key={name} value={name} title={LEVEL_KEEPS[name]}>
                {levelLabel(name)}
              </option>
            ))}
          </select>
        </div>
        {/* Keyed by the budget in force: a budget set elsewhere (a reload, another window's pick) starts the field afresh. */}
        <BudgetField key={budget ?? 'none'} budget={budget} onChange={(next) => commands.setBudget(next)} />
        <label
          className="switch toolbar-switch"
          title="Write identical sub-schemas repeated inside a tool once, in its $defs, and reference them (off by default: not every client resolves $ref)"
        >
          <span className="switch-control">
            <input type="checkbox" checked={shareSchemas} onChange={(event) => commands.setShareSchemas(event.target.checked)} />
            <span className="switch-track" aria-hidden="true" />
          </span>
          Share sub-schemas
        </label>
      </div>
    </>
  );
}

const BUDGET_TITLE =
  'Tokens the listing may take as Claude is handed it (the describe tool included): ' +
  'each tool at the richest level at or below Level that lets it fit; empty for none';

/** The listing's token budget: typed, then taken on Enter or leaving the field (empty: none), so a shrink does not follow every keystroke. */
function BudgetField({ budget, onChange }: { budget: number | null; onChange: (budget: number | null) => void }) {
  const [text, setText] = useState(budget === null ? '' : String(budget));
  const commit = () => {
    const next = text.trim() === '' ? null : readBudget(text);
    if (next === null && text.trim() !== '') setText(budget === null ? '' : String(budget));
    else if (next !== budget) onChange(next);
  };
  return (
    <div className="select-field">
      <label className="select-label" htmlFor="budget-input">
        Budget
      </label>
      <input
        id="budget-input"
        className="budget-input"
        inputMode="numeric"
        placeholder="none"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        title={BUDGET_TITLE}
      />
    </div>
  );
}
