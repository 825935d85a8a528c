import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { ModalDialog } from './ModalDialog.tsx';

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
 * pending action. Built on the native <dialog> (see ModalDialog).
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
  return (
    <ModalDialog
      open={open}
      onShow={onShow}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={describedBy}
      wide={wide}
      holdWhile={holdWhileBusy && busy}
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
    </ModalDialog>
  );
}
