/**
 * Facts about exercises. Streams: `exercise-<id>` (system exercises use their slug as id, custom
 * ones a UUID), `favorites-<userId>`, and one claim stream per custom name per user. All at
 * schema version 1.
 */

export const CATEGORIES = ['strength', 'cardio', 'flexibility', 'sports'] as const;
export const MUSCLES = ['chest', 'back', 'legs', 'shoulders', 'arms', 'core', 'glutes'] as const;
export const EQUIPMENT = ['barbell', 'dumbbells', 'bodyweight', 'machines', 'cables', 'pull-up bar'] as const;
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const UNITS = ['reps', 'time', 'distance'] as const;
export const LANGUAGES = ['en', 'de', 'ar'] as const;

export type ExerciseCategory = (typeof CATEGORIES)[number];
export type Muscle = (typeof MUSCLES)[number];
export type Equipment = (typeof EQUIPMENT)[number];
export type Difficulty = (typeof DIFFICULTIES)[number];
export type ExerciseUnit = (typeof UNITS)[number];
export type Language = (typeof LANGUAGES)[number];
export type Localized<T> = Record<Language, T>;

/** The same value in every language (a custom name the user typed once). */
export const everywhere = <T>(value: T): Localized<T> =>
  Object.fromEntries(LANGUAGES.map((language) => [language, value])) as Localized<T>;

export type ExerciseTraits = {
  category: ExerciseCategory;
  muscle: Muscle;
  equipment: Equipment;
  difficulty: Difficulty;
  unit: ExerciseUnit;
};

/** What a custom exercise's owner may set. */
export type CustomExerciseFields = ExerciseTraits & { name: string; instructions: string[]; tips: string[] };

export type ExerciseEvent =
  | {
      type: 'SystemExerciseDefined';
      data: ExerciseTraits & {
        exerciseId: string;
        name: Localized<string>;
        instructions: Localized<string[]>;
        tips: Localized<string[]>;
        definedAt: string;
      };
    }
  | {
      type: 'CustomExerciseCreated';
      data: CustomExerciseFields & { exerciseId: string; userId: string; createdAt: string };
    }
  | {
      type: 'CustomExerciseChanged';
      data: { exerciseId: string; userId: string; changes: Partial<CustomExerciseFields> };
    }
  | { type: 'CustomExerciseDeleted'; data: { exerciseId: string; userId: string; deletedAt: string } };

export type ExerciseEventType = ExerciseEvent['type'];
export const exerciseEventTypes: readonly ExerciseEventType[] = [
  'SystemExerciseDefined',
  'CustomExerciseCreated',
  'CustomExerciseChanged',
  'CustomExerciseDeleted',
];

export type FavoriteEvent =
  | { type: 'ExerciseFavorited'; data: { userId: string; exerciseId: string } }
  | { type: 'ExerciseUnfavorited'; data: { userId: string; exerciseId: string } };
export const favoriteEventTypes: readonly FavoriteEvent['type'][] = ['ExerciseFavorited', 'ExerciseUnfavorited'];

/** Claims on a custom exercise name, so two concurrent creates of one name cannot both win. */
export type ExerciseNameEvent =
  | { type: 'ExerciseNameClaimed'; data: { userId: string; exerciseId: string; name: string } }
  | { type: 'ExerciseNameReleased'; data: { userId: string; exerciseId: string } };

export const exerciseStream = (exerciseId: string) => `exercise-${exerciseId}`;
export const favoritesStream = (userId: string) => `favorites-${userId}`;

/** The spec's message for a taken custom exercise name (section 5). */
export const duplicateExerciseMessage = (name: string) =>
  `An exercise named "${name}" already exists. Please choose a different name.`;
