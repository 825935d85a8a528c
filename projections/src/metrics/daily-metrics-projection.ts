import {
  DAILY_METRICS_MODEL,
  type MealDocument,
  type MealEvent,
  type MonthTotalsDocument,
  mealEventTypes,
  type RecordedEvent,
  type StepsEvent,
  stepsEventTypes,
  type WaterDocument,
  type WaterEvent,
  type WorkoutEvent,
  waterEventTypes,
  workoutEventTypes,
} from '@fitness/contracts';
import { mealsProjection } from '../meals/meals-projection.ts';
import type { ManyDocumentProjection, ProjectionDocuments } from '../projection.ts';
import { waterProjection } from '../water/water-projection.ts';
import { type DayPartsDocument, type MealTotals, updateDay } from './day-parts.ts';
import { applyWorkoutEvent, type WorkoutEffortState } from './workout-efforts.ts';

/**
 * What the projection keeps of a meal and a day's water (and of a workout: workout-efforts.ts),
 * to tell what an event changed (their events do not all name the user and day). Read by the
 * projection only; each holds the position of the last event folded in, so an event applied
 * again changes nothing. The day's parts and the month's totals they make: day-parts.ts.
 */
type MealState = {
  id: string;
  user_id: string;
  kind: 'meal';
  event_position: number;
  meal: Pick<MealDocument, 'id' | 'user_id' | 'date' | 'type' | 'name' | 'created_at' | 'updated_at'> & {
    entries: Pick<MealDocument['entries'][number], 'id' | 'calories' | 'protein' | 'carbs' | 'fat'>[];
  };
};
type WaterState = {
  id: string;
  user_id: string;
  kind: 'water';
  event_position: number;
  entries: { id: string; ml: number }[];
};

export type DailyMetricsDocument = MonthTotalsDocument | DayPartsDocument | MealState | WaterState | WorkoutEffortState;
export type DailyMetricsDocuments = ProjectionDocuments<DailyMetricsDocument>;
type DailyEvent = MealEvent | WaterEvent | WorkoutEvent | StepsEvent;

const mealStateId = (mealId: string) => `meal:${mealId}`;
const waterStateId = (userId: string, date: string) => `water:${userId}:${date}`;

const mealEvents = new Set<string>(mealEventTypes);
const waterEvents = new Set<string>(waterEventTypes);
const stepsEvents = new Set<string>(stepsEventTypes);

/**
 * The `daily_metrics` read model: per user and calendar month, each day's totals (what the meals
 * add up to, water, steps, each workout's effort), so /metrics/today, /weekly and /monthly read
 * one or two documents of a few kilobytes however long the history or the log. Updated as
 * meals, water, workouts and steps change. Behind it the projection keeps each day's parts (to
 * work a day's totals out again when one part changes), and a small state per meal, day of water
 * and workout, since their later events name neither the user nor the day.
 */
export const dailyMetricsProjection: ManyDocumentProjection<DailyMetricsDocument, DailyEvent> = {
  name: DAILY_METRICS_MODEL,
  // 2: one document per user and month is what queries read (1 served one per day);
  // 3: alike workouts of a day counted together.
  // 4: a workout not completed counts as an empty effort (countedEffort);
  // 5: a workout's state counts its sets rather than listing them;
  // 6: a workout's state holds its tally beside its own id and user, not in a copy holding them again.
  // 7: a workout in progress keeps only its day, its sets counted at completion from its stream.
  version: 7,
  collection: { name: DAILY_METRICS_MODEL, indexes: [['user_id']] },
  handles: [...mealEventTypes, ...waterEventTypes, ...workoutEventTypes, ...stepsEventTypes],
  ownerField: 'user_id',
  apply: async (event, documents, batch, log) => {
    if (mealEvents.has(event.type)) return applyMealEvent(event as RecordedEvent<MealEvent>, documents);
    if (waterEvents.has(event.type)) return applyWaterEvent(event as RecordedEvent<WaterEvent>, documents);
    if (stepsEvents.has(event.type)) return applyStepsEvent(event as RecordedEvent<StepsEvent>, documents);
    if (!log) throw new Error('daily_metrics reads workouts from the log: apply it through the runner');
    return applyWorkoutEvent(event as RecordedEvent<WorkoutEvent>, documents, batch, log);
  },
};

async function applyMealEvent(event: RecordedEvent<MealEvent>, documents: DailyMetricsDocuments) {
  const id = mealStateId(event.data.mealId);
  const state = (await documents.get(id)) as MealState | null;
  if (state && state.event_position >= event.position) return;
  // The meals read model's own evolve: totals summed as the meal document sums them.
  const meal = mealsProjection.evolve((state?.meal ?? null) as MealDocument | null, event);
  const owner = meal ?? state?.meal;
  if (!owner) return;
  documents.set(
    id,
    meal && {
      id,
      user_id: meal.user_id,
      kind: 'meal',
      event_position: event.position,
      meal: {
        id: meal.id,
        user_id: meal.user_id,
        date: meal.date,
        type: meal.type,
        name: meal.name,
        created_at: meal.created_at,
        updated_at: meal.updated_at,
        entries: meal.entries.map(({ id, calories, protein, carbs, fat }) => ({ id, calories, protein, carbs, fat })),
      },
    },
  );
  const totals: MealTotals | null = meal && {
    calories: meal.calories,
    protein: meal.protein,
    carbs: meal.carbs,
    fat: meal.fat,
  };
  await updateDay(documents, owner.user_id, owner.date, (day) => {
    const { [owner.id]: _, ...others } = day.meals;
    // Replaced in place: a meal keeps its place among the day's, so an unchanged day stays the same document.
    return { ...day, meals: totals ? { ...day.meals, [owner.id]: totals } : others };
  });
}

async function applyWaterEvent(event: RecordedEvent<WaterEvent>, documents: DailyMetricsDocuments) {
  const { userId, date } = event.data;
  const id = waterStateId(userId, date);
  const state = (await documents.get(id)) as WaterState | null;
  if (state && state.event_position >= event.position) return;
  const water = waterProjection.evolve(
    state && ({ id, user_id: userId, date, entries: state.entries, total_ml: 0 } as unknown as WaterDocument),
    event,
  );
  const entries = (water?.entries ?? []).map((entry) => ({ id: entry.id, ml: entry.ml }));
  documents.set(id, { id, user_id: userId, kind: 'water', event_position: event.position, entries });
  await updateDay(documents, userId, date, (day) => ({ ...day, water_ml: water?.total_ml ?? 0 }));
}

/** The latest count of the day stands: set, never added, so an event applied again changes nothing. */
async function applyStepsEvent(event: RecordedEvent<StepsEvent>, documents: DailyMetricsDocuments) {
  const { userId, date, count } = event.data;
  await updateDay(documents, userId, date, (day) => ({ ...day, steps: count }));
}
