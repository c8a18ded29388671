// The settings new analyses use, in the toolbar: the tokenizer (changing it
// re-measures the catalog on screen), the level (how much description text
// stays; picking another re-shrinks it), the listing's token budget (each
// tool at the richest level at or below the level that lets it fit; a new
// one re-shrinks it), shared sub-schemas (switching re-shrinks it), then the
// app's theme (as the system, light or dark). A window narrower than
// COMPACT_TOOLBAR has no room for them in the row, whole: they fold into a
// Settings button that opens them in a popover under it, where the picker
// shows its whole label.

import { useEffect, useId, useRef, useState } from 'react';
import { isTokenizerName } from '../../../shared/tokenizers';
import { LEVELS, LEVEL_KEEPS, isLevelName } from '../../../shared/levels';
import { useApp, useSettings } from '../app-context';
import { tokenizerLabel } from '../lib/tokenizer-families';
import { levelLabel } from '../lib/level-labels';
import { availableTokenizers, isTheme, readBudget, THEMES, type Theme } from '../state/settings-store';
import { Icon } from './icon';

const THEME_LABELS: Record<Theme, string> = { system: 'As the system', light: 'Light', dark: 'Dark' };

/** The window width below which the settings fold into the Settings button (the same query as app-frame.css). */
export const COMPACT_TOOLBAR = '(max-width: 1600px)';

interface SettingSelectProps<T extends string> {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  isOption(value: string): value is T;
  onPick(value: T): void;
  optionLabel(value: T): string;
  optionTitle?(value: T): string;
  title: string;
}

/** One labelled picker of the settings. */
function SettingSelect<T extends string>({ id, label, value, options, isOption, onPick, optionLabel, optionTitle, title }: SettingSelectProps<T>) {
  return (
    <div className="select-field">
      <label className="select-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isOption(event.target.value)) onPick(event.target.value);
        }}
        title={title}
      >
        {options.map((name) => (
          <option key={name} value={name} title={optionTitle?.(name)}>
            {optionLabel(name)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function AnalysisSettings() {
  const { commands, stores } = useApp();
  const theme = useSettings((state) => state.theme);
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
        <SettingSelect
          id="tokenizer-select"
          label="Tokenizer"
          value={tokenizer}
          options={availableTokenizers(appInfo)}
          isOption={isTokenizerName}
          onPick={commands.setTokenizer}
          optionLabel={tokenizerLabel}
          title="Pick your model’s family; counts are local estimates (basis: inferred)"
        />
        <SettingSelect
          id="level-select"
          label="Level"
          value={level}
          options={LEVELS}
          isOption={isLevelName}
          onPick={commands.setLevel}
          optionLabel={levelLabel}
          optionTitle={(name) => LEVEL_KEEPS[name]}
          title={`How much description text the model sees — ${level}: ${LEVEL_KEEPS[level]}`}
        />
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
        <SettingSelect
          id="theme-select"
          label="Theme"
          value={theme}
          options={THEMES}
          isOption={isTheme}
          onPick={(picked) => stores.settings.getState().setTheme(picked)}
          optionLabel={(name) => THEME_LABELS[name]}
          title="Light or dark, or as the system is set (kept across restarts)"
        />
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
