import { MailQuestion } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmailField } from '../../components/AccountFields.tsx';
import { Button } from '../../components/Button.tsx';
import { useForm } from '../../lib/form.ts';
import { isolated } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * Forgot password: asks for a reset link. The server answers alike whether or not the address
 * has an account, so the page says the same either way.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { auth } = useServices();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const form = useForm({ fallback: t('errors.resetEmailFailed'), fields: ['email'] });
  const submit = form.submit(async () => {
    setSent(false);
    await auth.forgotPassword(email);
    setSent(true);
  });

  return (
    <AuthCard title={t('auth.forgotTitle')} subtitle={t('auth.forgotSubtitle')} error={form.message}>
      {sent && (
        <div className="notice" role="status">
          <MailQuestion size={20} aria-hidden />
          <div>{t('auth.resetLinkSent', { email: isolated(email) })}</div>
        </div>
      )}
      <form className="stack" onSubmit={submit} noValidate>
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={form.fieldError('email')} />
        <Button type="submit" variant="primary" busy={form.busy} block>
          {t('auth.sendResetLink')}
        </Button>
      </form>
      <Link href="/login">{t('auth.backToLogin')}</Link>
    </AuthCard>
  );
}
