import { Type } from 'typebox';
import { CalendarDate } from '../calendar-date.ts';
import { Meal, MealTypeField } from './api.ts';

/**
 * Copying what was eaten: a meal, or a whole day, into the meals of another day. A copied entry
 * is logged again as it was (its food, quantity and nutrients), so it is an entry added like any
 * other (`MealEntryAdded`), and every read model that follows meals counts it.
 */

/**
 * Where a meal is copied, or a saved meal logged, to: the caller's meal of that day and type (the
 * copied or saved meal's type unless given).
 */
export const LogAgainBody = Type.Object(
  { date: CalendarDate, type: Type.Optional(MealTypeField) },
  { additionalProperties: false },
);

/** A day copied to another, each meal into that day's meal of the same type. */
export const CopyDayBody = Type.Object({ from: CalendarDate, to: CalendarDate }, { additionalProperties: false });

/** The meals a copied day went into. */
export const CopiedMeals = Type.Object({ data: Type.Array(Meal) });
