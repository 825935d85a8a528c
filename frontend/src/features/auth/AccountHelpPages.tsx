import { MailQuestion } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { isolated } from '../../lib/format.ts';
import { tooManyAttempts } from '../../lib/refusals.ts';
import { useServices } from '../../lib/services.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * Forgot password: asks for a reset link. The server answers alike whether or not the address
 * has an account, so the page says the same either way.
 */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const { auth } = useServices();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setSent(false);
    setFieldError('');
    setFormError('');
    try {
      await auth.forgotPassword(email);
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setFieldError(error.fieldErrors.email?.[0] ?? '');
      else if (error instanceof ApiError && error.status === 429)
        setFormError(tooManyAttempts(t, error, i18n.language));
      else
        setFormError(
          (error instanceof ApiError && error.status !== null && error.message) || t('errors.resetEmailFailed'),
        );
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')} error={formError}>
      {sent && (
        <div className="notice" role="status">
          <MailQuestion size={20} aria-hidden />
          <div>{t('auth.resetLinkSent', { email: isolated(email) })}</div>
        </div>
      )}
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError}
        />
        <Button type="submit" variant="primary" busy={busy} block>
          {t('auth.sendResetLink')}
        </Button>
      </form>
      <Link href="/login">{t('auth.backToLogin')}</Link>
    </AuthCard>
  );
}
