import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { NewPasswordFields } from '../../components/AccountFields.tsx';
import { Button } from '../../components/Button.tsx';
import { useForm } from '../../lib/form.ts';
import { isolated } from '../../lib/format.ts';
import { unconfirmedPassword } from '../../lib/refusals.ts';
import { useServices } from '../../lib/services.ts';
import { AuthCard } from './AuthCard.tsx';
import { Done } from './Done.tsx';

/**
 * The mailed reset link's screen: the token and the address come from the link, the user
 * chooses the new password. Every device is signed out afterwards, this one too.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { auth } = useServices();
  const params = new URLSearchParams(useSearch());
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [done, setDone] = useState(false);
  // The link's token and address are no fields of this form: their refusal is the form's message.
  const form = useForm({ fallback: t('errors.resetPasswordFailed'), fields: ['password', 'password_confirmation'] });
  const submit = form.submit(
    async () => {
      await auth.resetPassword({ email, token, password, password_confirmation: confirmation });
      setDone(true);
    },
    () => unconfirmedPassword(t, password, confirmation),
  );

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
      error={form.message}
    >
      {done ? (
        <Done message={t('auth.resetDone')} href="/login" label={t('auth.login')} />
      ) : (
        <>
          <form className="stack" onSubmit={submit} noValidate>
            <NewPasswordFields
              labels={{ password: t('auth.newPassword'), confirmation: t('auth.confirmNewPassword') }}
              password={{
                value: password,
                onChange: (e) => setPassword(e.target.value),
                // The server's rules are the registration's: its messages here are known ones.
                error: form.fieldError('password'),
              }}
              confirmation={{
                value: confirmation,
                onChange: (e) => setConfirmation(e.target.value),
                error: form.fieldError('password_confirmation') && t('errors.passwordsDoNotMatch'),
              }}
            />
            <Button type="submit" variant="primary" busy={form.busy} block>
              {t('auth.resetSubmit')}
            </Button>
          </form>
          {form.message && <Link href="/forgot-password">{t('auth.requestNewLink')}</Link>}
        </>
      )}
    </AuthCard>
  );
}
