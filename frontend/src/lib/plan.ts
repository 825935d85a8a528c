import type { ExercisePlan } from '@fitness/contracts';
import type { TFunction } from 'i18next';
import { formatDistance, formatSeconds, formatWeight } from './format.ts';
import type { Units } from './units.ts';

/** "3 × 8", "4 × 45 s", "1 × 5 km" and, when set, the weight and rest: how a plan reads in the reader's language. */
export function describePlan(plan: ExercisePlan, t: TFunction, language: string, units: Units) {
  const amount =
    plan.reps !== null
      ? String(plan.reps)
      : plan.duration !== null
        ? formatSeconds(plan.duration, language)
        : plan.distance !== null
          ? formatDistance(plan.distance, units, language)
          : null;
  const sets = amount
    ? t('templates.setsReps', { sets: plan.sets, reps: amount })
    : t('templates.setsOnly', { count: plan.sets });
  const weighted = plan.weight ? `${sets} · ${formatWeight(plan.weight, units, language)}` : sets;
  return plan.rest ? `${weighted} · ${t('templates.rest', { time: formatSeconds(plan.rest, language) })}` : weighted;
}
