// Paste JSON when the clipboard cannot be read directly (the host refused, or
// it was empty): a text area to paste into, analysed as "pasted.json".

import { useId, useRef, useState } from 'react';
import { useApp, useUi } from '../app-context';
import { useModalDialog } from '../hooks/use-modal-dialog';

export function PasteDialog() {
  const open = useUi((state) => state.pasteDialogOpen);
  return open ? <PasteDialogBody /> : null;
}

function PasteDialogBody() {
  const { stores, commands } = useApp();
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const ref = useModalDialog(areaRef);
  const [text, setText] = useState('');
  const titleId = useId();
  const hintId = useId();

  const close = () => stores.ui.getState().setPasteDialogOpen(false);
  const submit = () => {
    if (text.trim() === '') return;
    close();
    void commands.shrinkText(text);
  };

  return (
    <dialog
      ref={ref}
      className="dialog dialog-wide"
      aria-labelledby={titleId}
      aria-describedby={hintId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 className="dialog-title" id={titleId}>
        Paste JSON
      </h2>
      <p className="dialog-body" id={hintId}>
        The clipboard could not be read directly. Paste the catalog here; it is shrunk as <code>pasted.json</code>.
      </p>
      <label className="visually-hidden" htmlFor={`${titleId}-text`}>
        Catalog JSON
      </label>
      <textarea
        id={`${titleId}-text`}
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
      <div className="dialog-actions">
        <button type="button" className="button" onClick={close}>
          Cancel
        </button>
        <button type="button" className="button button-primary" onClick={submit} disabled={text.trim() === ''}>
          Shrink
        </button>
      </div>
    </dialog>
  );
}
