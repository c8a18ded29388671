// What the Results tab shows before anything is loaded: the results open
// last time (before a reload or a restart), offered again from history; the
// three ways in (drop, open, paste) and the keyboard shortcuts.

import { useStore } from 'zustand';
import { useApp } from '../app-context';
import type { LastResult } from '../state/last-results';
import { Icon } from './icon';
import { ShortcutList } from './shortcut-list';

/** "a.json, b.json and 3 more" */
function namesOf(results: readonly LastResult[]): string {
  const shown = results.slice(0, 3).map((result) => result.name);
  return results.length > shown.length ? `${shown.join(', ')} and ${results.length - shown.length} more` : shown.join(', ').replace(/, ([^,]*)$/, ' and $1');
}

function LastResults() {
  const { stores, commands } = useApp();
  const results = useStore(stores.lastResults, (state) => state.results);
  if (results.length === 0) return null;
  const reopen = async () => {
    stores.lastResults.getState().dismiss();
    for (const result of results) await commands.openHandle(result.handle);
  };
  return (
    <section className="empty-last" aria-label="Last results">
      <p className="empty-last-text">
        Open last time: <span className="empty-last-names">{namesOf(results)}</span>. {results.length === 1 ? 'Its original is' : 'Their originals are'} in
        history.
      </p>
      <div className="empty-last-actions">
        <button type="button" className="button" onClick={() => void reopen()}>
          <Icon name="open" />
          {results.length === 1 ? 'Open it again' : `Open all ${results.length} again`}
        </button>
        <button type="button" className="button" onClick={() => stores.lastResults.getState().dismiss()}>
          Not now
        </button>
      </div>
    </section>
  );
}

export function EmptyState() {
  const { commands } = useApp();
  return (
    <div className="empty-state">
      <div className="empty-card">
        <div className="empty-icon">
          <Icon name="drop" size={28} />
        </div>
        <h2 className="empty-title">Shrink a tool catalog</h2>
        <LastResults />
        <p className="empty-text">
          Drop one or more MCP or OpenAI tool catalogs (JSON) anywhere in this window. Caveman Shrink removes the annotations and prose a model does not need,
          keeps every name, type, enum, default and rule, and stores the original byte for byte in your local recovery store.
        </p>
        <div className="empty-actions">
          <button type="button" className="button button-primary" onClick={() => void commands.open()}>
            <Icon name="open" />
            Choose catalog files…
          </button>
          <button type="button" className="button" onClick={() => void commands.paste()}>
            <Icon name="paste" />
            Paste JSON from clipboard
          </button>
        </div>
        <ShortcutList />
      </div>
    </div>
  );
}
