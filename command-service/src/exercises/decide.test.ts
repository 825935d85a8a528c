import type { CustomExerciseFields, ExerciseEvent, FavoriteEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../core/decider-specification.ts';
import { exerciseDecider, favoritesDecider, type SystemExerciseDefinition } from './decide.ts';
import { ExerciseNotFound, SystemExerciseReadOnly } from './errors.ts';

const exercises = specification(exerciseDecider);
const favorites = specification(favoritesDecider);
const at = '2026-11-21T10:00:00.000Z';
const fields: CustomExerciseFields = {
  name: 'Sandbag carry',
  category: 'strength',
  muscle: 'core',
  equipment: 'bodyweight',
  difficulty: 'intermediate',
  unit: 'distance',
  instructions: ['Hug the bag', 'Walk'],
  tips: ['Brace'],
};
const created: ExerciseEvent = {
  type: 'CustomExerciseCreated',
  data: { exerciseId: 'x1', userId: 'u1', ...fields, createdAt: at },
};
const definition: SystemExerciseDefinition = {
  category: 'strength',
  muscle: 'legs',
  equipment: 'barbell',
  difficulty: 'intermediate',
  unit: 'reps',
  name: { en: 'Back squat', de: 'Kniebeuge', ar: 'قرفصاء' },
  instructions: { en: ['Squat'], de: ['Beuge'], ar: ['اجلس'] },
  tips: { en: [], de: [], ar: [] },
};
const defined: ExerciseEvent = {
  type: 'SystemExerciseDefined',
  data: { exerciseId: 'back-squat', ...definition, definedAt: at },
};

describe('exercise decider', () => {
  it('creates a custom exercise for its owner', () => {
    exercises
      .given([])
      .when({ type: 'CreateCustomExercise', exerciseId: 'x1', userId: 'u1', fields, at })
      .thenEvents([created]);
  });

  it('lets only the owner change or delete a custom exercise; for anyone else it is not found', () => {
    exercises
      .given([created])
      .when({ type: 'ChangeCustomExercise', exerciseId: 'x1', userId: 'u1', changes: { name: 'Sandbag walk' }, at })
      .thenEvents([
        { type: 'CustomExerciseChanged', data: { exerciseId: 'x1', userId: 'u1', changes: { name: 'Sandbag walk' } } },
      ]);
    exercises
      .given([created])
      .when({ type: 'ChangeCustomExercise', exerciseId: 'x1', userId: 'u2', changes: { name: 'Mine' }, at })
      .thenThrows(ExerciseNotFound);
    exercises
      .given([created])
      .when({ type: 'DeleteCustomExercise', exerciseId: 'x1', userId: 'u2', at })
      .thenThrows(ExerciseNotFound);
    exercises
      .given([created])
      .when({ type: 'DeleteCustomExercise', exerciseId: 'x1', userId: 'u1', at })
      .thenEvents([{ type: 'CustomExerciseDeleted', data: { exerciseId: 'x1', userId: 'u1', deletedAt: at } }]);
  });

  it('treats a deleted exercise as not found', () => {
    const deleted: ExerciseEvent = {
      type: 'CustomExerciseDeleted',
      data: { exerciseId: 'x1', userId: 'u1', deletedAt: at },
    };
    exercises
      .given([created, deleted])
      .when({ type: 'DeleteCustomExercise', exerciseId: 'x1', userId: 'u1', at })
      .thenThrows(ExerciseNotFound);
  });

  it('keeps the library read-only for users', () => {
    exercises
      .given([defined])
      .when({ type: 'ChangeCustomExercise', exerciseId: 'back-squat', userId: 'u1', changes: { name: 'My squat' }, at })
      .thenThrows(SystemExerciseReadOnly);
    exercises
      .given([defined])
      .when({ type: 'DeleteCustomExercise', exerciseId: 'back-squat', userId: 'u1', at })
      .thenThrows(SystemExerciseReadOnly);
  });

  it('(re)defines a library exercise from the seed', () => {
    exercises
      .given([])
      .when({ type: 'DefineSystemExercise', exerciseId: 'back-squat', definition, at })
      .thenEvents([defined]);
  });
});

describe('favorites decider', () => {
  const starred: FavoriteEvent = { type: 'ExerciseFavorited', data: { userId: 'u1', exerciseId: 'back-squat' } };
  it('stars and unstars', () => {
    favorites
      .given([])
      .when({ type: 'SetFavorite', userId: 'u1', exerciseId: 'back-squat', favorite: true })
      .thenEvents([starred]);
    favorites
      .given([starred])
      .when({ type: 'SetFavorite', userId: 'u1', exerciseId: 'back-squat', favorite: false })
      .thenEvents([{ type: 'ExerciseUnfavorited', data: { userId: 'u1', exerciseId: 'back-squat' } }]);
  });
  it('decides nothing when the star is already as asked', () => {
    favorites
      .given([starred])
      .when({ type: 'SetFavorite', userId: 'u1', exerciseId: 'back-squat', favorite: true })
      .thenEvents([]);
    favorites
      .given([])
      .when({ type: 'SetFavorite', userId: 'u1', exerciseId: 'back-squat', favorite: false })
      .thenEvents([]);
  });
});
