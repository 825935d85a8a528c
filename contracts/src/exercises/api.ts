import { type Static, Type } from 'typebox';
import { NameField } from '../name.ts';
import { PageMeta, PageNumber, PerPage } from '../paging.ts';
import {
  CATEGORIES,
  DIFFICULTIES,
  type Difficulty as DifficultyValue,
  EQUIPMENT,
  type Equipment,
  type ExerciseCategory,
  type ExerciseUnit,
  type Localized,
  MUSCLES,
  type Muscle as MuscleValue,
  UNITS,
} from './events.ts';

/** A choice of literals; typed as the union of the values so Static<> keeps them. */
const oneOf = <T extends readonly string[]>(values: T, message: string) =>
  Type.Unsafe<T[number]>(
    Type.Union(
      values.map((value) => Type.Literal(value)),
      { errorMessage: message },
    ),
  );

const Category = oneOf(CATEGORIES, `The category must be one of: ${CATEGORIES.join(', ')}.`);
const Muscle = oneOf(MUSCLES, `The primary muscle must be one of: ${MUSCLES.join(', ')}.`);
const EquipmentField = oneOf(EQUIPMENT, `The equipment must be one of: ${EQUIPMENT.join(', ')}.`);
const Difficulty = oneOf(DIFFICULTIES, `The difficulty must be one of: ${DIFFICULTIES.join(', ')}.`);
const Unit = oneOf(UNITS, `The unit must be one of: ${UNITS.join(', ')}.`);
const Name = NameField('The name');
const Steps = (what: string, max: number) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
    maxItems: max,
    errorMessage: `The ${what} must be a list of at most ${max} texts of 1 to 500 characters.`,
  });

const fields = {
  name: Name,
  category: Category,
  primary_muscle: Muscle,
  equipment: EquipmentField,
  difficulty: Difficulty,
  unit: Unit,
  instructions: Steps('instructions', 20),
  tips: Steps('tips', 10),
};

/** POST and PUT: a whole custom exercise (difficulty, unit, instructions and tips have defaults). */
export const ExerciseBody = Type.Object(
  {
    name: fields.name,
    category: fields.category,
    primary_muscle: fields.primary_muscle,
    equipment: fields.equipment,
    difficulty: Type.Optional(fields.difficulty),
    unit: Type.Optional(fields.unit),
    instructions: Type.Optional(fields.instructions),
    tips: Type.Optional(fields.tips),
  },
  { additionalProperties: false },
);
export type ExerciseBody = Static<typeof ExerciseBody>;

/** PATCH: any of the fields. */
export const ExercisePatchBody = Type.Partial(Type.Object(fields), { additionalProperties: false });
export type ExercisePatchBody = Static<typeof ExercisePatchBody>;

export const ExerciseParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const ListExercisesQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 100, errorMessage: 'The search must be at most 100 characters.' })),
  category: Type.Optional(Category),
  muscle: Type.Optional(Muscle),
  equipment: Type.Optional(EquipmentField),
  difficulty: Type.Optional(Difficulty),
  tab: Type.Optional(oneOf(['all', 'mine', 'favorites'] as const, 'The tab must be all, mine or favorites.')),
  page: Type.Optional(PageNumber),
  per_page: Type.Optional(PerPage(100, 24)),
});
export type ListExercisesQuery = Static<typeof ListExercisesQuery>;

const Timestamp = Type.String({ format: 'date-time' });

/** An exercise as the API shows it, in the language the client asked for (Accept-Language). */
export const Exercise = Type.Object({
  id: Type.String(),
  name: Type.String(),
  category: Category,
  primary_muscle: Muscle,
  equipment: EquipmentField,
  difficulty: Difficulty,
  unit: Unit,
  instructions: Type.Array(Type.String()),
  tips: Type.Array(Type.String()),
  is_custom: Type.Boolean(),
  is_favorite: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Exercise = Static<typeof Exercise>;

export const ExerciseList = Type.Object({
  data: Type.Array(Exercise),
  meta: PageMeta,
});

export const FavoriteState = Type.Object({ id: Type.String(), is_favorite: Type.Boolean() });

/** The read-model documents: every language kept, the API picks one per request. */
export type ExerciseDocument = {
  id: string;
  /** The owner of a custom exercise; null for the system library. */
  user_id: string | null;
  category: ExerciseCategory;
  primary_muscle: MuscleValue;
  equipment: Equipment;
  difficulty: DifficultyValue;
  unit: ExerciseUnit;
  name: Localized<string>;
  instructions: Localized<string[]>;
  tips: Localized<string[]>;
  created_at: string;
  updated_at: string;
};

export type FavoritesDocument = { id: string; user_id: string; exercise_ids: string[] };
