// Every modal of the app: a <dialog> shown modal while mounted (the page
// behind is inert), focus on the control the caller names, Escape calling
// onClose, a title and an optional description that name it for assistive
// tech, and a row of actions at the bottom. Never taller than the window:
// the title and the actions stay in view and what is between them scrolls.

import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';

export interface ModalDialogProps {
  title: string;
  /** The sentence(s) under the title; they describe the dialog (aria-describedby). */
  description?: ReactNode;
  /** Escape; the caller's own Cancel or Close buttons call it too. */
  onClose(): void;
  /** The control that takes focus when the dialog opens (else the browser's first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Extra classes beside "dialog" (e.g. dialog-wide). */
  className?: string;
  /** A question with a destructive answer: role=alertdialog. */
  alert?: boolean;
  actions: ReactNode;
  children?: ReactNode;
}

export function ModalDialog({ title, description, onClose, initialFocus, className, alert = false, actions, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
    return () => dialog.close();
  }, [initialFocus]);

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      {...(alert ? { role: 'alertdialog', 'aria-modal': 'true' } : {})}
      aria-labelledby={titleId}
      aria-describedby={description === undefined ? undefined : bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 className="dialog-title" id={titleId}>
        {title}
      </h2>
      <div className="dialog-content">
        {description === undefined ? null : (
          <div className="dialog-body" id={bodyId}>
            {description}
          </div>
        )}
        {children}
      </div>
      <div className="dialog-actions">{actions}</div>
    </dialog>
  );
}
