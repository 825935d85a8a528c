import type { FoodEvent } from '@fitness/contracts';

/** What a food's rules need: whether it is the library's or someone's own, and whose. */
export type FoodState = { status: 'none' | 'system' | 'custom' | 'deleted'; userId: string | null };

export const initialFoodState = (): FoodState => ({ status: 'none', userId: null });

export function evolveFood(state: FoodState, event: FoodEvent): FoodState {
  switch (event.type) {
    case 'SystemFoodDefined':
      return { status: 'system', userId: null };
    case 'CustomFoodCreated':
      return { status: 'custom', userId: event.data.userId };
    case 'CustomFoodDeleted':
      return { ...state, status: 'deleted' };
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled food event ${JSON.stringify(unhandled)}`);
    }
  }
}
