import { type Static, Type } from 'typebox';
import { CalendarDate } from '../calendar-date.ts';
import { NameField } from '../name.ts';
import { MAX_QUANTITY, QUANTITY_UNITS } from '../nutrition/arithmetic.ts';
import { Nullable, oneOf } from '../schema-parts.ts';
import { MEAL_TYPES, type MealType } from './events.ts';

export const MealTypeField = oneOf(MEAL_TYPES, `The meal type must be one of: ${MEAL_TYPES.join(', ')}.`);
const Unit = oneOf(QUANTITY_UNITS, 'The unit must be g, oz or serving.');
const Quantity = Type.Number({
  exclusiveMinimum: 0,
  maximum: MAX_QUANTITY,
  errorMessage: `The quantity must be a number greater than 0 and at most ${MAX_QUANTITY}.`,
});

export const ListMealsQuery = Type.Object({
  date: Type.Optional(CalendarDate),
  from: Type.Optional(CalendarDate),
  to: Type.Optional(CalendarDate),
});

/** The spec's Meal has a name; without one the meal is named after its type ("Breakfast"). */
export const CreateMealBody = Type.Object(
  { date: CalendarDate, type: MealTypeField, name: Type.Optional(NameField('The meal name')) },
  { additionalProperties: false },
);

export const MealParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const EntryParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  entryId: Type.String({ maxLength: 100 }),
});

/** The plain values of a quick-add, also what changing one accepts. */
const quickAddValues = {
  calories: Type.Optional(
    Type.Number({ minimum: 0, maximum: 10000, errorMessage: 'The calories must be a number from 0 to 10000.' }),
  ),
  protein: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1000, errorMessage: 'The protein must be a number from 0 to 1000 g.' }),
  ),
  carbs: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1000, errorMessage: 'The carbohydrate must be a number from 0 to 1000 g.' }),
  ),
  fat: Type.Optional(
    Type.Number({ minimum: 0, maximum: 1000, errorMessage: 'The fat must be a number from 0 to 1000 g.' }),
  ),
};

/** An entry is a food and a quantity (grams, ounces or servings), or a quick-add of plain calories and macros. */
export const AddEntryBody = Type.Object(
  {
    food_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, errorMessage: 'The food id must name a food.' }),
    ),
    quantity: Type.Optional(Quantity),
    unit: Type.Optional(Unit),
    name: Type.Optional(NameField('The name')),
    /** The spec's name for the entry's name (what entries are read back with); the same as `name`. */
    food_name: Type.Optional(NameField('The food name')),
    ...quickAddValues,
  },
  { additionalProperties: false },
);
export type AddEntryBody = Static<typeof AddEntryBody>;

export const UpdateEntryBody = Type.Object(
  {
    quantity: Type.Optional(Quantity),
    unit: Type.Optional(Unit),
    ...quickAddValues,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateEntryBody = Static<typeof UpdateEntryBody>;

/** What an entry, a meal and a saved meal each show of their food: kcal and grams of each macro. */
export const MacroTotals = Type.Object({
  calories: Type.Number(),
  protein: Type.Number(),
  carbs: Type.Number(),
  fat: Type.Number(),
});
export type MacroTotals = Static<typeof MacroTotals>;

export const MealEntry = Type.Object({
  id: Type.String(),
  food_id: Nullable(Type.String()),
  food_name: Type.String(),
  /** Grams; null for a quick-add logged without one. */
  quantity: Nullable(Type.Number()),
  ...MacroTotals.properties,
  created_at: Type.String({ format: 'date-time' }),
});
export type MealEntry = Static<typeof MealEntry>;

export const Meal = Type.Object({
  id: Type.String(),
  date: Type.String(),
  type: MealTypeField,
  name: Type.String(),
  ...MacroTotals.properties,
  entries: Type.Array(MealEntry),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type Meal = Static<typeof Meal>;
export type MealDocument = Meal & { user_id: string; type: MealType };

export const MealList = Type.Object({ data: Type.Array(Meal) });
