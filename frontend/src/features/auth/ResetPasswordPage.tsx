import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { isolated } from '../../lib/format.ts';
import { fieldRefusal, newPasswordRefusal, tooManyAttempts } from '../../lib/refusals.ts';
import { useServices } from '../../lib/services.ts';
import { AuthCard } from './AuthCard.tsx';
import { Done } from './Done.tsx';

/**
 * The mailed reset link's screen: the token and the address come from the link, the user
 * chooses the new password. Every device is signed out afterwards, this one too.
 */
export function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const { auth } = useServices();
  const params = new URLSearchParams(useSearch());
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; password_confirmation?: string }>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFormError('');
    if (password !== confirmation) {
      setErrors({ password_confirmation: t('errors.passwordsDoNotMatch') });
      return;
    }
    setBusy(true);
    try {
      await auth.resetPassword({ email, token, password, password_confirmation: confirmation });
      setDone(true);
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors : {};
      // The server's rules are the registration's: its messages here are known ones.
      setErrors({
        password: fields.password && newPasswordRefusal(t, fields.password[0]),
        password_confirmation: fields.password_confirmation && t('errors.passwordsDoNotMatch'),
      });
      const linkError = fieldRefusal(t, error, 'token') ?? fieldRefusal(t, error, 'email');
      if (linkError) setFormError(linkError);
      else if (error instanceof ApiError && error.status === 429)
        setFormError(tooManyAttempts(t, error, i18n.language));
      else if (!(error instanceof ApiError) || error.status !== 422) {
        setFormError(
          (error instanceof ApiError && error.status !== null && error.message) || t('errors.resetPasswordFailed'),
        );
      }
    } finally {
      setBusy(false);
    }
  }

  if (!token || !email) {
    return (
      <AuthCard title={t('auth.resetTitle')} subtitle={t('auth.resetLinkIncomplete')}>
        <Link href="/forgot-password">{t('auth.requestNewLink')}</Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('auth.resetTitle')}
      subtitle={t('auth.resetSubtitle', { email: isolated(email) })}
      error={formError}
    >
      {done ? (
        <Done message={t('auth.resetDone')} href="/login" label={t('auth.login')} />
      ) : (
        <>
          <form className="stack" onSubmit={submit} noValidate>
            <TextField
              label={t('auth.newPassword')}
              type="password"
              name="password"
              autoComplete="new-password"
              required
              hint={t('auth.passwordHint')}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
            />
            <TextField
              label={t('auth.confirmNewPassword')}
              type="password"
              name="password_confirmation"
              autoComplete="new-password"
              required
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              error={errors.password_confirmation}
            />
            <Button type="submit" variant="primary" busy={busy} block>
              {t('auth.resetSubmit')}
            </Button>
          </form>
          {formError && <Link href="/forgot-password">{t('auth.requestNewLink')}</Link>}
        </>
      )}
    </AuthCard>
  );
}
