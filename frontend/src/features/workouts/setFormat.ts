import type { WorkoutSet } from '@fitness/contracts';
import type { TFunction } from 'i18next';
import { formatDistance, formatNumber, formatSeconds } from '../../lib/format.ts';
import { displayWeight, type Units } from '../../lib/units.ts';
import type { Measure } from './setInput.ts';

/**
 * Last time's set in the logger's "previous" column, weight then reps as the row reads them
 * ("60 × 8", "BW × 12"; the unit is the weight column's), or its time or distance.
 */
export function formatPrevious(set: WorkoutSet, measure: Measure, t: TFunction, language: string, units: Units) {
  if (measure === 'time' && set.duration !== null) return formatSeconds(set.duration, language);
  if (measure === 'distance' && set.distance !== null) return formatDistance(set.distance, units, language);
  const load = set.weight === null ? t('logger.bw') : formatNumber(displayWeight(set.weight, units), language, 2);
  return `${load} × ${formatNumber(set.reps, language, 0)}`;
}
