import {
  SESSION_TIMEOUT_BOUNDS,
  type SystemSettings,
  USERS_PER_PAGE_BOUNDS,
} from '@fitness/contracts/system-settings/system-settings.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AdminNav } from '../../components/AdminNav.tsx';
import { Button } from '../../components/Button.tsx';
import { PageHeader, Spinner } from '../../components/Feedback.tsx';
import { Field, TextAreaField, TextField } from '../../components/Field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { BackendRequired } from './BackendRequired.tsx';
import type { AdminStore } from './store.ts';
import './admin.css';

type Draft = Omit<SystemSettings, 'session_timeout_minutes' | 'users_per_page' | 'maintenance_message'> & {
  session_timeout_minutes: string;
  users_per_page: string;
  maintenance_message: string;
};
type Errors = Partial<Record<keyof SystemSettings, string>>;
type Switch = 'maintenance_mode' | 'allow_registration' | 'email_notifications' | 'push_notifications';

const toDraft = (settings: SystemSettings): Draft => ({
  ...settings,
  maintenance_message: settings.maintenance_message ?? '',
  session_timeout_minutes: String(settings.session_timeout_minutes),
  users_per_page: String(settings.users_per_page),
});

const wholeIn = (value: string, bounds: { minimum: number; maximum: number }) => {
  const number = Number(value);
  return value.trim() !== '' && Number.isInteger(number) && number >= bounds.minimum && number <= bounds.maximum;
};

/**
 * Every system setting of spec section 3, saved together. Each takes effect on the server (the
 * site name, maintenance mode, registration, new accounts' role, idle sessions, the users page
 * size, the mail and push switches); a refusal shows at its fields.
 */
export function AdminSettingsPage({ admin }: { admin: AdminStore }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const { settings, settingsFailed } = useSnapshot(admin.state);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const touched = useRef(false);
  useStoreWhileMounted({ show: admin.showSettings });

  // The form follows the saved settings (another admin's change too) until this admin edits it.
  useEffect(() => {
    if (settings && !touched.current) setDraft(toDraft(settings as SystemSettings));
  }, [settings]);

  function set<K extends keyof Draft>(key: K, value: Draft[K]) {
    touched.current = true;
    setDraft((current) => (current ? { ...current, [key]: value } : current));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function validate(form: Draft): Errors {
    const found: Errors = {};
    if (!form.site_name.trim() || form.site_name.trim().length > 60)
      found.site_name = t('admin.settings.invalidSiteName');
    if (form.maintenance_message.length > 500) found.maintenance_message = t('admin.settings.invalidMessage');
    if (!wholeIn(form.session_timeout_minutes, SESSION_TIMEOUT_BOUNDS)) {
      found.session_timeout_minutes = t('admin.settings.invalidTimeout', {
        min: SESSION_TIMEOUT_BOUNDS.minimum,
        max: SESSION_TIMEOUT_BOUNDS.maximum,
      });
    }
    if (!wholeIn(form.users_per_page, USERS_PER_PAGE_BOUNDS)) {
      found.users_per_page = t('admin.settings.invalidPerPage', {
        min: USERS_PER_PAGE_BOUNDS.minimum,
        max: USERS_PER_PAGE_BOUNDS.maximum,
      });
    }
    return found;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await admin.saveSettings({
        ...draft,
        site_name: draft.site_name.trim(),
        maintenance_message: draft.maintenance_message.trim() || null,
        session_timeout_minutes: Number(draft.session_timeout_minutes),
        users_per_page: Number(draft.users_per_page),
      });
      touched.current = false;
      setDraft(toDraft(saved));
      toasts.success(t('settings.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.join(' ')]),
          ) as Errors,
        );
      } else if (!(error instanceof ApiError && error.status !== null && error.status >= 500)) {
        toasts.error(t('admin.settings.failed'), error instanceof Error ? error.message : undefined);
      }
    } finally {
      setBusy(false);
    }
  }

  const toggle = (key: Switch, hint?: string) => (
    <div className="switch-row">
      <label htmlFor={`admin-setting-${key}`} className="admin-switch-label">
        {t(`admin.settings.${key}`)}
        {hint && <span className="field-hint">{hint}</span>}
      </label>
      <input
        id={`admin-setting-${key}`}
        type="checkbox"
        role="switch"
        aria-checked={draft?.[key] ?? false}
        className="switch"
        checked={draft?.[key] ?? false}
        onChange={(event) => set(key, event.target.checked)}
      />
    </div>
  );

  return (
    <>
      <PageHeader title={t('admin.settings.title')} subtitle={t('admin.settings.subtitle')} />
      <AdminNav />
      {settingsFailed && !draft && <BackendRequired />}
      {!draft && !settingsFailed && <Spinner />}
      {draft && (
        <form className="stack" onSubmit={save} noValidate data-testid="admin-settings-form">
          <section className="card stack-sm" aria-labelledby="admin-settings-site">
            <h2 id="admin-settings-site">{t('admin.settings.site')}</h2>
            <TextField
              label={t('admin.settings.site_name')}
              value={draft.site_name}
              error={errors.site_name}
              maxLength={60}
              onChange={(event) => set('site_name', event.target.value)}
            />
            {toggle('maintenance_mode', t('admin.settings.maintenanceHint'))}
            <TextAreaField
              label={t('admin.settings.maintenance_message')}
              hint={t('admin.settings.messageHint')}
              error={errors.maintenance_message}
              rows={2}
              maxLength={500}
              value={draft.maintenance_message}
              onChange={(event) => set('maintenance_message', event.target.value)}
            />
          </section>
          <section className="card stack-sm" aria-labelledby="admin-settings-accounts">
            <h2 id="admin-settings-accounts">{t('admin.settings.accounts')}</h2>
            {toggle('allow_registration')}
            <Field label={t('admin.settings.default_user_role')} error={errors.default_user_role}>
              {({ id, describedBy }) => (
                <select
                  id={id}
                  className="select"
                  aria-describedby={describedBy}
                  value={draft.default_user_role}
                  onChange={(event) => set('default_user_role', event.target.value as Draft['default_user_role'])}
                >
                  <option value="user">{t('admin.roles.user')}</option>
                  <option value="admin">{t('admin.roles.admin')}</option>
                </select>
              )}
            </Field>
            <div className="form-grid">
              <TextField
                label={t('admin.settings.session_timeout_minutes')}
                inputMode="numeric"
                value={draft.session_timeout_minutes}
                error={errors.session_timeout_minutes}
                onChange={(event) => set('session_timeout_minutes', event.target.value)}
              />
              <TextField
                label={t('admin.settings.users_per_page')}
                inputMode="numeric"
                value={draft.users_per_page}
                error={errors.users_per_page}
                onChange={(event) => set('users_per_page', event.target.value)}
              />
            </div>
          </section>
          <section className="card stack-sm" aria-labelledby="admin-settings-notifications">
            <h2 id="admin-settings-notifications">{t('admin.settings.notifications')}</h2>
            {toggle('email_notifications')}
            {toggle('push_notifications')}
          </section>
          <div className="row">
            <Button type="submit" variant="primary" busy={busy}>
              {t('common.save')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
