/**
 * What a workout counts for in the daily metrics (its day's effort): its state, kept per workout
 * beside the days' parts, and how each of its events changes it.
 */

import type { RecordedEvent, WorkoutDocument, WorkoutEffort, WorkoutEvent } from '@fitness/contracts';
import { evolveWorkoutSets, type WorkoutSets } from '@fitness/contracts/workouts/fold.ts';
import type { ProjectionBatch, ProjectionLog } from '../projection.ts';
import { workoutFold } from '../workouts/workout-folds.ts';
import type { DailyMetricsDocuments } from './daily-metrics-projection.ts';
import { type DayPartsDocument, updateDay } from './day-parts.ts';

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
export type WorkoutEffortState = {
  id: string;
  user_id: string;
  kind: 'workout';
  event_position: number;
} & WorkoutCount;

const workoutStateId = (workoutId: string) => `workout:${workoutId}`;

/**
 * A workout event in the daily metrics: the workout's state moves it from the effort it counted
 * for to the one it counts for now, in its day's parts (written only where that changes).
 */
export async function applyWorkoutEvent(
  event: RecordedEvent<WorkoutEvent>,
  documents: DailyMetricsDocuments,
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
