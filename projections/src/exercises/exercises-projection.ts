import {
  type ExerciseDocument,
  type ExerciseEvent,
  everywhere,
  exerciseEventTypes,
  type FavoriteEvent,
  type FavoritesDocument,
  favoriteEventTypes,
  type RecordedEvent,
} from '@fitness/contracts';
import type { Projection } from '../projection.ts';

/** A custom exercise has one name and text, shown the same in every language. */

/**
 * The `exercises` read model: the system library (user_id null) and every user's custom
 * exercises, each with all languages so a query can answer in the one the client asks for.
 */
export const exercisesProjection: Projection<ExerciseDocument & { id: string }, ExerciseEvent> = {
  name: 'exercises',
  version: 1,
  collection: { name: 'exercises', indexes: [['user_id']] },
  handles: exerciseEventTypes,
  documentId: (event) => event.data.exerciseId,
  ownerField: 'user_id',
  evolve: evolveExercise,
};

function evolveExercise(
  current: ExerciseDocument | null,
  event: RecordedEvent<ExerciseEvent>,
): ExerciseDocument | null {
  const at = event.metadata.timestamp;
  switch (event.type) {
    case 'SystemExerciseDefined': {
      const { data } = event;
      return {
        id: data.exerciseId,
        user_id: null,
        category: data.category,
        primary_muscle: data.muscle,
        equipment: data.equipment,
        difficulty: data.difficulty,
        unit: data.unit,
        name: data.name,
        instructions: data.instructions,
        tips: data.tips,
        created_at: current?.created_at ?? data.definedAt,
        updated_at: at,
      };
    }
    case 'CustomExerciseCreated': {
      const { data } = event;
      return {
        id: data.exerciseId,
        user_id: data.userId,
        category: data.category,
        primary_muscle: data.muscle,
        equipment: data.equipment,
        difficulty: data.difficulty,
        unit: data.unit,
        name: everywhere(data.name),
        instructions: everywhere(data.instructions),
        tips: everywhere(data.tips),
        created_at: data.createdAt,
        updated_at: at,
      };
    }
    case 'CustomExerciseChanged': {
      if (!current) return null;
      const { changes } = event.data;
      return {
        ...current,
        ...(changes.category !== undefined && { category: changes.category }),
        ...(changes.muscle !== undefined && { primary_muscle: changes.muscle }),
        ...(changes.equipment !== undefined && { equipment: changes.equipment }),
        ...(changes.difficulty !== undefined && { difficulty: changes.difficulty }),
        ...(changes.unit !== undefined && { unit: changes.unit }),
        ...(changes.name !== undefined && { name: everywhere(changes.name) }),
        ...(changes.instructions !== undefined && { instructions: everywhere(changes.instructions) }),
        ...(changes.tips !== undefined && { tips: everywhere(changes.tips) }),
        updated_at: at,
      };
    }
    case 'CustomExerciseDeleted':
      return null;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled exercise event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** The `favorites` read model: one document per user listing the exercises they starred. */
export const favoritesProjection: Projection<FavoritesDocument, FavoriteEvent> = {
  name: 'favorites',
  version: 1,
  collection: { name: 'favorites', indexes: [] },
  handles: favoriteEventTypes,
  documentId: (event) => event.data.userId,
  ownerField: 'user_id',
  evolve: (current, event) => {
    const ids = current?.exercise_ids ?? [];
    const { userId, exerciseId } = event.data;
    const exercise_ids =
      event.type === 'ExerciseFavorited'
        ? [...ids.filter((id) => id !== exerciseId), exerciseId]
        : ids.filter((id) => id !== exerciseId);
    return { id: userId, user_id: userId, exercise_ids };
  },
};
