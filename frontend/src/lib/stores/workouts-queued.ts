import type { Workout, WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { setValuesFromBody, shownSetValues } from '@fitness/contracts/workouts/set-values.ts';
import type { SetValuesShown } from '@fitness/contracts/workouts/sets.ts';
import type { QueuedCommand } from '../offline/outbox.ts';

/** The thing a queued command creates or touches, as the outbox names it (`workout:<id>`). */
export const thing = {
  workout: (id: string) => `workout:${id}`,
  exercise: (id: string) => `workout-exercise:${id}`,
  set: (id: string) => `set:${id}`,
  template: (id: string) => `template:${id}`,
};

/** The id in a name of `thing` (`set:<id>` gives `<id>`). */
function idOf(name: string | undefined) {
  return name ? name.slice(name.indexOf(':') + 1) : null;
}

/** Whether any of `commands` changes the workout `id`. */
export function touchesWorkout(commands: readonly QueuedCommand[], id: string) {
  return commands.some((command) => command.touches.includes(thing.workout(id)));
}

/** The ids of the workouts that queued starts will create, oldest first. */
export function workoutsStarted(commands: readonly QueuedCommand[]) {
  return commands.flatMap((command) =>
    command.creates?.startsWith(thing.workout('')) ? [idOf(command.creates) ?? ''] : [],
  );
}

/**
 * The workout as it will be once the commands waiting in the outbox are sent: `workout` as the
 * server last gave it (null: the server has none yet, as for one started offline), with the start,
 * the changes to it and its exercises, the sets logged, changed and removed, the end and the
 * deletion that wait, in the order they were made, as the server will apply them (a set's time is
 * when it was logged, as X-Client-Time tells the server). A command the server has applied already
 * changes nothing twice: adding is by id, so the server's answer and the queued change are the same
 * thing. Answers `workout` itself when nothing waits for it, and null when it will not exist (never
 * started, or deleted).
 */
export function withQueued(id: string, workout: Workout | null, commands: readonly QueuedCommand[]): Workout | null {
  const mine = commands.filter((command) => command.touches.includes(thing.workout(id)));
  if (mine.length === 0) return workout;
  // A copy by JSON: the workout may be a valtio proxy, which structuredClone cannot copy.
  let result = workout ? (JSON.parse(JSON.stringify(workout)) as Workout) : null;
  for (const command of mine) {
    if (command.creates === thing.workout(id)) {
      // A start: what the store predicted it creates, unless the server has it already.
      result ??= JSON.parse(JSON.stringify(command.predicted)) as Workout;
      continue;
    }
    if (!result) continue;
    const at = new Date(command.actedAt).toISOString();
    const changed = applyCommand(result, command, at);
    if (changed === null) return null;
    if (changed && at > result.updated_at) result.updated_at = at;
  }
  return result;
}

/**
 * Applies one queued command to `workout` in place: true when it changed it, false when it is none
 * of its business (saving it as a template), null when it deletes it.
 */
function applyCommand(workout: Workout, command: QueuedCommand, at: string): boolean | null {
  const parts = command.path.slice(`/workouts/${workout.id}`.length).split('/').filter(Boolean);
  const body = (command.body ?? {}) as Record<string, unknown>;
  const exercise = parts[0] === 'exercises' && parts[1] ? workout.exercises.find((e) => e.id === parts[1]) : undefined;
  const { method } = command;
  if (parts.length === 0) {
    if (method === 'DELETE') return null;
    if (method === 'PATCH') changeWorkout(workout, body, at);
    return true;
  }
  if (parts[0] !== 'exercises') return false;
  if (parts.length === 1 && method === 'POST') {
    const id = idOf(command.creates);
    if (id && !workout.exercises.some((e) => e.id === id)) {
      const added: WorkoutExercise = {
        id,
        exercise_id: (body.exercise_id as string | null | undefined) ?? null,
        name: String(body.name ?? '').trim(),
        notes: (body.notes as string | null | undefined) ?? null,
        plan: null,
        sets: [],
        created_at: at,
      };
      workout.exercises.push(added);
    }
  } else if (exercise && parts.length === 2 && method === 'PATCH') {
    changeExercise(workout, exercise, body);
  } else if (exercise && parts.length === 2 && method === 'DELETE') {
    workout.exercises = workout.exercises.filter((e) => e !== exercise);
  } else if (exercise && parts.length === 3 && method === 'POST') {
    const id = idOf(command.creates);
    if (id && !exercise.sets.some((s) => s.id === id)) {
      // The set as the server logs it from the same body: what it leaves out takes its default.
      const values = shownSetValues(setValuesFromBody(body as SetValuesShown));
      exercise.sets.push({ ...values, id, created_at: at });
    }
  } else if (exercise && parts.length === 4 && method === 'PATCH') {
    const index = exercise.sets.findIndex((s) => s.id === parts[3]);
    const set = exercise.sets[index];
    if (set) exercise.sets[index] = { ...set, ...(body as Partial<WorkoutSet>) };
  } else if (exercise && parts.length === 4 && method === 'DELETE') {
    exercise.sets = exercise.sets.filter((s) => s.id !== parts[3]);
  } else {
    return false;
  }
  return true;
}

/** A rename, note, new day or end, as the server's UpdateWorkout makes it. */
function changeWorkout(workout: Workout, body: Record<string, unknown>, at: string) {
  if (typeof body.name === 'string') workout.name = body.name.trim();
  if (body.notes !== undefined) workout.notes = body.notes as string | null;
  if (typeof body.date === 'string') workout.date = body.date;
  if (body.status === 'completed' && workout.status !== 'completed') {
    workout.status = 'completed';
    workout.completed_at = at;
    workout.duration = Math.max(0, Math.round((Date.parse(at) - Date.parse(workout.started_at)) / 60_000));
  }
}

/** A rename, note, superset or move of an exercise, as the server's UpdateExercise makes it. */
function changeExercise(workout: Workout, exercise: WorkoutExercise, body: Record<string, unknown>) {
  if (typeof body.name === 'string') exercise.name = body.name.trim();
  if (body.notes !== undefined) exercise.notes = body.notes as string | null;
  if (body.superset !== undefined) exercise.superset = body.superset as string | null;
  if (typeof body.position === 'number') {
    // Taken out and put back at `position` among the others (at the end, past them).
    const others = workout.exercises.filter((e) => e !== exercise);
    workout.exercises = [...others.slice(0, body.position), exercise, ...others.slice(body.position)];
  }
}
