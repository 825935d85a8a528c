import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { useModalDialog } from './useModalDialog.ts';

type Props = {
  open: boolean;
  /** Runs each time it opens, to reset the form. */
  onShow?: () => void;
  onClose: () => void;
  titleId: string;
  title: ReactNode;
  describedBy?: string;
  wide?: boolean;
  noValidate?: boolean;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  submitLabel: ReactNode;
  submitVariant?: 'primary' | 'danger';
  submitDisabled?: boolean;
  /** Escape does not close it while `busy`, so the request's answer is not shown to no one. */
  holdWhileBusy?: boolean;
  children: ReactNode;
};

/**
 * A modal form: a title, the fields, and Cancel beside the submit button, which shows the
 * pending action. Built on the native <dialog> (see useModalDialog).
 */
export function FormDialog({
  open,
  onShow,
  onClose,
  titleId,
  title,
  describedBy,
  wide,
  noValidate,
  onSubmit,
  busy,
  submitLabel,
  submitVariant = 'primary',
  submitDisabled,
  holdWhileBusy,
  children,
}: Props) {
  const { t } = useTranslation();
  const ref = useModalDialog(open, onShow);
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
      onCancel={holdWhileBusy ? (event) => busy && event.preventDefault() : undefined}
    >
      <form className="stack" onSubmit={onSubmit} noValidate={noValidate}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="dialog-actions">
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={submitVariant} busy={busy} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
