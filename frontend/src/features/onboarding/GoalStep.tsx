import type { UpdateProfileBody } from '@fitness/contracts';
import { nutritionTargets } from '@fitness/contracts/nutrition/targets.ts';
import { ACTIVITY_LEVELS } from '@fitness/contracts/users/events.ts';
import { WEIGHT_GOALS, type WeightGoal, weightGoalOf, withWeightGoal } from '@fitness/contracts/users/goals.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useForm } from '../../lib/form.ts';
import { formatNumber } from '../../lib/format.ts';
import { useServices } from '../../lib/services.ts';
import { ChoiceCards } from './ChoiceCards.tsx';
import { StepActions } from './StepActions.tsx';

type Activity = (typeof ACTIVITY_LEVELS)[number];

/**
 * Which way the weight should go (one of three: they contradict each other) and how active the
 * days are. The energy it makes is shown as it is chosen, worked out as the server will
 * (contracts' nutritionTargets), so what Finish sets is no surprise.
 */
export function GoalStep({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { user } = useSnapshot(services.auth.state);
  const goals = user?.profile.goals ?? [];
  const [goal, setGoal] = useState<WeightGoal | null>(() => weightGoalOf(goals));
  const [activity, setActivity] = useState<Activity | null>(() =>
    (ACTIVITY_LEVELS as readonly string[]).includes(user?.profile.activity_level ?? '')
      ? (user?.profile.activity_level as Activity)
      : null,
  );
  const form = useForm({ fallback: t('onboarding.failed'), telling: 'toast', fields: ['goals', 'activity_level'] });
  const chosenGoals = withWeightGoal(goals, goal);

  const submit = form.submit(
    async () => {
      await services.auth.updateProfile({
        goals: chosenGoals as UpdateProfileBody['goals'],
        activity_level: activity as UpdateProfileBody['activity_level'],
        onboarding: 'done',
      });
      onDone();
    },
    () => ({
      ...(goal === null && { goals: [t('onboarding.goal.missingGoal')] }),
      ...(activity === null && { activity_level: [t('onboarding.goal.missingActivity')] }),
    }),
  );

  const preview =
    user && goal && activity
      ? nutritionTargets({ ...user.profile, goals: chosenGoals, activity_level: activity })
      : null;

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <ChoiceCards
        legend={t('onboarding.goal.question')}
        value={goal}
        onChange={setGoal}
        options={WEIGHT_GOALS.map((value) => ({
          value,
          label: t(`profile.goalNames.${value}`),
          detail: t(`onboarding.goal.details.${value}`),
        }))}
        error={form.fieldError('goals')}
      />
      <ChoiceCards
        legend={t('onboarding.goal.activity')}
        value={activity}
        onChange={setActivity}
        options={ACTIVITY_LEVELS.map((value) => ({
          value,
          label: t(`profile.activities.${value}`),
          detail: t(`onboarding.goal.activityDetails.${value}`),
        }))}
        error={form.fieldError('activity_level')}
      />
      <p className="onboarding-preview" aria-live="polite">
        {preview && preview.missing.length === 0
          ? t('onboarding.goal.preview', { kcal: formatNumber(preview.kcal, i18n.language, 0) })
          : ''}
      </p>
      <StepActions busy={form.busy} onBack={onBack} last />
    </form>
  );
}
