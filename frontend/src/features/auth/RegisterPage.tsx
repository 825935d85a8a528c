import { UserPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { newPasswordRefusal } from '../../lib/refusals.ts';
import { useServices } from '../../lib/services.ts';
import { siteState } from '../../lib/stores/site.ts';
import { AuthAlternatives, AuthCard, authFailure } from './AuthCard.tsx';
import { afterLogin } from './after-login.ts';

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { auth } = useServices();
  const search = useSearch();
  const [form, setForm] = useState({ name: '', email: '', password: '', password_confirmation: '' });
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState('');
  const site = useSnapshot(siteState);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setFormError('');
    if (form.password !== form.password_confirmation) {
      setErrors({ password_confirmation: [t('errors.passwordsDoNotMatch')] });
      return;
    }
    setBusy(true);
    try {
      await auth.register(form);
      navigate(afterLogin(search), { replace: true });
    } catch (error) {
      setBusy(false);
      const failure = authFailure(error, t('errors.registrationFailed'), i18n);
      if ('fieldErrors' in failure) setErrors(failure.fieldErrors);
      else setFormError(failure.formError);
    }
  }

  if (site.info?.allow_registration === false) {
    return (
      <AuthCard title={t('auth.registrationClosedTitle')} subtitle={t('auth.registrationClosedBody')}>
        <AuthAlternatives
          prompt={t('auth.haveAccount')}
          linkLabel={t('auth.loginInstead')}
          path="/login"
          search={search}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} error={formError}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t('auth.name')}
          name="name"
          autoComplete="name"
          required
          value={form.name}
          onChange={set('name')}
          error={errors.name?.[0]}
        />
        <TextField
          label={t('auth.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
          error={errors.email?.[0]}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={t('auth.passwordHint')}
          value={form.password}
          onChange={set('password')}
          error={errors.password && newPasswordRefusal(t, errors.password[0])}
        />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={form.password_confirmation}
          onChange={set('password_confirmation')}
          error={errors.password_confirmation?.[0]}
        />
        <Button type="submit" variant="primary" icon={<UserPlus size={18} />} busy={busy} block>
          {busy ? t('auth.registering') : t('auth.register')}
        </Button>
      </form>
      <AuthAlternatives
        prompt={t('auth.haveAccount')}
        linkLabel={t('auth.loginInstead')}
        path="/login"
        search={search}
      />
    </AuthCard>
  );
}
