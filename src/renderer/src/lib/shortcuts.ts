// Keyboard shortcuts in the browser host (in Electron the app menu owns the
// accelerators and sends the same commands as menuCommand events), and the
// labels shown in button titles.

import type { MenuCommandEvent } from '../../../shared/contracts';

export type AppCommand = MenuCommandEvent['command'];

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** The command a key press asks for in the browser, or null. `mac` picks Cmd over Ctrl. */
export function commandForKey(event: KeyLike, mac: boolean): AppCommand | null {
  const primary = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  if (!primary || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'o' && !event.shiftKey) return 'open';
  if (key === 's') return event.shiftKey ? 'save-original' : 'save-compressed';
  if (key === 'f' && !event.shiftKey) return 'find';
  return null;
}

/** True on macOS (by the user agent's platform string). */
export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad/i.test(platform);
}

const LABELS: Partial<Record<AppCommand, { key: string; shift?: boolean }>> = {
  open: { key: 'O' },
  paste: { key: 'V' },
  'save-compressed': { key: 'S' },
  'save-original': { key: 'S', shift: true },
  find: { key: 'F' },
};

/** "Ctrl+Shift+S" or "⇧⌘S" for a command, or "" when it has no shortcut. */
export function shortcutLabel(command: AppCommand, mac: boolean): string {
  const label = LABELS[command];
  if (!label) return '';
  if (mac) return `${label.shift ? '⇧' : ''}⌘${label.key}`;
  return `Ctrl+${label.shift ? 'Shift+' : ''}${label.key}`;
}

/** "Save compressed… (Ctrl+S)": a button title with its shortcut. */
export function titleWithShortcut(text: string, command: AppCommand, mac: boolean): string {
  const shortcut = shortcutLabel(command, mac);
  return shortcut ? `${text} (${shortcut})` : text;
}
