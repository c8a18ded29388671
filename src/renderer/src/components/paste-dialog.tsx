// Paste JSON when the clipboard cannot be read directly (the host refused, or
// it was empty): a text area to paste into, analysed as "pasted.json".

import { useId, useRef, useState } from 'react';
import { useApp, useUi } from '../app-context';
import { ModalDialog } from './modal-dialog';

export function PasteDialog() {
  const open = useUi((state) => state.pasteDialogOpen);
  return open ? <PasteDialogBody /> : null;
}

function PasteDialogBody() {
  const { stores, commands } = useApp();
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const areaId = useId();

  const close = () => stores.ui.getState().setPasteDialogOpen(false);
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
          The clipboard could not be read directly. Paste the catalog here; it is shrunk as <code>pasted.json</code>.
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
