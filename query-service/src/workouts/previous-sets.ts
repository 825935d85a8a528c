import type { WorkoutDocument, WorkoutSet } from '@fitness/contracts';

/** How many of the user's latest workouts are searched for "last time". */
export const PREVIOUS_LOOKBACK = 200;
/** How many are read at once while searching. */
const PREVIOUS_PAGE = 10;

/**
 * For each exercise of a workout, the sets of the same exercise in the latest other workout
 * that had it, started before this one: matched by library id, or by name (case-insensitive),
 * so an exercise typed by hand still finds its history.
 */
export function previousSets(workout: WorkoutDocument, newestFirst: WorkoutDocument[]) {
  const earlier = newestFirst.filter((other) => other.id !== workout.id && other.started_at < workout.started_at);
  type Named = { exercise_id: string | null; name: string };
  const name = (exercise: Named) => exercise.name.trim().toLowerCase();
  // The same library exercise, or the same name (one typed by hand, or renamed since, still counts).
  const same = (a: Named, b: Named) =>
    (a.exercise_id !== null && a.exercise_id === b.exercise_id) || name(a) === name(b);
  const result: { workout_exercise_id: string; workout_id: string; date: string; sets: WorkoutSet[] }[] = [];
  for (const exercise of workout.exercises) {
    for (const other of earlier) {
      const match = other.exercises.find((candidate) => same(candidate, exercise) && candidate.sets.length > 0);
      if (match) {
        result.push({ workout_exercise_id: exercise.id, workout_id: other.id, date: other.date, sets: match.sets });
        break;
      }
    }
  }
  return result;
}

/**
 * `previousSets` over the user's workouts read a page at a time (`readPage`, newest first),
 * until every exercise has found its last time or the lookback is spent: a workout may hold
 * 10,000 sets, and two hundred of those at once would not fit in memory.
 */
export async function previousSetsPaged(
  workout: WorkoutDocument,
  readPage: (offset: number, limit: number) => Promise<WorkoutDocument[]>,
) {
  type Found = ReturnType<typeof previousSets>[number];
  const found = new Map<string, Found>();
  for (let offset = 0; offset < PREVIOUS_LOOKBACK && found.size < workout.exercises.length; offset += PREVIOUS_PAGE) {
    const page = await readPage(offset, PREVIOUS_PAGE);
    const looking = workout.exercises.filter((exercise) => !found.has(exercise.id));
    for (const previous of previousSets({ ...workout, exercises: looking }, page)) {
      found.set(previous.workout_exercise_id, previous);
    }
    if (page.length < PREVIOUS_PAGE) break;
  }
  return workout.exercises.flatMap((exercise) => found.get(exercise.id) ?? []);
}
