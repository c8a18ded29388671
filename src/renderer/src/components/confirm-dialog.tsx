// A modal question with a destructive answer (role=alertdialog): focus starts
// on Cancel, Escape cancels, the page behind is inert while it is open.

import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from '../hooks/use-modal-dialog';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}

export function ConfirmDialog({ title, children, confirmLabel, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog(cancelRef);
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      ref={ref}
      className="dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 className="dialog-title" id={titleId}>
        {title}
      </h2>
      <div className="dialog-body" id={bodyId}>
        {children}
      </div>
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
