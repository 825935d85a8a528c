import type { CustomExerciseFields, ExerciseEvent, ExerciseTraits, FavoriteEvent, Localized } from '@fitness/contracts';
import type { Decider } from '../core/command-handler.ts';
import { ExerciseNotFound, SystemExerciseReadOnly } from './errors.ts';
import {
  type ExerciseState,
  evolveExercise,
  evolveFavorites,
  type FavoritesState,
  initialExerciseState,
} from './exercise.ts';

type Base = { exerciseId: string; at: string };

export type SystemExerciseDefinition = ExerciseTraits & {
  name: Localized<string>;
  instructions: Localized<string[]>;
  tips: Localized<string[]>;
};

export type ExerciseCommand =
  | (Base & { type: 'DefineSystemExercise'; definition: SystemExerciseDefinition })
  | (Base & { type: 'CreateCustomExercise'; userId: string; fields: CustomExerciseFields })
  | (Base & { type: 'ChangeCustomExercise'; userId: string; changes: Partial<CustomExerciseFields> })
  | (Base & { type: 'DeleteCustomExercise'; userId: string });

/**
 * The exercise aggregate. The library is (re)defined by the seed; a custom exercise belongs to
 * its creator, and anyone else's is not found. Library exercises are read-only for users.
 */
export function decideExercise(command: ExerciseCommand, state: ExerciseState): ExerciseEvent[] {
  const { exerciseId, at } = command;
  switch (command.type) {
    case 'DefineSystemExercise':
      if (state.status === 'custom' || state.status === 'deleted')
        throw new Error(`${exerciseId} is not a library exercise`);
      return [{ type: 'SystemExerciseDefined', data: { exerciseId, ...command.definition, definedAt: at } }];
    case 'CreateCustomExercise':
      if (state.status !== 'none') throw new Error(`Exercise ${exerciseId} exists already`);
      return [
        {
          type: 'CustomExerciseCreated',
          data: { exerciseId, userId: command.userId, ...command.fields, createdAt: at },
        },
      ];
    case 'ChangeCustomExercise':
      assertOwn(state, command.userId);
      return Object.keys(command.changes).length === 0
        ? []
        : [{ type: 'CustomExerciseChanged', data: { exerciseId, userId: command.userId, changes: command.changes } }];
    case 'DeleteCustomExercise':
      assertOwn(state, command.userId);
      return [{ type: 'CustomExerciseDeleted', data: { exerciseId, userId: command.userId, deletedAt: at } }];
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled exercise command ${JSON.stringify(unhandled)}`);
    }
  }
}

function assertOwn(state: ExerciseState, userId: string) {
  if (state.status === 'system') throw new SystemExerciseReadOnly();
  if (state.status !== 'custom' || state.userId !== userId) throw new ExerciseNotFound();
}

export const exerciseDecider: Decider<ExerciseCommand, ExerciseEvent, ExerciseState> = {
  initialState: initialExerciseState,
  evolve: evolveExercise,
  decide: decideExercise,
};

export type FavoriteCommand = { type: 'SetFavorite'; userId: string; exerciseId: string; favorite: boolean };

/** Starring is idempotent: starring a starred exercise, or unstarring an unstarred one, decides nothing. */
export const favoritesDecider: Decider<FavoriteCommand, FavoriteEvent, FavoritesState> = {
  initialState: () => new Set(),
  evolve: evolveFavorites,
  decide: ({ userId, exerciseId, favorite }, state) => {
    if (state.has(exerciseId) === favorite) return [];
    return [{ type: favorite ? 'ExerciseFavorited' : 'ExerciseUnfavorited', data: { userId, exerciseId } }];
  },
};
