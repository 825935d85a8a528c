import { type Static, Type } from 'typebox';
import { CalendarDate } from '../calendar-date.ts';
import {
  CATEGORIES,
  DIFFICULTIES,
  type Difficulty,
  type ExerciseCategory,
  type Localized,
} from '../exercises/events.ts';
import { NameField } from '../name.ts';
import type { TemplateExercise } from './events.ts';

const oneOf = <T extends readonly string[]>(values: T, message: string) =>
  Type.Unsafe<T[number]>(
    Type.Union(
      values.map((value) => Type.Literal(value)),
      { errorMessage: message },
    ),
  );

export const ListTemplatesQuery = Type.Object({
  category: Type.Optional(oneOf(CATEGORIES, `The category must be one of: ${CATEGORIES.join(', ')}.`)),
  difficulty: Type.Optional(oneOf(DIFFICULTIES, `The difficulty must be one of: ${DIFFICULTIES.join(', ')}.`)),
  mine: Type.Optional(Type.Boolean({ errorMessage: 'The mine filter must be true or false.' })),
});
export type ListTemplatesQuery = Static<typeof ListTemplatesQuery>;

export const TemplateParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const StartTemplateBody = Type.Object(
  {
    date: Type.Optional(CalendarDate),
  },
  { additionalProperties: false },
);

export const SaveTemplateBody = Type.Object(
  {
    name: Type.Optional(NameField('The template name')),
    category: Type.Optional(oneOf(CATEGORIES, `The category must be one of: ${CATEGORIES.join(', ')}.`)),
    difficulty: Type.Optional(oneOf(DIFFICULTIES, `The difficulty must be one of: ${DIFFICULTIES.join(', ')}.`)),
  },
  { additionalProperties: false },
);
export type SaveTemplateBody = Static<typeof SaveTemplateBody>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A template as the API shows it, its exercises looked up in the reader's library and language. */
export const Template = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  category: oneOf(CATEGORIES, ''),
  difficulty: oneOf(DIFFICULTIES, ''),
  is_custom: Type.Boolean(),
  exercises: Type.Array(
    Type.Object({
      exercise_id: Nullable(Type.String()),
      name: Type.String(),
      /** False when the exercise is not in the reader's library (deleted, or never was). */
      found: Type.Boolean(),
      sets: Type.Integer(),
      reps: Nullable(Type.Integer()),
      duration: Nullable(Type.Integer()),
      distance: Nullable(Type.Number()),
      rest: Nullable(Type.Integer()),
      /** Kilograms per set, as saved from a workout; null for bodyweight or where the template names none. */
      weight: Nullable(Type.Number()),
    }),
  ),
  created_at: Type.String({ format: 'date-time' }),
});
export type Template = Static<typeof Template>;

export const TemplateList = Type.Object({ data: Type.Array(Template) });

/** The read-model document. */
export type TemplateDocument = {
  id: string;
  user_id: string | null;
  category: ExerciseCategory;
  difficulty: Difficulty;
  name: Localized<string>;
  description: Localized<string>;
  exercises: TemplateExercise[];
  created_at: string;
  updated_at: string;
};
