import { Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { tooManyAttempts } from '../../lib/refusals.ts';
import { useServices } from '../../lib/services.ts';

/**
 * The profile's danger zone: deleting the account for good. The dialog asks for the password
 * (a session left open on a shared computer must not be enough to erase someone's history), or,
 * for an account made through Google, which has none, for its email address typed out; then it
 * signs out on this device and shows the sign-in page.
 */
export function DeleteAccount() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { auth, toasts } = useServices();
  const { user } = useSnapshot(auth.state);
  const byEmail = user?.has_password === false;
  const [open, setOpen] = useState(false);
  /** The password, or the email address for an account without one. */
  const [confirmation, setConfirmation] = useState('');
  /** About the confirmation field; `refusal` is about the request as a whole (the last admin). */
  const [error, setError] = useState('');
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const section = useRef<HTMLElement>(null);
  const reset = () => {
    setConfirmation('');
    setError('');
    setRefusal('');
  };

  // Settings links here with #delete-account: show the section rather than the page's top.
  useEffect(() => {
    if (window.location.hash === '#delete-account') section.current?.scrollIntoView({ block: 'center' });
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Cleared first, so the same message again is announced again.
    setError('');
    setRefusal('');
    if (confirmation === '') {
      setTimeout(() => setError(t(byEmail ? 'profile.delete.emailRequired' : 'profile.delete.passwordRequired')));
      return;
    }
    setBusy(true);
    try {
      await auth.deleteAccount(byEmail ? { email: confirmation } : { password: confirmation });
      setOpen(false);
      toasts.success(t('profile.delete.done'));
      navigate('/login');
    } catch (failure) {
      const status = failure instanceof ApiError ? failure.status : null;
      if (status === 422) setError(t(byEmail ? 'profile.delete.wrongEmail' : 'profile.delete.wrongPassword'));
      else if (status === 429) setError(tooManyAttempts(t, failure, i18n.language));
      else if (status === 409) setRefusal(t('profile.delete.lastAdmin'));
      else if (status !== 401) toasts.error(t('profile.delete.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      ref={section}
      id="delete-account"
      className="card stack-sm danger-zone"
      aria-labelledby="delete-account-title"
    >
      <h2 id="delete-account-title">{t('profile.delete.title')}</h2>
      <p className="muted">{t('profile.delete.body')}</p>
      <Button className="danger-zone-open" icon={<Trash2 size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('profile.delete.open')}
      </Button>
      <FormDialog
        open={open}
        onShow={reset}
        onClose={() => setOpen(false)}
        titleId="delete-dialog-title"
        title={t('profile.delete.confirmTitle')}
        describedBy="delete-dialog-body"
        noValidate
        onSubmit={submit}
        busy={busy}
        submitLabel={t('profile.delete.confirm')}
        submitVariant="danger"
        // Escape must not hide the dialog while the request is out: its answer would go unseen.
        holdWhileBusy
      >
        <p id="delete-dialog-body" className="muted">
          {t(byEmail ? 'profile.delete.confirmBodyEmail' : 'profile.delete.confirmBody')}
        </p>
        <TextField
          label={t(byEmail ? 'profile.delete.email' : 'profile.delete.password')}
          type={byEmail ? 'email' : 'password'}
          autoComplete={byEmail ? 'off' : 'current-password'}
          value={confirmation}
          maxLength={byEmail ? 254 : 200}
          onChange={(e) => setConfirmation(e.target.value)}
          error={error || undefined}
          autoFocus
        />
        {refusal && (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        )}
      </FormDialog>
    </section>
  );
}
