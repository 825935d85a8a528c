import { stepsEventTypes } from '@fitness/contracts';
import { dailyReadingProjection } from './daily-reading-projection.ts';

/** The `steps` read model: a user's count per day, the latest recorded standing. */
export const stepsProjection = dailyReadingProjection({ name: 'steps', handles: stepsEventTypes, field: 'count' });
