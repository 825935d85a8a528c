import type { ReactNode } from 'react';
import { useModalDialog } from './useModalDialog.ts';

/**
 * A native modal <dialog> that follows `open` (see useModalDialog), named by its title and
 * described by its body. While `holdWhile` is true Escape does not close it, so the answer of a
 * request under way is not shown to no one.
 */
export function ModalDialog({
  open,
  onShow,
  onClose,
  labelledBy,
  describedBy,
  wide,
  holdWhile,
  testId,
  children,
}: {
  open: boolean;
  /** Runs each time it opens, to reset what it asks. */
  onShow?: () => void;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  wide?: boolean;
  holdWhile?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useModalDialog(open, onShow);
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      onCancel={(event) => holdWhile && event.preventDefault()}
      data-testid={testId}
    >
      {children}
    </dialog>
  );
}
