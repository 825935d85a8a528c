import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { ModalDialog } from './ModalDialog.tsx';

type Props = {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => Promise<void> | void;
  onClose: () => void;
};

/**
 * Asks before something that cannot be undone. A native modal <dialog>: focus moves into it and
 * stays there, Escape closes it, and focus returns to the button that opened it.
 */
export function ConfirmDialog({ open, title, body, confirmLabel, danger, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <ModalDialog open={open} onClose={onClose} labelledBy="confirm-title" describedBy="confirm-body">
      <h2 id="confirm-title">{title}</h2>
      <p id="confirm-body" className="muted">
        {body}
      </p>
      <div className="dialog-actions">
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={confirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
