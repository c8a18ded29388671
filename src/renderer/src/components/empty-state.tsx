// What the Results tab shows before anything is loaded: the three ways in
// (drop, open, paste) and the keyboard shortcuts.

import { useApp } from '../app-context';
import { shortcutLabel } from '../lib/shortcuts';
import { Icon } from './icon';

export function EmptyState() {
  const { commands, mac } = useApp();
  const shortcuts: [string, string][] = [
    [shortcutLabel('open', mac), 'Open catalog files'],
    [shortcutLabel('paste', mac), 'Paste JSON (outside a text field)'],
    [shortcutLabel('save-compressed', mac), 'Save the compressed catalog'],
    [shortcutLabel('save-original', mac), 'Save the original catalog'],
    [shortcutLabel('find', mac), 'Find: filter tools, or search in the diff'],
  ];
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
        <dl className="shortcut-list" aria-label="Keyboard shortcuts">
          {shortcuts.map(([keys, what]) => (
            <div key={what} className="shortcut-row">
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
