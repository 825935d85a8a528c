import { everywhere, type FoodDocument, type FoodEvent, foodEventTypes, type RecordedEvent } from '@fitness/contracts';
import type { Projection } from '../projection.ts';

/** The `foods` read model: the food library (user_id null) and every user's custom foods. */
export const foodsProjection: Projection<FoodDocument, FoodEvent> = {
  name: 'foods',
  version: 1,
  collection: { name: 'foods', indexes: [['user_id']] },
  handles: foodEventTypes,
  documentId: (event) => event.data.foodId,
  ownerField: 'user_id',
  evolve: (current, event: RecordedEvent<FoodEvent>) => {
    const at = event.metadata.timestamp;
    switch (event.type) {
      case 'SystemFoodDefined': {
        const { data } = event;
        return {
          id: data.foodId,
          user_id: null,
          category: data.category,
          name: data.name,
          per100g: data.per100g,
          serving: data.serving,
          created_at: current?.created_at ?? data.definedAt,
          updated_at: at,
        };
      }
      case 'CustomFoodCreated': {
        const { data } = event;
        return {
          id: data.foodId,
          user_id: data.userId,
          category: data.category,
          name: everywhere(data.name),
          per100g: data.per100g,
          serving: data.serving ? { grams: data.serving.grams, name: everywhere(data.serving.name) } : null,
          created_at: data.createdAt,
          updated_at: at,
        };
      }
      case 'CustomFoodDeleted':
        return null;
      default: {
        const unhandled: never = event;
        throw new Error(`Unhandled food event ${JSON.stringify(unhandled)}`);
      }
    }
  },
};
