import {
  type RecordedEvent,
  type SavedMealDocument,
  type SavedMealEvent,
  savedMealDocument,
  savedMealEventTypes,
} from '@fitness/contracts';
import type { Projection } from '../projection.ts';

/**
 * The `saved_meals` read model: one document per saved meal, as the API shows it. Live: a second
 * device is pushed the saved meal itself, so its list shows it without reading it again.
 */
export const savedMealsProjection: Projection<SavedMealDocument, SavedMealEvent> = {
  name: 'saved_meals',
  version: 1,
  collection: { name: 'saved_meals', indexes: [['user_id', 'created_at']] },
  handles: savedMealEventTypes,
  documentId: (event) => event.data.savedMealId,
  ownerField: 'user_id',
  live: { omit: ['user_id'] },
  evolve: (current, event: RecordedEvent<SavedMealEvent>) => {
    switch (event.type) {
      case 'SavedMealCreated':
        return savedMealDocument(event.data);
      case 'SavedMealRenamed':
        return current && { ...current, name: event.data.name };
      case 'SavedMealDeleted':
        return null;
      default: {
        const unhandled: never = event;
        throw new Error(`Unhandled saved meal event ${JSON.stringify(unhandled)}`);
      }
    }
  },
};
