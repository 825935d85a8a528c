import type { SetValues } from '@fitness/contracts';
import { type BestsSet, type ExerciseWorkout, foldBests } from './exercise-workouts.ts';
import type { ExercisePlace, WorkoutOutline } from './workout-outline.ts';

/**
 * A set as its exercise's records and the training volume need it (no notes, rest or times),
 * what is null or a working set left out: a long workout's sets are most of what is kept.
 */
export type KeptSet = {
  id: string;
  reps: number;
  weight?: number;
  duration?: number;
  distance?: number;
  warmup?: true;
};

/**
 * One exercise in one workout: what its history's chunk holds of it (`workout`: where it was
 * logged and its bests) and the sets those bests come from, by the workout's exercise (each time
 * it was added there). A set logged rewrites this document alone, unless it changes the bests;
 * a set changed or removed works the bests out again from the others. Read by the projection only.
 */
export type ExerciseWorkoutDocument = {
  id: string;
  user_id: string;
  kind: 'exercise_workout';
  workout: ExerciseWorkout;
  sets: Record<string, KeptSet[]>;
};

export const exerciseWorkoutId = (workoutId: string, key: string) => `exercise_workout:${workoutId}:${key}`;

type KeptValues = Pick<SetValues, 'reps' | 'weight' | 'type' | 'duration' | 'distance'>;

export function keptSet(id: string, { reps, weight, type, duration, distance }: KeptValues): KeptSet {
  return {
    id,
    reps,
    ...(weight !== null && { weight }),
    ...(duration !== null && { duration }),
    ...(distance !== null && { distance }),
    ...(type === 'warmup' && { warmup: true as const }),
  };
}

export function valuesOf(set: KeptSet): BestsSet & KeptValues {
  return {
    id: set.id,
    reps: set.reps,
    weight: set.weight ?? null,
    type: set.warmup ? 'warmup' : 'working',
    duration: set.duration ?? null,
    distance: set.distance ?? null,
  };
}

/** A kept set with a SetChanged's changes (the very same set when they change nothing kept). */
export function withChanges(set: KeptSet, changes: Partial<SetValues>): KeptSet {
  const changed = keptSet(set.id, { ...valuesOf(set), ...definedOnly(changes) });
  const same =
    changed.reps === set.reps &&
    changed.weight === set.weight &&
    changed.duration === set.duration &&
    changed.distance === set.distance &&
    changed.warmup === set.warmup;
  return same ? set : changed;
}

function definedOnly(changes: Partial<SetValues>): Partial<KeptValues> {
  const { reps, weight, type, duration, distance } = changes;
  return {
    ...(reps !== undefined && { reps }),
    ...(weight !== undefined && { weight }),
    ...(type !== undefined && { type }),
    ...(duration !== undefined && { duration }),
    ...(distance !== undefined && { distance }),
  };
}

/** The bests of the exercise's sets in the workout, its times in the workout in order, each's sets as logged. */
function bestsOver(place: ExercisePlace, sets: Record<string, KeptSet[]>) {
  const bests: ExerciseWorkout['bests'] = {};
  for (const member of place.members) {
    for (const set of sets[member] ?? []) foldBests(bests, valuesOf(set));
  }
  return bests;
}

/** The exercise's document in the workout, at its place there, with the sets of each time it was added. */
export function exerciseWorkoutDocument(
  outline: WorkoutOutline,
  key: string,
  place: ExercisePlace,
  setsOf: (workoutExerciseId: string) => KeptSet[],
): ExerciseWorkoutDocument {
  const { at, completed, exercise_id, name, members } = place;
  const sets = Object.fromEntries(members.map((member) => [member, setsOf(member)]));
  return {
    id: exerciseWorkoutId(outline.id, key),
    user_id: outline.user_id,
    kind: 'exercise_workout',
    workout: { at, completed, exercise_id, name, bests: bestsOver(place, sets) },
    sets,
  };
}

/**
 * The document with one of its workout exercise's sets replaced. A set logged after all the
 * exercise's others in the workout is folded into the bests as they are (the bests, and so the
 * history, stay the very same objects when it beats none); any other change works them out again.
 */
export function withSets(
  document: ExerciseWorkoutDocument,
  place: ExercisePlace,
  workoutExerciseId: string,
  sets: KeptSet[],
  logged?: KeptSet,
): ExerciseWorkoutDocument {
  const allSets = { ...document.sets, [workoutExerciseId]: sets };
  let bests: ExerciseWorkout['bests'];
  if (logged && place.members.at(-1) === workoutExerciseId) {
    const folded = { ...document.workout.bests };
    bests = foldBests(folded, valuesOf(logged)) ? folded : document.workout.bests;
  } else {
    bests = bestsOver(place, allSets);
  }
  const workout = bests === document.workout.bests ? document.workout : { ...document.workout, bests };
  return { ...document, workout, sets: allSets };
}
