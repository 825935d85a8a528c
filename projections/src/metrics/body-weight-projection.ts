import { type BodyWeightDocument, type BodyWeightEvent, bodyWeightEventTypes } from '@fitness/contracts';
import type { Projection } from '../projection.ts';

const dayId = (userId: string, date: string) => `${userId}:${date}`;

/** The `body_weight` read model: a user's weigh-in per day, the latest recorded standing. */
export const bodyWeightProjection: Projection<BodyWeightDocument, BodyWeightEvent> = {
  name: 'body_weight',
  version: 1,
  collection: { name: 'body_weight', indexes: [['user_id', 'date']] },
  handles: bodyWeightEventTypes,
  documentId: (event) => dayId(event.data.userId, event.data.date),
  ownerField: 'user_id',
  evolve: (_current, event) => ({
    id: dayId(event.data.userId, event.data.date),
    user_id: event.data.userId,
    date: event.data.date,
    weight: event.data.weight,
  }),
};
