import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { EmailField, NewPasswordFields } from '../../components/AccountFields.tsx';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { useForm } from '../../lib/form.ts';
import { unconfirmedPassword } from '../../lib/refusals.ts';
import { useServices } from '../../lib/services.ts';
import { siteState } from '../../lib/stores/site.ts';
import { AuthAlternatives, AuthCard } from './AuthCard.tsx';
import { afterLogin } from './after-login.ts';

export function RegisterPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { auth } = useServices();
  const search = useSearch();
  const [fields, setFields] = useState({ name: '', email: '', password: '', password_confirmation: '' });
  const form = useForm({
    fallback: t('errors.registrationFailed'),
    fields: ['name', 'email', 'password', 'password_confirmation'],
  });
  const site = useSnapshot(siteState);
  const set = (field: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [field]: event.target.value });

  const submit = form.submit(
    async () => {
      await auth.register(fields);
      // A new account lands on the onboarding (the dashboard sends it there while it is under way).
      navigate(afterLogin(search), { replace: true });
    },
    () => unconfirmedPassword(t, fields.password, fields.password_confirmation),
  );

  const signInInstead = (
    <AuthAlternatives prompt={t('auth.haveAccount')} linkLabel={t('auth.loginInstead')} path="/login" search={search} />
  );

  if (site.info?.allow_registration === false) {
    return (
      <AuthCard title={t('auth.registrationClosedTitle')} subtitle={t('auth.registrationClosedBody')}>
        {signInInstead}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} error={form.message}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t('auth.name')}
          name="name"
          autoComplete="name"
          required
          value={fields.name}
          onChange={set('name')}
          error={form.fieldError('name')}
        />
        <EmailField value={fields.email} onChange={set('email')} error={form.fieldError('email')} />
        <NewPasswordFields
          labels={{ password: t('auth.password'), confirmation: t('auth.confirmPassword') }}
          password={{ value: fields.password, onChange: set('password'), error: form.fieldError('password') }}
          confirmation={{
            value: fields.password_confirmation,
            onChange: set('password_confirmation'),
            error: form.fieldError('password_confirmation'),
          }}
        />
        <Button type="submit" variant="primary" icon={<UserPlus size={18} />} busy={form.busy} block>
          {form.busy ? t('auth.registering') : t('auth.register')}
        </Button>
      </form>
      {signInInstead}
    </AuthCard>
  );
}
