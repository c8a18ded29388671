// The keyboard shortcuts sheet, open from anywhere with ? (outside text
// fields) or View › Keyboard Shortcuts; Escape or Close dismisses it.

import { useRef } from 'react';
import { useApp, useUi } from '../app-context';
import { ModalDialog } from './modal-dialog';
import { ShortcutList } from './shortcut-list';

export function ShortcutsDialog() {
  const open = useUi((state) => state.shortcutsOpen);
  return open ? <ShortcutsDialogBody /> : null;
}

function ShortcutsDialogBody() {
  const { stores } = useApp();
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = () => stores.ui.getState().setShortcutsOpen(false);

  return (
    <ModalDialog
      title="Keyboard shortcuts"
      onClose={close}
      initialFocus={closeRef}
      actions={
        <button type="button" className="button" ref={closeRef} onClick={close}>
          Close
        </button>
      }
    >
      <ShortcutList full />
    </ModalDialog>
  );
}
