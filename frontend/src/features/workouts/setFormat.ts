import type { WorkoutSet } from '@fitness/contracts';
import type { TFunction } from 'i18next';
import { formatDistance, formatSeconds, formatWeight } from '../../lib/format.ts';
import type { Units } from '../../lib/units.ts';
import type { Measure } from './setInput.ts';

/** The set's main measure as the user reads it: a weight (or bodyweight), a time or a distance. */
export function formatSetLoad(set: WorkoutSet, measure: Measure, t: TFunction, language: string, units: Units) {
  if (measure === 'time' && set.duration !== null) return formatSeconds(set.duration, language);
  if (measure === 'distance' && set.distance !== null) return formatDistance(set.distance, units, language);
  return set.weight === null ? t('workout.bodyweight') : formatWeight(set.weight, units, language);
}

/** "8 × 60 kg", "45 s", "5 km": one set in a line. */
export function formatSet(set: WorkoutSet, measure: Measure, t: TFunction, language: string, units: Units) {
  const load = formatSetLoad(set, measure, t, language, units);
  return measure === 'reps' ? `${set.reps} × ${load}` : load;
}
