import { RotateCcw } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Feedback.tsx';
import { formatNumber } from '../../lib/format.ts';
import { isLanguage, LANGUAGES } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.ts';
import type { SettingKey, Settings } from '../../lib/stores/settings.ts';
import type { AccessTokens } from './access-tokens-store.ts';
import { ChangePassword } from './ChangePassword.tsx';
import { DevicesAndTokens } from './DevicesAndTokens.tsx';
import { DownloadData } from './DownloadData.tsx';
import { PlatesSettings } from './PlatesSettings.tsx';
import { PushSwitch } from './PushSwitch.tsx';
import type { PushNotifications } from './push-notifications.ts';

type BooleanKey = { [K in SettingKey]: Settings[K] extends boolean ? K : never }[SettingKey];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} style={{ marginBlockEnd: 'var(--space-2)' }}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Choice<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <div className="switch-row">
      <span id={`${name}-legend`}>{legend}</span>
      <div className="segmented" role="radiogroup" aria-labelledby={`${name}-legend`}>
        {options.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </div>
  );
}

function SelectRow({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="switch-row">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="select setting-control" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The client settings of spec section 3 that do something here; each change is saved at once,
 * to the account. Not shown: the privacy choices (profile visibility, sharing, message requests:
 * nothing is shared with anyone, and no one can message) and automatic backup (everything is
 * kept on the server; a copy is downloaded below). They stay in the settings, with their
 * defaults, for when there is something for them to do. Download data and delete account are
 * actions, not switches: a download here, and a link to the confirmed deletion on the profile.
 */
export function SettingsPage({ accessTokens, push }: { accessTokens: AccessTokens; push: PushNotifications }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { changeLanguage } = services;
  const settings = useSnapshot(services.settings.state);
  const { user } = useSnapshot(services.auth.state);
  const savedToast = useRef<string | null>(null);
  const [rest, setRest] = useState(String(settings.defaultRestTime));
  const [restError, setRestError] = useState('');

  /** Saves one setting and confirms it with a single "Settings Saved" toast, however fast the clicks. */
  function update<K extends SettingKey>(key: K, value: Settings[K]) {
    services.settings.update(key, value);
    if (savedToast.current) services.toasts.dismiss(savedToast.current);
    savedToast.current = services.toasts.success(t('settings.saved'));
  }

  const toggle = (key: BooleanKey) => (
    <div className="switch-row" key={key}>
      <label htmlFor={`setting-${key}`}>{t(`settings.${key}`)}</label>
      <input
        id={`setting-${key}`}
        type="checkbox"
        role="switch"
        aria-checked={settings[key]}
        className="switch"
        checked={settings[key]}
        onChange={(e) => update(key, e.target.checked)}
      />
    </div>
  );

  function saveRest(value: string) {
    setRest(value);
    const seconds = Number(value);
    if (value.trim() === '' || !Number.isInteger(seconds) || seconds < 0 || seconds > 3600) {
      setRestError(t('settings.invalidRest'));
      return;
    }
    setRestError('');
    if (seconds !== settings.defaultRestTime) update('defaultRestTime', seconds);
  }

  return (
    <>
      <PageHeader
        title={t('settings.title')}
        subtitle={t('settings.subtitle')}
        actions={
          <Button
            icon={<RotateCcw size={16} />}
            onClick={() => {
              services.settings.reset();
              setRest(String(services.settings.state.defaultRestTime));
              void changeLanguage('en');
              services.toasts.success(t('settings.saved'));
            }}
          >
            {t('settings.reset')}
          </Button>
        }
      />
      <div className="stack">
        <Section title={t('settings.appearance')}>
          <Choice
            legend={t('settings.theme')}
            value={settings.theme}
            onChange={(value) => update('theme', value)}
            options={[
              { value: 'light', label: t('settings.themeLight') },
              { value: 'dark', label: t('settings.themeDark') },
              { value: 'auto', label: t('settings.themeAuto') },
            ]}
          />
          <SelectRow
            label={t('settings.language')}
            value={i18n.language}
            onChange={(value) => {
              if (!isLanguage(value)) return;
              void changeLanguage(value);
              if (savedToast.current) services.toasts.dismiss(savedToast.current);
              savedToast.current = services.toasts.success(t('settings.saved', { lng: value }));
            }}
            options={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
          />
          <Choice
            legend={t('settings.units')}
            value={settings.units}
            onChange={(value) => update('units', value)}
            options={[
              { value: 'metric', label: t('settings.unitsMetric') },
              { value: 'imperial', label: t('settings.unitsImperial') },
            ]}
          />
          <Choice
            legend={t('settings.startOfWeek')}
            value={settings.startOfWeek}
            onChange={(value) => update('startOfWeek', value)}
            options={[
              { value: 'monday', label: t('settings.monday') },
              { value: 'sunday', label: t('settings.sunday') },
            ]}
          />
        </Section>
        <Section title={t('settings.training')}>
          {toggle('autoStartTimer')}
          {toggle('trackRpe')}
          <div className="switch-row">
            <label htmlFor="setting-rest">{t('settings.defaultRestTime')}</label>
            <div className="stack-sm setting-control">
              <input
                id="setting-rest"
                className="input"
                inputMode="numeric"
                value={rest}
                aria-invalid={Boolean(restError) || undefined}
                aria-describedby={restError ? 'setting-rest-error' : undefined}
                onChange={(e) => saveRest(e.target.value)}
              />
              {restError && (
                <span id="setting-rest-error" className="field-error" role="alert">
                  {restError}
                </span>
              )}
            </div>
          </div>
          {toggle('soundEffects')}
          {toggle('hapticFeedback')}
          <SelectRow
            label={t('settings.weeklyWorkoutGoal')}
            value={String(settings.weeklyWorkoutGoal)}
            onChange={(value) => update('weeklyWorkoutGoal', Number(value))}
            options={Array.from({ length: 14 }, (_, i) => ({
              value: String(i + 1),
              label: t('settings.workoutsAWeek', { count: i + 1, n: formatNumber(i + 1, i18n.language, 0) }),
            }))}
          />
        </Section>
        <Section title={t('settings.barAndPlates')}>
          <PlatesSettings update={update} />
        </Section>
        <Section title={t('settings.notifications')}>
          {toggle('emailNotifications')}
          <PushSwitch push={push} />
          {(['workoutReminders', 'achievementAlerts', 'weeklyReports'] as const).map(toggle)}
        </Section>
        <Section title={t('tokens.title')}>
          <DevicesAndTokens tokens={accessTokens} />
        </Section>
        <ChangePassword />
        <Section title={t('settings.data')}>
          <DownloadData />
          {/* Deleting the account is a real, confirmed action on the profile, not a switch. */}
          <div className="switch-row">
            <span>{t('settings.deleteAccount')}</span>
            <Link href="/profile#delete-account" className="btn btn-secondary btn-sm">
              {t('settings.deleteAccountLink')}
            </Link>
          </div>
        </Section>
        <Section title={t('settings.developer')}>
          {toggle('showDebugInfo')}
          {settings.showDebugInfo && (
            <p
              className="muted"
              data-testid="debug-info"
              style={{ fontSize: 'var(--text-sm)', paddingBlockStart: 'var(--space-2)' }}
            >
              {t('settings.debugInfo', {
                email: user?.email,
                role: user?.role,
                locale: i18n.language,
                theme: settings.theme,
              })}
            </p>
          )}
        </Section>
      </div>
    </>
  );
}
