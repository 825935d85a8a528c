import {
  countsForRecords,
  type ExerciseRecordsDocument,
  exerciseKey,
  exerciseRecordsId,
  FIRST_BEATS_KEPT,
  inTheOrderLogged,
  type LoggedAt,
  type OneRepMaxFormula,
  type RecordSet,
  type Records,
  recordSet,
  type WorkoutDocument,
} from '@fitness/contracts';

/** One time an exercise was logged in a workout: what its records and its place in the list depend on. */
export type ExerciseOccurrence = {
  at: LoggedAt;
  completed: boolean;
  exercise_id: string | null;
  name: string;
  /** The sets that count (no warm-ups), in the order logged. */
  sets: RecordSet[];
};

/**
 * Every time one user logged one exercise, in the order logged: what its records are worked out
 * from when a set, a workout's day or a deletion changes them. Read by the projection only.
 */
export type ExerciseHistoryDocument = {
  id: string;
  user_id: string;
  kind: 'exercise_history';
  occurrences: ExerciseOccurrence[];
};

export const exerciseHistoryId = (userId: string, key: string) => `exercise_history:${userId}:${key}`;

/** A workout's exercises by exercise key (one exercise may be in a workout twice). */
export function occurrencesByKey(workout: WorkoutDocument | null) {
  const byKey = new Map<string, ExerciseOccurrence[]>();
  workout?.exercises.forEach((exercise, index) => {
    const key = exerciseKey(exercise);
    const occurrences = byKey.get(key) ?? [];
    byKey.set(key, occurrences);
    occurrences.push({
      at: { date: workout.date, started_at: workout.started_at, workout_id: workout.id, index },
      completed: workout.status === 'completed',
      exercise_id: exercise.exercise_id,
      name: exercise.name,
      sets: exercise.sets
        .filter(countsForRecords)
        .map(({ id, reps, weight, duration, distance }) => ({ id, reps, weight, duration, distance })),
    });
  });
  return byKey;
}

/** An exercise's history with one workout's occurrences replaced by what the workout holds now. */
export function withWorkout(
  history: ExerciseOccurrence[],
  workoutId: string,
  occurrences: ExerciseOccurrence[],
): ExerciseOccurrence[] {
  return [...history.filter((occurrence) => occurrence.at.workout_id !== workoutId), ...occurrences].sort((a, b) =>
    inTheOrderLogged(a.at, b.at),
  );
}

function fold(occurrences: ExerciseOccurrence[], formula: OneRepMaxFormula) {
  const records: Records = {};
  const beatDays: string[] = [];
  for (const { at, sets } of occurrences) {
    for (const set of sets) {
      const beaten = recordSet(records, set, { id: at.workout_id, date: at.date }, formula);
      beatDays.push(...beaten.map(() => at.date));
    }
  }
  return { records, beatDays };
}

/**
 * The records document of one exercise from its whole history (null when nothing it logged holds
 * a record): the same records, name and place in the list `personalRecords` gives, and the record
 * beats of completed workouts `progress` counts.
 */
export function exerciseRecordsDocument(
  userId: string,
  key: string,
  history: ExerciseOccurrence[],
): ExerciseRecordsDocument | null {
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last) return null;
  const epley = fold(history, 'epley').records;
  const brzycki = fold(history, 'brzycki').records.best_e1rm ?? null;
  if (Object.keys(epley).length === 0 && !brzycki) return null;
  const { beatDays } = fold(
    history.filter((occurrence) => occurrence.completed),
    'epley',
  );
  return {
    id: exerciseRecordsId(userId, key),
    user_id: userId,
    kind: 'exercise_records',
    exercise_id: first.exercise_id,
    name: last.name, // the latest name it was logged under
    first_logged: first.at,
    records: epley,
    best_e1rm_brzycki: brzycki,
    beats: { count: beatDays.length, first_days: beatDays.slice(0, FIRST_BEATS_KEPT) },
  };
}
