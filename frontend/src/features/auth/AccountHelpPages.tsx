import { MailQuestion } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.ts';
import { AuthCard } from './AuthCard.tsx';

/** Forgot password: asks the API to send a reset link, and says plainly when it cannot. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { auth } = useServices();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setResult({ ok: true, message: await auth.forgotPassword(email) });
    } catch (error) {
      const unavailable = error instanceof ApiError && error.status === 404;
      setResult({
        ok: false,
        message: unavailable ? t('auth.resetUnavailable') : (error instanceof Error && error.message) || '',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')}>
      {result && (
        <div className="notice" role={result.ok ? 'status' : 'alert'}>
          <MailQuestion size={20} aria-hidden />
          <div>
            {!result.ok && <strong>{t('errors.resetEmailFailed')}. </strong>}
            {result.message}
          </div>
        </div>
      )}
      <form className="stack" onSubmit={submit}>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" variant="primary" busy={busy} block>
          {t('auth.sendResetLink')}
        </Button>
      </form>
      <Link href="/login">{t('auth.backToLogin')}</Link>
    </AuthCard>
  );
}

export function VerifyEmailPage() {
  const { t } = useTranslation();
  return (
    <div className="card guest-card stack">
      <h1>{t('auth.verifyTitle')}</h1>
      <p className="muted">{t('auth.verifyBody')}</p>
      <Link href="/dashboard">{t('notFound.home')}</Link>
    </div>
  );
}
