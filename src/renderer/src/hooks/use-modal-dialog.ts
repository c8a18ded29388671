// A <dialog> shown modal while its component is mounted, with focus on the
// control the dialog names, and closed when the component goes.

import { useEffect, useRef, type RefObject } from 'react';

export function useModalDialog(focus: RefObject<HTMLElement | null>): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    focus.current?.focus();
    return () => dialog.close();
  }, [focus]);
  return ref;
}
