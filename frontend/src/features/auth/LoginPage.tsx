import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { CurrentPasswordField, EmailField } from '../../components/AccountFields.tsx';
import { Button } from '../../components/Button.tsx';
import { useForm } from '../../lib/form.ts';
import { useServices } from '../../lib/services.ts';
import { AuthAlternatives, AuthCard } from './AuthCard.tsx';
import { afterLogin } from './after-login.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { auth } = useServices();
  const search = useSearch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const form = useForm({ fallback: t('errors.loginFailed'), fields: ['email', 'password'] });
  const submit = form.submit(async () => {
    await auth.login({ email, password, remember });
    navigate(afterLogin(search), { replace: true });
  });

  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} error={form.message}>
      <form className="stack" onSubmit={submit} noValidate>
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} error={form.fieldError('email')} />
        <CurrentPasswordField
          label={t('auth.password')}
          name="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={form.fieldError('password')}
        />
        <div className="spread">
          <label className="checkbox">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            {t('auth.rememberMe')}
          </label>
          <Link href="/forgot-password">{t('auth.forgotPassword')}</Link>
        </div>
        <Button type="submit" variant="primary" icon={<LogIn size={18} className="flip-rtl" />} busy={form.busy} block>
          {form.busy ? t('auth.loggingIn') : t('auth.login')}
        </Button>
      </form>
      <AuthAlternatives
        prompt={t('auth.noAccount')}
        linkLabel={t('auth.createAccount')}
        path="/register"
        search={search}
      />
    </AuthCard>
  );
}
