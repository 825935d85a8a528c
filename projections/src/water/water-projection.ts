import {
  type RecordedEvent,
  userDayId,
  type WaterDocument,
  type WaterEvent,
  waterEventTypes,
} from '@fitness/contracts';
import type { Projection } from '../projection.ts';

/** The `water` read model: one document per user and day. */
export const waterProjection: Projection<WaterDocument, WaterEvent> = {
  name: 'water',
  version: 1,
  collection: { name: 'water', indexes: [['user_id', 'date']] },
  handles: waterEventTypes,
  documentId: (event) => userDayId(event.data.userId, event.data.date),
  ownerField: 'user_id',
  evolve: (current, event: RecordedEvent<WaterEvent>) => {
    const { userId, date } = event.data;
    const entries = current?.entries ?? [];
    const next =
      event.type === 'WaterLogged'
        ? [...entries, { id: event.data.entryId, ml: event.data.ml, logged_at: event.data.loggedAt }]
        : entries.filter((entry) => entry.id !== event.data.entryId);
    return {
      id: userDayId(userId, date),
      user_id: userId,
      date,
      entries: next,
      total_ml: next.reduce((sum, entry) => sum + entry.ml, 0),
    };
  },
};
