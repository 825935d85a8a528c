import type { Workout, WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { setVolume } from '@fitness/contracts/workouts/summaries.ts';
import type { RecordEntry } from '../../lib/stores/records.ts';
import type { Previous } from '../../lib/stores/workouts.ts';

const volumeOf = (sets: readonly Pick<WorkoutSet, 'reps' | 'weight'>[]) =>
  sets.reduce((sum, set) => sum + setVolume(set.reps, set.weight), 0);
const repsOf = (sets: readonly Pick<WorkoutSet, 'reps'>[]) => sets.reduce((sum, set) => sum + set.reps, 0);

/** What a set measures, best first: load, then time, distance and reps. */
const strength = (set: WorkoutSet) => [set.weight ?? 0, set.duration ?? 0, set.distance ?? 0, set.reps];

function better(a: WorkoutSet, b: WorkoutSet) {
  const [x, y] = [strength(a), strength(b)];
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return (x[i] ?? 0) > (y[i] ?? 0);
  return false;
}

/** An exercise's best set past its warm-ups (the heaviest, then the longest, farthest or most reps). */
export function topSet(sets: readonly WorkoutSet[]): WorkoutSet | null {
  const worked = sets.filter((set) => set.type !== 'warmup');
  let best: WorkoutSet | null = null;
  for (const set of worked.length > 0 ? worked : sets) if (!best || better(set, best)) best = set;
  return best;
}

/** What an exercise's sets add up to. */
type Done = { sets: number; reps: number; volume: number; top: WorkoutSet | null };

const doneOf = (sets: readonly WorkoutSet[]): Done => ({
  sets: sets.length,
  reps: repsOf(sets),
  volume: volumeOf(sets),
  top: topSet(sets),
});

/** One exercise done: how much, and how it compares with the last time it was done. */
export type ExerciseOutcome = Done & {
  id: string;
  exercise_id: string | null;
  name: string;
  previous: (Done & { date: string }) | null;
};

/** What a finished workout adds up to, beside the last time its exercises were done. */
export type WorkoutOutcome = {
  /** Minutes; null while in progress. */
  duration: number | null;
  sets: number;
  volume: number;
  exercises: ExerciseOutcome[];
  /** Exercises with no set logged, which a finished workout need not keep. */
  empty: WorkoutExercise[];
  /**
   * The volume of the exercises done before, now and the last time each was done; `date` when
   * that was one workout (the template done again), else null (each exercise's own last time).
   */
  lastTime: { now: number; before: number; date: string | null } | null;
};

export function workoutOutcome(workout: Workout, previous: Readonly<Record<string, Previous>>): WorkoutOutcome {
  const done = workout.exercises.filter((exercise) => exercise.sets.length > 0);
  const exercises = done.map((exercise): ExerciseOutcome => {
    const before = previous[exercise.id];
    return {
      id: exercise.id,
      exercise_id: exercise.exercise_id,
      name: exercise.name,
      ...doneOf(exercise.sets),
      previous: before ? { date: before.date, ...doneOf(before.sets) } : null,
    };
  });
  const compared = exercises.filter((exercise) => exercise.previous !== null);
  const workoutsBefore = new Set(compared.map((exercise) => previous[exercise.id]?.workout_id));
  return {
    duration: workout.duration,
    sets: exercises.reduce((sum, exercise) => sum + exercise.sets, 0),
    volume: exercises.reduce((sum, exercise) => sum + exercise.volume, 0),
    exercises,
    empty: workout.exercises.filter((exercise) => exercise.sets.length === 0),
    lastTime:
      compared.length === 0
        ? null
        : {
            now: compared.reduce((sum, exercise) => sum + exercise.volume, 0),
            before: compared.reduce((sum, exercise) => sum + (exercise.previous?.volume ?? 0), 0),
            date: workoutsBefore.size === 1 ? (compared[0]?.previous?.date ?? null) : null,
          },
  };
}

/**
 * The records the workout broke: records its sets hold that beat an earlier best, of exercises
 * done before. A first time with an exercise sets its baselines, which break nothing (and a bar
 * raised twice in that first session is still a baseline).
 */
export function recordsBroken(
  workout: Workout,
  previous: Readonly<Record<string, Previous>>,
  records: readonly RecordEntry[],
): RecordEntry[] {
  const exerciseOfSet = new Map(
    workout.exercises.flatMap((exercise) => exercise.sets.map((set) => [set.id, exercise.id] as const)),
  );
  return records.filter(({ record }) => {
    const exercise = exerciseOfSet.get(record.set_id);
    return (
      record.workout_id === workout.id && record.previous !== null && exercise !== undefined && exercise in previous
    );
  });
}
