// The keyboard shortcuts, listed once: on the empty screen and in the
// shortcuts sheet (? or View › Keyboard Shortcuts).

import { useApp } from '../app-context';
import { CHANGE_KEYS } from '../lib/merge-setup';
import { shortcutLabel } from '../lib/shortcuts';

export function ShortcutList({ full = false }: { full?: boolean }) {
  const { mac } = useApp();
  const shortcuts: [string, string][] = [
    [shortcutLabel('open', mac), 'Open catalog files'],
    [shortcutLabel('paste', mac), 'Paste JSON (outside a text field)'],
    [shortcutLabel('save-compressed', mac), 'Save the compressed catalog'],
    [shortcutLabel('save-original', mac), 'Save the original catalog'],
    [shortcutLabel('find', mac), 'Find: filter tools, or search in the diff'],
    ...(full
      ? ([
          ['Enter / Shift+Enter', 'Next or previous match while finding in the diff'],
          [`${CHANGE_KEYS.nextLabel} / ${CHANGE_KEYS.previousLabel}`, 'Next or previous change, in the diff text'],
          ['↑ ↓ Home End', 'Move between tools or history rows; Enter shows a tool in the diff'],
          ['?', 'Show these shortcuts'],
        ] as [string, string][])
      : []),
  ];
  return (
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
  );
}
