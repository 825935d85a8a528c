import { type Static, Type } from 'typebox';
import { MacroTotals, MealEntry, MealTypeField } from '../meals/api.ts';
import type { LoggedEntry, MealType } from '../meals/events.ts';
import { macroTotals, presentLoggedEntry } from '../meals/present.ts';
import { NameField } from '../name.ts';
import { sumNutrients } from '../nutrition/arithmetic.ts';

/**
 * Saved meals: what was in one of the user's meals, kept under a name to log again in one go.
 * Stream: `saved-meals-<userId>`, one per user holding all of their saved meals, because the
 * rule that spans them (at most MAX_SAVED_MEALS) needs them in one place to be decided on.
 * All at schema version 1.
 */

/** How many saved meals one user may keep: a list to pick from, not an archive. */
export const MAX_SAVED_MEALS = 100;

export type SavedMealEvent =
  | {
      type: 'SavedMealCreated';
      data: {
        savedMealId: string;
        userId: string;
        name: string;
        /** The type of the meal it was saved from: where logging it goes unless told otherwise. */
        mealType: MealType;
        /** Its entries as they were logged: what logging it again adds. */
        entries: LoggedEntry[];
        createdAt: string;
      };
    }
  | { type: 'SavedMealRenamed'; data: { savedMealId: string; userId: string; name: string } }
  | { type: 'SavedMealDeleted'; data: { savedMealId: string; userId: string; deletedAt: string } };

export const savedMealEventTypes: readonly SavedMealEvent['type'][] = [
  'SavedMealCreated',
  'SavedMealRenamed',
  'SavedMealDeleted',
];

export const savedMealsStream = (userId: string) => `saved-meals-${userId}`;

// API

export const SavedMealParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const SaveMealBody = Type.Object(
  {
    meal_id: Type.String({ minLength: 1, maxLength: 100, errorMessage: 'The meal id must name one of your meals.' }),
    name: Type.Optional(NameField('The saved meal name')),
  },
  { additionalProperties: false },
);

export const RenameSavedMealBody = Type.Object(
  { name: NameField('The saved meal name') },
  { additionalProperties: false },
);

export const SavedMeal = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: MealTypeField,
  /** A meal's entries as they were logged, without the ids and times that belonged to that meal. */
  entries: Type.Array(Type.Omit(MealEntry, ['id', 'created_at'])),
  ...MacroTotals.properties,
  created_at: Type.String({ format: 'date-time' }),
});
export type SavedMeal = Static<typeof SavedMeal>;

export const SavedMealList = Type.Object({ data: Type.Array(SavedMeal) });

/** The read model's document: the saved meal as the API shows it, and its owner. */
export type SavedMealDocument = SavedMeal & { user_id: string };

/**
 * A saved meal as the read model keeps it, from what its creation recorded (and the name it has
 * now): the one shape the projection stores and the write side answers with.
 */
export function savedMealDocument(saved: Extract<SavedMealEvent, { type: 'SavedMealCreated' }>['data']) {
  const document: SavedMealDocument = {
    id: saved.savedMealId,
    user_id: saved.userId,
    name: saved.name,
    type: saved.mealType,
    entries: saved.entries.map(presentLoggedEntry),
    ...macroTotals(sumNutrients(saved.entries.map((entry) => entry.nutrients))),
    created_at: saved.createdAt,
  };
  return document;
}

/** A saved meal without its owner field, as the API shows it. */
export function presentSavedMeal({ user_id: _owner, ...saved }: SavedMealDocument): SavedMeal {
  return saved;
}
