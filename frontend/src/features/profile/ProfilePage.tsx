import type { Progress, UpdateProfileBody } from '@fitness/contracts';
import { Activity, Save } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Feedback.tsx';
import { SelectField, TextField } from '../../components/Field.tsx';
import { AchievementsPanel, StatsPanel } from '../../components/ProgressPanels.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDay, formatNumber, unitLabel } from '../../lib/format.ts';
import { choiceOptions } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import {
  displayHeight,
  displayWeight,
  heightToCm,
  heightUnit,
  parseDecimal,
  weightToKg,
  weightUnit,
} from '../../lib/units.ts';
import { bmi } from './bmi.ts';
import { DeleteAccount } from './DeleteAccount.tsx';
import type { WeighIns } from './store.ts';
import { WeightHistory } from './WeightHistory.tsx';

const GENDERS = ['male', 'female', 'other'] as const;
const ACTIVITY = ['sedentary', 'light', 'moderate', 'active', 'very_active'] as const;
const GOALS = ['lose_weight', 'gain_weight', 'maintain_weight', 'build_muscle', 'improve_fitness'] as const;

type Draft = {
  name: string;
  birth_date: string;
  gender: string;
  height: string;
  weight: string;
  activity_level: string;
  goals: string[];
};

/** Personal info with validation, BMI, and account details. Measures follow the unit setting. */
export function ProfilePage({ weighIns }: { weighIns: WeighIns }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { user } = useSnapshot(services.auth.state);
  const { units } = useSnapshot(services.settings.state);
  const profile = user?.profile;
  const [draft, setDraft] = useState<Draft>(() => ({
    name: profile?.name ?? '',
    birth_date: profile?.birth_date ?? '',
    gender: profile?.gender ?? '',
    height: profile?.height ? String(displayHeight(profile.height, units)) : '',
    weight: profile?.weight ? String(displayWeight(profile.weight, units)) : '',
    activity_level: profile?.activity_level ?? '',
    goals: [...(profile?.goals ?? [])],
  }));
  // A weigh-in (here or on another device) changes the current weight: the field follows it.
  const currentWeight = profile?.weight ?? null;
  useEffect(() => {
    if (currentWeight !== null) {
      setDraft((previous) => ({ ...previous, weight: String(displayWeight(currentWeight, units)) }));
    }
  }, [currentWeight, units]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const { progress } = useSnapshot(services.progress.state);
  useStoreWhileMounted(services.progress);
  if (!user || !profile) return null;

  const index = bmi(profile.weight, profile.height);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });
  const measure = (text: string, toMetric: (value: number) => number) => {
    if (text.trim() === '') return null;
    const value = parseDecimal(text);
    return Number.isFinite(value) ? Math.round(toMetric(value) * 10) / 10 : Number.NaN;
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const updated = await services.auth.updateProfile({
        name: draft.name.trim(),
        birth_date: draft.birth_date || null,
        gender: (draft.gender || null) as UpdateProfileBody['gender'],
        height: measure(draft.height, (value) => heightToCm(value, units)),
        weight: measure(draft.weight, (value) => weightToKg(value, units)),
        activity_level: (draft.activity_level || null) as UpdateProfileBody['activity_level'],
        goals: draft.goals as UpdateProfileBody['goals'],
      });
      // A new weight on the profile is also today's weigh-in, so the history follows it.
      // (Sent as typed, not as the profile's 0.1 kg, so 165 lb shows again as 165 lb.)
      const typed = parseDecimal(draft.weight);
      if (updated.profile?.weight && updated.profile.weight !== profile?.weight && Number.isFinite(typed)) {
        await weighIns
          .record(weightToKg(typed, units))
          .catch((failure) => console.error('Failed to record the weigh-in', failure));
      }
      services.toasts.success(t('profile.updated'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.fieldErrors);
      services.toasts.error(t('profile.failed'));
    } finally {
      setBusy(false);
    }
  }

  const options = (values: readonly string[], group: string) =>
    choiceOptions(t, `profile.${group}`, values, t('profile.notSet'));

  return (
    <>
      <PageHeader title={t('profile.title')} subtitle={<bdi className="email">{user.email}</bdi>} />
      <div className="nutrition-grid">
        <form className="card stack" onSubmit={save} noValidate aria-labelledby="personal-title">
          <h2 id="personal-title">{t('profile.personal')}</h2>
          <TextField
            label={t('profile.name')}
            value={draft.name}
            maxLength={120}
            onChange={set('name')}
            error={errors.name?.[0]}
          />
          <div className="form-grid">
            <TextField
              label={t('profile.birthDate')}
              type="date"
              value={draft.birth_date}
              onChange={set('birth_date')}
              error={errors.birth_date?.[0]}
            />
            <SelectField
              label={t('profile.gender')}
              value={draft.gender}
              onChange={set('gender')}
              options={options(GENDERS, 'genders')}
            />
            <TextField
              label={t('profile.height', { unit: unitLabel(heightUnit(units), i18n.language) })}
              inputMode="decimal"
              value={draft.height}
              onChange={set('height')}
              error={errors.height?.[0]}
            />
            <TextField
              label={t('profile.weight', { unit: unitLabel(weightUnit(units), i18n.language) })}
              inputMode="decimal"
              value={draft.weight}
              onChange={set('weight')}
              error={errors.weight?.[0]}
            />
          </div>
          <SelectField
            label={t('profile.activity')}
            value={draft.activity_level}
            onChange={set('activity_level')}
            options={options(ACTIVITY, 'activities')}
          />
          <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="field-label">{t('profile.goals')}</legend>
            <div className="row">
              {GOALS.map((goal) => (
                <label key={goal} className="checkbox">
                  <input
                    type="checkbox"
                    checked={draft.goals.includes(goal)}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        goals: event.target.checked ? [...draft.goals, goal] : draft.goals.filter((g) => g !== goal),
                      })
                    }
                  />
                  {t(`profile.goalNames.${goal}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" variant="primary" icon={<Save size={18} />} busy={busy}>
            {t('common.save')}
          </Button>
        </form>
        <div className="stack">
          <section className="card stack-sm" aria-labelledby="bmi-title">
            <h2 id="bmi-title" className="row" style={{ gap: 'var(--space-2)' }}>
              <Activity size={20} aria-hidden className="muted" />
              {t('profile.bmi')}
            </h2>
            {index ? (
              <>
                <p className="stat-value" data-testid="bmi">
                  {formatNumber(index.value, i18n.language)}
                </p>
                <p
                  className={`badge ${index.category === 'normal' ? 'badge-done' : 'badge-warning'}`}
                  style={{ justifySelf: 'start' }}
                >
                  {t(`profile.bmiCategories.${index.category}`)}
                </p>
              </>
            ) : (
              <p className="muted">{t('profile.bmiNeeds')}</p>
            )}
          </section>
          <section className="card stack-sm" aria-labelledby="account-title">
            <h2 id="account-title">{t('profile.account')}</h2>
            <dl className="facts">
              <div className="fact-wide">
                <dt>{t('auth.email')}</dt>
                <dd>
                  <bdi>{user.email}</bdi>
                </dd>
              </div>
              <div>
                <dt>{t('profile.role')}</dt>
                <dd>{t(`profile.roles.${user.role}`)}</dd>
              </div>
              <div>
                <dt>{t('profile.memberSince')}</dt>
                <dd>{formatDay(user.created_at.slice(0, 10), i18n.language, 'short')}</dd>
              </div>
            </dl>
          </section>
          {progress && <StatsPanel progress={progress as Progress} units={units} />}
          <WeightHistory weighIns={weighIns} />
          {progress && <AchievementsPanel progress={progress as Progress} />}
          <DeleteAccount />
        </div>
      </div>
    </>
  );
}
