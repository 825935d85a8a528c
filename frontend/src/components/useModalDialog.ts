import { useEffect, useRef } from 'react';

/**
 * A native modal <dialog> that follows `open`: showModal() moves focus in and keeps it there,
 * makes the page behind inert and closes on Escape; closing returns focus to where it was.
 * `onShow` runs each time it opens, to reset a form.
 */
export function useModalDialog(open: boolean, onShow?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const showing = useRef(onShow);
  showing.current = onShow;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      showing.current?.();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
