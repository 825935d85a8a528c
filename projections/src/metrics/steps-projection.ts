import { type StepsDocument, type StepsEvent, stepsEventTypes, userDayId } from '@fitness/contracts';
import type { Projection } from '../projection.ts';

/** The `steps` read model: a user's count per day, the latest recorded standing. */
export const stepsProjection: Projection<StepsDocument, StepsEvent> = {
  name: 'steps',
  version: 1,
  collection: { name: 'steps', indexes: [['user_id', 'date']] },
  handles: stepsEventTypes,
  documentId: (event) => userDayId(event.data.userId, event.data.date),
  ownerField: 'user_id',
  evolve: (_current, event) => ({
    id: userDayId(event.data.userId, event.data.date),
    user_id: event.data.userId,
    date: event.data.date,
    count: event.data.count,
  }),
};
