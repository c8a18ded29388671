// The keyboard shortcuts sheet, open from anywhere with ? (outside text
// fields) or View › Keyboard Shortcuts; Escape or Close dismisses it.

import { useId, useRef } from 'react';
import { useApp, useUi } from '../app-context';
import { useModalDialog } from '../hooks/use-modal-dialog';
import { ShortcutList } from './shortcut-list';

export function ShortcutsDialog() {
  const open = useUi((state) => state.shortcutsOpen);
  return open ? <ShortcutsDialogBody /> : null;
}

function ShortcutsDialogBody() {
  const { stores } = useApp();
  const closeRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(closeRef);
  const titleId = useId();
  const close = () => stores.ui.getState().setShortcutsOpen(false);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 className="dialog-title" id={titleId}>
        Keyboard shortcuts
      </h2>
      <ShortcutList full />
      <div className="dialog-actions">
        <button type="button" className="button" ref={closeRef} onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}
