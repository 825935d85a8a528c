import { type BodyWeightDocument, type BodyWeightEvent, bodyWeightEventTypes, userDayId } from '@fitness/contracts';
import type { Projection } from '../projection.ts';

/** The `body_weight` read model: a user's weigh-in per day, the latest recorded standing. */
export const bodyWeightProjection: Projection<BodyWeightDocument, BodyWeightEvent> = {
  name: 'body_weight',
  version: 1,
  collection: { name: 'body_weight', indexes: [['user_id', 'date']] },
  handles: bodyWeightEventTypes,
  documentId: (event) => userDayId(event.data.userId, event.data.date),
  ownerField: 'user_id',
  evolve: (_current, event) => ({
    id: userDayId(event.data.userId, event.data.date),
    user_id: event.data.userId,
    date: event.data.date,
    weight: event.data.weight,
  }),
};
