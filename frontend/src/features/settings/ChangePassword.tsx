import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrentPasswordField, NewPasswordFields } from '../../components/AccountFields.tsx';
import { Button } from '../../components/Button.tsx';
import { useForm } from '../../lib/form.ts';
import { unconfirmedPassword } from '../../lib/refusals.ts';
import { useServices } from '../../lib/services.ts';

/**
 * Settings' password change: the current password confirms it; this device stays signed in,
 * the others are signed out.
 */
export function ChangePassword() {
  const { t } = useTranslation();
  const { auth, toasts } = useServices();
  const titleId = useId();
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const [fields, setFields] = useState(empty);
  // A form among the settings' others: what fails beyond its fields is a toast.
  const form = useForm({
    fallback: t('settings.password.failed'),
    fields: ['current_password', 'password', 'password_confirmation'],
    telling: 'toast',
  });
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  const submit = form.submit(
    async () => {
      await auth.changePassword(fields);
      setFields(empty);
      toasts.success(t('settings.password.done'));
    },
    () => unconfirmedPassword(t, fields.password, fields.password_confirmation),
  );

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} style={{ marginBlockEnd: 'var(--space-2)' }}>
        {t('settings.password.title')}
      </h2>
      <p className="muted" style={{ marginBlockEnd: 'var(--space-3)' }}>
        {t('settings.password.body')}
      </p>
      <form className="stack" onSubmit={submit} noValidate>
        <CurrentPasswordField
          label={t('settings.password.current')}
          name="current_password"
          value={fields.current_password}
          onChange={set('current_password')}
          error={form.fieldError('current_password') && t('settings.password.wrongCurrent')}
        />
        <NewPasswordFields
          labels={{ password: t('settings.password.new'), confirmation: t('settings.password.confirm') }}
          password={{ value: fields.password, onChange: set('password'), error: form.fieldError('password') }}
          confirmation={{
            value: fields.password_confirmation,
            onChange: set('password_confirmation'),
            error: form.fieldError('password_confirmation') && t('errors.passwordsDoNotMatch'),
          }}
        />
        <div>
          <Button type="submit" variant="primary" icon={<KeyRound size={16} aria-hidden />} busy={form.busy}>
            {t('settings.password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
