// Keyboard input that belongs to the whole window: in the browser, the
// Ctrl/Cmd shortcuts (Electron's menu owns them there and sends
// menuCommand instead); everywhere, pasting JSON (or files) when focus is
// not in a text field or the diff editor; and ? for the shortcuts sheet.

import { useEffect } from 'react';
import { useApp } from '../app-context';
import { isInEditor, isTextField } from '../lib/focus-target';
import { commandForKey } from '../lib/shortcuts';

export function useGlobalKeys(): void {
  const { api, stores, commands, mac } = useApp();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      // ? opens the shortcuts sheet wherever typing a ? means nothing.
      if (event.key === '?' && !event.ctrlKey && !event.metaKey && !event.altKey) {
        const target = event.target instanceof Element ? event.target : null;
        if (isTextField(target) || isInEditor(target) || document.querySelector('dialog[open]')) return;
        event.preventDefault();
        stores.ui.getState().setShortcutsOpen(true);
        return;
      }
      if (api.platform !== 'browser') return;
      const command = commandForKey(event, mac);
      if (!command) return;
      // Inside the diff editor, Find is the editor's own search.
      if (command === 'find' && isInEditor(event.target instanceof Element ? event.target : null)) return;
      event.preventDefault();
      commands.run(command);
    };

    const onPaste = (event: ClipboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (isTextField(target) || isInEditor(target) || isTextField(document.activeElement)) return;
      if (document.querySelector('dialog[open]')) return;
      const data = event.clipboardData;
      if (!data) return;
      const files = Array.from(data.files);
      const text = data.getData('text/plain');
      if (files.length === 0 && text.trim() === '') return;
      event.preventDefault();
      if (files.length > 0) void commands.shrinkFiles(files);
      else void commands.shrinkText(text);
    };

    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('paste', onPaste);
    };
  }, [api, stores, commands, mac]);
}
