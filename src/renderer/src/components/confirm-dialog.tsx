// A modal question with a destructive answer (role=alertdialog): focus starts
// on Cancel, Escape cancels, the page behind is inert while it is open.

import { useRef, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

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
  return (
    <ModalDialog
      alert
      title={title}
      description={children}
      onClose={onCancel}
      initialFocus={cancelRef}
      actions={
        <>
          <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
