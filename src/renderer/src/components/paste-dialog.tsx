// Paste JSON when the clipboard gave no catalog (the host refused to read it,
// or it was empty — the dialog says which): a text area to paste into,
// analysed under the name the next paste gets ("pasted.json", "pasted-2.json"…).

import { useId, useRef, useState } from 'react';
import { useApp, useCatalogs, useUi } from '../app-context';
import { pastedName } from '../lib/catalog-input';
import type { PasteDialogReason } from '../state/ui-store';
import { ModalDialog } from './modal-dialog';

const WHY: Record<PasteDialogReason, string> = {
  unreadable: 'The clipboard could not be read directly.',
  empty: 'The clipboard is empty: copy the catalog’s JSON first, or paste it here.',
};

export function PasteDialog() {
  const reason = useUi((state) => state.pasteDialog);
  return reason ? <PasteDialogBody reason={reason} /> : null;
}

function PasteDialogBody({ reason }: { reason: PasteDialogReason }) {
  const { stores, commands } = useApp();
  const name = useCatalogs((state) => pastedName(state.pastes + 1));
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const areaId = useId();

  const close = () => stores.ui.getState().setPasteDialog(null);
  const submit = () => {
    if (text.trim() === '') return;
    close();
    void commands.shrinkText(text);
  };

  return (
    <ModalDialog
      title="Paste JSON"
      className="dialog-wide"
      description={
        <>
          {WHY[reason]} {reason === 'empty' ? 'It' : 'Paste the catalog here; it'} is shrunk as <code>{name}</code>.
        </>
      }
      onClose={close}
      initialFocus={areaRef}
      actions={
        <>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={submit} disabled={text.trim() === ''}>
            Shrink
          </button>
        </>
      }
    >
      <label className="visually-hidden" htmlFor={areaId}>
        Catalog JSON
      </label>
      <textarea
        id={areaId}
        ref={areaRef}
        className="paste-area"
        value={text}
        spellCheck={false}
        placeholder='{"tools": [ … ]}'
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
      />
    </ModalDialog>
  );
}
