import { bodyWeightEventTypes } from '@fitness/contracts';
import { dailyReadingProjection } from './daily-reading-projection.ts';

/** The `body_weight` read model: a user's weigh-in per day, the latest recorded standing. */
export const bodyWeightProjection = dailyReadingProjection({
  name: 'body_weight',
  handles: bodyWeightEventTypes,
  field: 'weight',
});
