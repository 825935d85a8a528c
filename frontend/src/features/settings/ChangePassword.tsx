import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { newPasswordRefusal, tooManyAttempts } from '../../lib/refusals.ts';
import { useServices } from '../../lib/services.ts';

type Errors = { current_password?: string; password?: string; password_confirmation?: string };

/**
 * Settings' password change: the current password confirms it; this device stays signed in,
 * the others are signed out.
 */
export function ChangePassword() {
  const { t, i18n } = useTranslation();
  const { auth, toasts } = useServices();
  const titleId = useId();
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof empty) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    if (form.password !== form.password_confirmation) {
      setErrors({ password_confirmation: t('errors.passwordsDoNotMatch') });
      return;
    }
    setBusy(true);
    try {
      await auth.changePassword(form);
      setForm(empty);
      toasts.success(t('settings.password.done'));
    } catch (error) {
      const status = error instanceof ApiError ? error.status : null;
      if (status === 422) {
        const fields = (error as ApiError).fieldErrors;
        setErrors({
          current_password: fields.current_password && t('settings.password.wrongCurrent'),
          password: fields.password && newPasswordRefusal(t, fields.password[0]),
          password_confirmation: fields.password_confirmation && t('errors.passwordsDoNotMatch'),
        });
      } else if (status === 429) {
        toasts.error(tooManyAttempts(t, error, i18n.language));
      } else if (status !== 401) {
        toasts.error(t('settings.password.failed'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} style={{ marginBlockEnd: 'var(--space-2)' }}>
        {t('settings.password.title')}
      </h2>
      <p className="muted" style={{ marginBlockEnd: 'var(--space-3)' }}>
        {t('settings.password.body')}
      </p>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          label={t('settings.password.current')}
          type="password"
          name="current_password"
          autoComplete="current-password"
          required
          value={form.current_password}
          onChange={set('current_password')}
          error={errors.current_password}
        />
        <TextField
          label={t('settings.password.new')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          hint={t('auth.passwordHint')}
          value={form.password}
          onChange={set('password')}
          error={errors.password}
        />
        <TextField
          label={t('settings.password.confirm')}
          type="password"
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={form.password_confirmation}
          onChange={set('password_confirmation')}
          error={errors.password_confirmation}
        />
        <div>
          <Button type="submit" variant="primary" icon={<KeyRound size={16} aria-hidden />} busy={busy}>
            {t('settings.password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
