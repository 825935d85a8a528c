/**
 * The daily metrics' days: what a user logged on a day, in parts, and the day's totals in the
 * month's document that the queries read, worked out again from the parts when one changes.
 */

import {
  type DayTotals,
  type MealDocument,
  type MonthTotalsDocument,
  mealsTotal,
  monthOfDay,
  monthTotalsId,
  type WorkoutEffort,
} from '@fitness/contracts';
import { sameDocument } from '../projection.ts';
import type { DailyMetricsDocuments } from './daily-metrics-projection.ts';

export type MealTotals = Pick<MealDocument, 'calories' | 'protein' | 'carbs' | 'fat'>;

/**
 * What a user logged on one day, in parts: each meal's totals (by meal id; a user has at most
 * one meal of each type a day), the water and steps, and the workouts' efforts, alike ones
 * counted together under the effort's JSON (so a day of thousands of imported workouts stays
 * small), to work the day's totals out again when one part changes. Read by the projection only.
 */
export type DayPartsDocument = {
  id: string;
  user_id: string;
  kind: 'day';
  date: string;
  meals: Record<string, MealTotals>;
  water_ml: number;
  steps: number;
  workouts: Record<string, WorkoutEffort & { count: number }>;
};

const dayPartsId = (userId: string, date: string) => `day:${userId}:${date}`;

/** Changes a day's parts, and its totals in the month's document; a day left with nothing logged has neither. */
export async function updateDay(
  documents: DailyMetricsDocuments,
  userId: string,
  date: string,
  change: (day: DayPartsDocument) => DayPartsDocument,
) {
  const id = dayPartsId(userId, date);
  const stored = (await documents.get(id)) as DayPartsDocument | null;
  const next = change(
    stored ?? { id, user_id: userId, kind: 'day', date, meals: {}, water_ml: 0, steps: 0, workouts: {} },
  );
  const empty =
    Object.keys(next.meals).length === 0 && Object.keys(next.workouts).length === 0 && !next.water_ml && !next.steps;
  const parts = empty ? null : next;
  // Most workout events (a set's reps, a note) change nothing a day shows: nothing is written or announced then.
  if (sameDocument(stored, parts)) return;
  documents.set(id, parts);
  await updateMonth(documents, userId, date, parts && totalsOf(parts));
}

/** A day's totals from its parts: meals summed in the order of their ids, as the read store lists a day's meals. */
function totalsOf(day: DayPartsDocument): DayTotals {
  const mealIds = Object.keys(day.meals).sort((a, b) => (a < b ? -1 : +(a > b)));
  return {
    eaten: mealsTotal(mealIds.map((mealId) => day.meals[mealId] as MealTotals)),
    water_ml: day.water_ml,
    steps: day.steps,
    workouts: Object.values(day.workouts),
  };
}

async function updateMonth(documents: DailyMetricsDocuments, userId: string, date: string, totals: DayTotals | null) {
  const month = monthOfDay(date);
  const id = monthTotalsId(userId, month);
  const stored = (await documents.get(id)) as MonthTotalsDocument | null;
  const { [date]: _, ...others } = stored?.days ?? {};
  // Days in the order of the calendar, so live folding and a rebuild write the same document.
  const days = Object.fromEntries(
    Object.entries(totals ? { ...others, [date]: totals } : others).sort(([a], [b]) => (a < b ? -1 : +(a > b))),
  );
  const next: MonthTotalsDocument | null =
    Object.keys(days).length > 0 ? { id, user_id: userId, kind: 'month', month, days } : null;
  if (!sameDocument(stored, next)) documents.set(id, next);
}
