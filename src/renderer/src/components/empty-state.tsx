// What the Results tab shows before anything is loaded: the three ways in
// (drop, open, paste) and the keyboard shortcuts.

import { useApp } from '../app-context';
import { Icon } from './icon';
import { ShortcutList } from './shortcut-list';

export function EmptyState() {
  const { commands } = useApp();
  return (
    <div className="empty-state">
      <div className="empty-card">
        <div className="empty-icon">
          <Icon name="drop" size={28} />
        </div>
        <h2 className="empty-title">Shrink a tool catalog</h2>
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
