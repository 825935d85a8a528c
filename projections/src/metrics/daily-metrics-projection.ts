import {
  DAILY_METRICS_MODEL,
  type DayTotals,
  type MealDocument,
  type MealEvent,
  type MonthTotalsDocument,
  mealEventTypes,
  mealsTotal,
  monthOfDay,
  monthTotalsId,
  type RecordedEvent,
  type StepsEvent,
  stepsEventTypes,
  type WaterDocument,
  type WaterEvent,
  type WorkoutDocument,
  type WorkoutEffort,
  type WorkoutEvent,
  waterEventTypes,
  workoutEventTypes,
} from '@fitness/contracts';
import { evolveWorkoutSets, type WorkoutSets } from '@fitness/contracts/workouts/fold.ts';
import { mealsProjection } from '../meals/meals-projection.ts';
import {
  type ManyDocumentProjection,
  type ProjectionBatch,
  type ProjectionDocuments,
  type ProjectionLog,
  sameDocument,
} from '../projection.ts';
import { waterProjection } from '../water/water-projection.ts';
import { workoutFold } from '../workouts/workout-folds.ts';

/**
 * What the projection keeps of a meal, a day's water and a workout, to tell what an event
 * changed (their events do not all name the user and day). Read by the projection only; each
 * holds the position of the last event folded in, so an event applied again changes nothing.
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
type MealTotals = Pick<MealDocument, 'calories' | 'protein' | 'carbs' | 'fat'>;

/**
 * What a user logged on one day, in parts: each meal's totals (by meal id; a user has at most
 * one meal of each type a day), the water and steps, and the workouts' efforts, alike ones
 * counted together under the effort's JSON (so a day of thousands of imported workouts stays
 * small), to work the day's totals out again when one part changes. Read by the projection only.
 */
type DayPartsDocument = {
  id: string;
  user_id: string;
  kind: 'day';
  date: string;
  meals: Record<string, MealTotals>;
  water_ml: number;
  steps: number;
  workouts: Record<string, WorkoutEffort & { count: number }>;
};
/** What a workout's effort is worked out from. */
type WorkoutTally = Pick<WorkoutDocument, 'date' | 'status' | 'duration'> & {
  /** Each exercise with its number of sets: a set logged changes a count, not a growing list. */
  exercises: { id: string; exercise_id: string | null; sets: number }[];
};
/**
 * What the state keeps of a workout in progress: the day, which counts it as an empty effort
 * (countedEffort), and nothing its exercises and sets change, so they write nothing.
 */
type WorkoutInProgress = Pick<WorkoutDocument, 'date'> & { status: 'in_progress' };
/** What a workout counts for: its day and status while in progress, its whole tally once completed. */
type WorkoutCount = WorkoutInProgress | WorkoutTally;
type WorkoutEffortState = { id: string; user_id: string; kind: 'workout'; event_position: number } & WorkoutCount;

export type DailyMetricsDocument = MonthTotalsDocument | DayPartsDocument | MealState | WaterState | WorkoutEffortState;
type Documents = ProjectionDocuments<DailyMetricsDocument>;
type DailyEvent = MealEvent | WaterEvent | WorkoutEvent | StepsEvent;

const mealStateId = (mealId: string) => `meal:${mealId}`;
const waterStateId = (userId: string, date: string) => `water:${userId}:${date}`;
const workoutStateId = (workoutId: string) => `workout:${workoutId}`;
const dayPartsId = (userId: string, date: string) => `day:${userId}:${date}`;

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

async function applyMealEvent(event: RecordedEvent<MealEvent>, documents: Documents) {
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

async function applyWaterEvent(event: RecordedEvent<WaterEvent>, documents: Documents) {
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
async function applyStepsEvent(event: RecordedEvent<StepsEvent>, documents: Documents) {
  const { userId, date, count } = event.data;
  await updateDay(documents, userId, date, (day) => ({ ...day, steps: count }));
}

async function applyWorkoutEvent(
  event: RecordedEvent<WorkoutEvent>,
  documents: Documents,
  batch: ProjectionBatch,
  log: ProjectionLog,
) {
  const inBatch = setsOfWorkouts.inBatch(batch, event);
  const id = workoutStateId(event.data.workoutId);
  const state = (await documents.get(id)) as WorkoutEffortState | null;
  if (state && state.event_position >= event.position) return;
  const before = state && countOf(state);
  const after = await evolveCount(
    before,
    event,
    async () => inBatch ?? (await setsOfWorkouts.fromLog(event, batch, log)),
  );
  const userId = state?.user_id ?? (event.type === 'WorkoutStarted' ? event.data.userId : null);
  // Nothing the workout counts for changed (a set logged during it): no write at all.
  if (!userId || after === before) return;
  documents.set(id, after && { id, user_id: userId, kind: 'workout', event_position: event.position, ...after });
  // The workout's state counts it under its effort: each event moves it from the effort it had
  // to the one it has (applied once, as the state's event position guarantees).
  const was = before && { date: before.date, effort: countedEffort(before) };
  const is = after && { date: after.date, effort: countedEffort(after) };
  const keyOf = (effort: WorkoutEffort) => JSON.stringify(effort);
  if (was && is && was.date === is.date && sameEffort(was.effort, is.effort)) return;
  const counted = (effort: WorkoutEffort, by: number) => (day: DayPartsDocument) => {
    const key = keyOf(effort);
    const count = (day.workouts[key]?.count ?? 0) + by;
    const { [key]: _, ...others } = day.workouts;
    // Replaced in place: an effort keeps its place among the day's.
    return { ...day, workouts: count > 0 ? { ...day.workouts, [key]: { ...effort, count } } : others };
  };
  if (was && is && was.date === is.date) {
    // The same day (a set logged, a workout completed): one change to it, not two.
    const moved = (day: DayPartsDocument) => counted(is.effort, +1)(counted(was.effort, -1)(day));
    return updateDay(documents, userId, is.date, moved);
  }
  if (was) await updateDay(documents, userId, was.date, counted(was.effort, -1));
  if (is) await updateDay(documents, userId, is.date, counted(is.effort, +1));
}

/** Whether two efforts have the same key (`keyOf`), field by field: asked at every set logged. */
function sameEffort(a: WorkoutEffort, b: WorkoutEffort) {
  return (
    a.status === b.status &&
    a.duration === b.duration &&
    a.exercises.length === b.exercises.length &&
    a.exercises.every(
      (exercise, index) =>
        exercise.exercise_id === b.exercises[index]?.exercise_id && exercise.sets === b.exercises[index]?.sets,
    )
  );
}

/**
 * What a workout counts for in its day. Only a completed workout counts or burns calories
 * (dailyMetrics), so every other one counts as the same empty effort: a set logged during a
 * workout then changes nothing the day shows, and neither the day's nor the month's document
 * is rewritten for it (two document writes per set on the command path).
 */
function countedEffort(workout: WorkoutCount): WorkoutEffort {
  if (workout.status !== 'completed') return { status: workout.status, duration: null, exercises: [] };
  return {
    status: workout.status,
    duration: workout.duration,
    exercises: workout.exercises.map(({ exercise_id, sets }) => ({ exercise_id, sets })),
  };
}

const countOf = ({ id: _, user_id: _user, kind: _kind, event_position: _position, ...count }: WorkoutEffortState) =>
  count as WorkoutCount;

/**
 * A workout's count after one of its events. In progress it is the same empty effort whatever
 * its exercises and sets, so its state is written only when its day changes, not for each set
 * (one daily_metrics write per set logged before). What its completion needs, each exercise's
 * number of sets, is then worked out once (`completedSets`), from the workout's own events up to
 * the completing one: the same live and on a rebuild, since events never change. Kept from then on
 * and counted event by event, since sets can still change after completion. Chosen over keeping
 * the counts in memory only (lost when the batch ends or the process restarts) or reading the
 * workouts read model (another projection's, which may be ahead of this one or behind it).
 */
async function evolveCount(
  workout: WorkoutCount | null,
  event: RecordedEvent<WorkoutEvent>,
  completedSets: () => Promise<WorkoutSets | null>,
): Promise<WorkoutCount | null> {
  if (workout?.status !== 'in_progress') return evolveTally(workout, event);
  switch (event.type) {
    case 'WorkoutCompleted': {
      // A stream erased since (its account deleted, which the log holds later and which takes
      // every document of the account away) lost its start: counted without its sets meanwhile.
      const exercises = [...((await completedSets())?.entries() ?? [])].map(([id, exercise]) => ({
        id,
        exercise_id: exercise.exerciseId,
        sets: exercise.sets.size,
      }));
      return { date: workout.date, status: 'completed', duration: event.data.duration, exercises };
    }
    case 'WorkoutDetailsChanged':
      // Its duration counts only from its completion, which gives one.
      return event.data.date === undefined || event.data.date === workout.date
        ? workout
        : { ...workout, date: event.data.date };
    case 'WorkoutDeleted':
      return null;
    case 'WorkoutStarted':
      return { date: event.data.date, status: 'in_progress' };
    case 'WorkoutExerciseAdded':
    case 'WorkoutExerciseChanged':
    case 'WorkoutExerciseRemoved':
    case 'SetLogged':
    case 'SetChanged':
    case 'SetRemoved':
      return workout;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled workout event ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * Each workout's sets (the contracts' one fold of them, evolveWorkoutSets), followed in the batch
 * from its start while it is in progress, or read from its events at its completion where the
 * batch did not see it start; none where the stream lost its start. Once completed (or deleted),
 * the workout's state holds all it needs: its tally.
 */
const setsOfWorkouts = workoutFold<WorkoutSets>({
  key: 'workout sets',
  evolve: evolveWorkoutSets,
  keeps: (event) => event.type !== 'WorkoutCompleted',
});

/**
 * A completed workout as its effort needs it, after one of its events: its day, status, duration
 * and each exercise's number of sets, kept in its state (a stored document, so counts rather than
 * the sets themselves), so that logging a set costs the same in a workout of 5 sets as in one of
 * 500. Its sets at completion come from their fold (`setsOfWorkouts`); later events count on.
 */
function evolveTally(workout: WorkoutTally | null, event: RecordedEvent<WorkoutEvent>): WorkoutTally | null {
  if (event.type === 'WorkoutStarted') {
    return { date: event.data.date, status: 'in_progress', duration: null, exercises: [] };
  }
  if (!workout) return null;
  const countSets = (workoutExerciseId: string, by: number) => ({
    ...workout,
    exercises: workout.exercises.map((exercise) =>
      exercise.id === workoutExerciseId ? { ...exercise, sets: Math.max(0, exercise.sets + by) } : exercise,
    ),
  });
  switch (event.type) {
    case 'WorkoutDetailsChanged': {
      const { date, duration } = event.data;
      return { ...workout, ...(date !== undefined && { date }), ...(duration !== undefined && { duration }) };
    }
    case 'WorkoutCompleted':
      return { ...workout, status: 'completed', duration: event.data.duration };
    case 'WorkoutDeleted':
      return null;
    case 'WorkoutExerciseAdded': {
      const { workoutExerciseId, exerciseId } = event.data;
      return {
        ...workout,
        exercises: [...workout.exercises, { id: workoutExerciseId, exercise_id: exerciseId, sets: 0 }],
      };
    }
    case 'WorkoutExerciseRemoved':
      return {
        ...workout,
        exercises: workout.exercises.filter((exercise) => exercise.id !== event.data.workoutExerciseId),
      };
    case 'SetLogged':
      return countSets(event.data.workoutExerciseId, +1);
    case 'SetRemoved':
      return countSets(event.data.workoutExerciseId, -1);
    case 'WorkoutExerciseChanged':
    case 'SetChanged':
      return workout;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled workout event ${JSON.stringify(unhandled)}`);
    }
  }
}

/** Changes a day's parts, and its totals in the month's document; a day left with nothing logged has neither. */
async function updateDay(
  documents: Documents,
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

async function updateMonth(documents: Documents, userId: string, date: string, totals: DayTotals | null) {
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
