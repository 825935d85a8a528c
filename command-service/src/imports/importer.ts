import {
  type ImportFormat,
  type ImportReport,
  MAX_EXPORT_MEGABYTES,
  MAX_EXPORT_ROWS,
  nameKey,
  type SetValues,
  type WeightUnit,
  workoutStream,
} from '@fitness/contracts';
import type { CommandContext } from '../core/command-handler.ts';
import { uuidFromName } from '../core/ids.ts';
import { customExerciseNamed } from '../exercises/names.ts';
import type { CommandServices } from '../services.ts';
import { type WorkoutCommand, workoutDecider } from '../workouts/decide.ts';
import { ExportTooLarge } from './errors.ts';
import { customExerciseFields, matchLibraryExercise } from './exercise-matching.ts';
import { exportParser } from './export-parser.ts';
import type { ImportedSet, ImportedWorkout } from './imported-workout.ts';

/**
 * Workouts written at the same time. Each workout's commands run in order (its sets keep their
 * order), but different workouts are independent streams, and the SQLite store commits appends
 * that arrive together in one transaction, so a few at once import several times faster.
 */
const PARALLEL_WORKOUTS = 16;

export type ImportRequest = { userId: string; csv: string; format?: ImportFormat; weightUnit?: WeightUnit };

/** The exercise a workout entry points to, and the name it shows. */
type ResolvedExercise = { exerciseId: string; name: string };

type Context = Omit<CommandContext, 'commandId'>;

/**
 * Imports a Strong or Hevy export for a user through the normal write path: per workout
 * StartWorkout, AddExercise per exercise, LogSet per set, then UpdateWorkout to completed.
 *
 * Importing is idempotent. The workout id derives from the user and the workout's key (its
 * start and name), and every command id from the user, that key and the step, so the command
 * handler recognises a step that was already done and skips it. Importing the same file again,
 * or a later export that overlaps it, adds nothing for the workouts already there; an import
 * that stopped halfway (a lost connection, a restart) is finished by importing again.
 */
export async function importWorkouts(
  services: Pick<CommandServices, 'handler'>,
  request: ImportRequest,
  context: Context,
): Promise<{ report: ImportReport; position: number }> {
  if (Buffer.byteLength(request.csv, 'utf8') > MAX_EXPORT_MEGABYTES * 1024 * 1024) {
    throw new ExportTooLarge(MAX_EXPORT_MEGABYTES);
  }
  // Read on a worker thread: other users' requests go on being answered meanwhile.
  const parsed = await exportParser.parse(request.csv, {
    format: request.format,
    weightUnit: request.weightUnit,
    maxRows: MAX_EXPORT_ROWS,
  });
  const { exercises, created } = await resolveExercises(services, request.userId, parsed.workouts, context);
  const outcomes = await eachInTurn(parsed.workouts, PARALLEL_WORKOUTS, (workout) =>
    importWorkout(services, request.userId, workout, exercises, context),
  );
  const imported = outcomes.filter((outcome) => outcome.imported);
  return {
    report: {
      workouts_imported: imported.length,
      workouts_skipped_existing: outcomes.length - imported.length,
      sets_imported: imported.reduce((sum, outcome) => sum + outcome.sets, 0),
      exercises_created: created,
      rows_rejected: parsed.rejected,
    },
    position: Math.max(0, ...outcomes.map((outcome) => outcome.position)),
  };
}

/**
 * Every exercise name of the file (by name key) to the exercise it is: a library exercise when
 * the name is one of the library's in any language, else the user's custom exercise of that
 * name, created when they have none.
 */
async function resolveExercises(
  services: Pick<CommandServices, 'handler'>,
  userId: string,
  workouts: ImportedWorkout[],
  context: Context,
) {
  const setsByName = new Map<string, { name: string; sets: ImportedSet[] }>();
  for (const exercise of workouts.flatMap((workout) => workout.exercises)) {
    const key = nameKey(exercise.name);
    const entry = setsByName.get(key) ?? { name: exercise.name, sets: [] };
    entry.sets.push(...exercise.sets);
    setsByName.set(key, entry);
  }
  const exercises = new Map<string, ResolvedExercise>();
  let created = 0;
  // One name after another: there are few, and each may write a claim and an exercise.
  for (const [key, { name, sets }] of setsByName) {
    const inLibrary = matchLibraryExercise(name);
    if (inLibrary) {
      exercises.set(key, inLibrary);
      continue;
    }
    const custom = await customExerciseNamed(services.handler, userId, customExerciseFields(name, sets), context);
    if (custom.created) created += 1;
    exercises.set(key, { exerciseId: custom.exerciseId, name });
  }
  return { exercises, created };
}

type WorkoutOutcome = { imported: boolean; sets: number; position: number };

/**
 * Writes one workout, or skips it when it is already complete (imported before) or deleted
 * (the user removed an imported workout: importing again must not bring it back).
 */
async function importWorkout(
  services: Pick<CommandServices, 'handler'>,
  userId: string,
  workout: ImportedWorkout,
  exercises: Map<string, ResolvedExercise>,
  context: Context,
): Promise<WorkoutOutcome> {
  const { handler } = services;
  const workoutId = uuidFromName(`import-workout:${userId}:${workout.key}`);
  const stream = workoutStream(workoutId);
  const id = (step: string) => uuidFromName(`import:${userId}:${workout.key}:${step}`);

  const history = await handler.readStream(stream);
  const state = history.reduce(
    (folded, event) => workoutDecider.evolve(folded, event as never),
    workoutDecider.initialState(),
  );
  if (state.status === 'completed' || state.status === 'deleted') {
    return { imported: false, sets: 0, position: history.at(-1)?.position ?? 0 };
  }
  const done = new Set(history.map((event) => event.metadata.commandId));
  let position = 0;
  let sets = 0;
  async function run(step: string, command: WorkoutCommand) {
    const result = await handler.handle(workoutDecider, stream, command, { ...context, commandId: id(step) });
    position = Math.max(position, result.position);
  }
  const base = { userId, workoutId, at: workout.startedAt };

  await run('start', {
    ...base,
    type: 'StartWorkout',
    name: workout.name,
    notes: workout.notes,
    date: workout.date,
  });
  for (const [exerciseIndex, exercise] of workout.exercises.entries()) {
    const resolved = exercises.get(nameKey(exercise.name));
    if (!resolved) throw new Error(`The exercise "${exercise.name}" was not resolved before importing`);
    const workoutExerciseId = id(`exercise:${exerciseIndex}`);
    await run(`exercise:${exerciseIndex}`, {
      ...base,
      type: 'AddExercise',
      workoutExerciseId,
      exerciseId: resolved.exerciseId,
      name: resolved.name,
      notes: exercise.notes,
    });
    for (const [setIndex, set] of exercise.sets.entries()) {
      const step = `set:${exerciseIndex}:${setIndex}`;
      if (!done.has(id(step))) sets += 1;
      await run(step, { ...base, type: 'LogSet', workoutExerciseId, setId: id(step), values: setValues(set) });
    }
  }
  // An unknown length records as 0 minutes: a completed workout always has a duration here.
  const duration = workout.durationMinutes ?? 0;
  await run('complete', {
    ...base,
    at: new Date(Date.parse(workout.startedAt) + duration * 60_000).toISOString(),
    type: 'UpdateWorkout',
    status: 'completed',
    duration,
  });
  return { imported: true, sets, position };
}

function setValues(set: ImportedSet): SetValues {
  return {
    // LogSet needs at least one rep; a timed or distance set without reps counts one, as the set form does.
    reps: Math.max(set.reps, 1),
    weight: set.weightKg,
    restTime: null,
    type: set.type,
    notes: set.notes,
    duration: set.durationSeconds,
    distance: set.distanceMetres,
    rpe: set.rpe,
  };
}

/**
 * Runs `work` on every item, at most `limit` at a time. After a failure no new item starts, and
 * the failure is thrown once the items under way have settled, so nothing is still writing
 * when the caller answers.
 */
async function eachInTurn<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failed = false;
  async function worker() {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = settled.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}
