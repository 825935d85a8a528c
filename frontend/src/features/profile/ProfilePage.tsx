import type { Progress, UpdateProfileBody } from '@fitness/contracts';
import { ACTIVITY_LEVELS, GENDERS } from '@fitness/contracts/users/events.ts';
import {
  OTHER_GOALS,
  WEIGHT_GOALS,
  type WeightGoal,
  weightGoalOf,
  withWeightGoal,
} from '@fitness/contracts/users/goals.ts';
import { Activity, Compass, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import {
  BodyMeasureFields,
  shownHeight,
  shownWeight,
  typedHeight,
  typedWeight,
} from '../../components/BodyMeasureFields.tsx';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/Feedback.tsx';
import { SelectField, TextField } from '../../components/Field.tsx';
import { AchievementsPanel, StatsPanel } from '../../components/ProgressPanels.tsx';
import { useForm } from '../../lib/form.ts';
import { formatDay, formatNumber, localToday } from '../../lib/format.ts';
import { choiceOptions } from '../../lib/i18n.ts';
import { useServices } from '../../lib/services.ts';
import { useStoreWhileMounted } from '../../lib/shown.ts';
import { bmi } from './bmi.ts';
import { DeleteAccount } from './DeleteAccount.tsx';
import type { WeighIns } from './store.ts';
import { WeightHistory } from './WeightHistory.tsx';

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
    height: shownHeight(profile?.height, units),
    weight: shownWeight(profile?.weight, units),
    activity_level: profile?.activity_level ?? '',
    goals: [...(profile?.goals ?? [])],
  }));
  // The weight is the latest weigh-in: one recorded here or on another device shows in the field.
  const currentWeight = profile?.weight ?? null;
  useEffect(() => {
    if (currentWeight !== null) {
      setDraft((previous) => ({ ...previous, weight: shownWeight(currentWeight, units) }));
    }
  }, [currentWeight, units]);
  const form = useForm({
    fallback: t('profile.failed'),
    telling: 'toast',
    fields: ['name', 'birth_date', 'height', 'weight', 'goals'],
  });
  const { progress } = useSnapshot(services.progress.state);
  useStoreWhileMounted(services.progress);
  if (!user || !profile) return null;

  const index = bmi(profile.weight, profile.height);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });

  const save = form.submit(async () => {
    // The weight goes only when it was changed: it is recorded as today's weigh-in.
    const changed = draft.weight !== shownWeight(profile.weight, units);
    const weight = changed ? typedWeight(draft.weight, units) : undefined;
    const today = localToday();
    await services.auth.updateProfile({
      name: draft.name.trim(),
      birth_date: draft.birth_date || null,
      gender: (draft.gender || null) as UpdateProfileBody['gender'],
      height: typedHeight(draft.height, units),
      ...(weight !== undefined && weight !== null && { weight, weighed_on: today }),
      activity_level: (draft.activity_level || null) as UpdateProfileBody['activity_level'],
      goals: draft.goals as UpdateProfileBody['goals'],
    });
    if (typeof weight === 'number') weighIns.took({ date: today, weight });
    services.toasts.success(t('profile.updated'));
  });

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
            error={form.fieldError('name')}
          />
          <div className="form-grid">
            <TextField
              label={t('profile.birthDate')}
              type="date"
              value={draft.birth_date}
              onChange={set('birth_date')}
              error={form.fieldError('birth_date')}
            />
            <SelectField
              label={t('profile.gender')}
              value={draft.gender}
              onChange={set('gender')}
              options={options(GENDERS, 'genders')}
            />
            <BodyMeasureFields
              height={draft.height}
              weight={draft.weight}
              units={units}
              onChange={(measure, text) => setDraft({ ...draft, [measure]: text })}
              weightHint={
                profile.weighed_on
                  ? t('profile.weightFrom', { date: formatDay(profile.weighed_on, i18n.language, 'short') })
                  : t('profile.weightNew')
              }
              errorOf={form.fieldError}
            />
          </div>
          <SelectField
            label={t('profile.activity')}
            value={draft.activity_level}
            onChange={set('activity_level')}
            options={options(ACTIVITY_LEVELS, 'activities')}
          />
          <SelectField
            label={t('profile.weightGoal')}
            value={weightGoalOf(draft.goals) ?? ''}
            onChange={(event) =>
              setDraft({
                ...draft,
                goals: withWeightGoal(draft.goals, (event.target.value || null) as WeightGoal | null),
              })
            }
            options={options(WEIGHT_GOALS, 'goalNames')}
            error={form.fieldError('goals')}
          />
          <fieldset className="stack-sm" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="field-label">{t('profile.otherGoals')}</legend>
            <div className="row">
              {OTHER_GOALS.map((goal) => (
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
          <div className="row">
            <Button type="submit" variant="primary" icon={<Save size={18} />} busy={form.busy}>
              {t('common.save')}
            </Button>
            <Link href="/onboarding" className="btn btn-ghost">
              <Compass size={18} aria-hidden />
              {t('onboarding.reopen')}
            </Link>
          </div>
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
