import type { ExerciseEvent, FavoriteEvent } from '@fitness/contracts';

/** What an exercise's rules need: whose it is (null: the system library), its name, whether it is gone. */
export type ExerciseState = {
  status: 'none' | 'system' | 'custom' | 'deleted';
  userId: string | null;
  name: string | null;
};

export const initialExerciseState = (): ExerciseState => ({ status: 'none', userId: null, name: null });

export function evolveExercise(state: ExerciseState, event: ExerciseEvent): ExerciseState {
  switch (event.type) {
    case 'SystemExerciseDefined':
      return { status: 'system', userId: null, name: event.data.name.en };
    case 'CustomExerciseCreated':
      return { status: 'custom', userId: event.data.userId, name: event.data.name };
    case 'CustomExerciseChanged':
      return event.data.changes.name === undefined ? state : { ...state, name: event.data.changes.name };
    case 'CustomExerciseDeleted':
      return { ...state, status: 'deleted' };
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled exercise event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** A user's starred exercises. */
export type FavoritesState = Set<string>;

export function evolveFavorites(state: FavoritesState, event: FavoriteEvent): FavoritesState {
  const next = new Set(state);
  if (event.type === 'ExerciseFavorited') next.add(event.data.exerciseId);
  else next.delete(event.data.exerciseId);
  return next;
}
