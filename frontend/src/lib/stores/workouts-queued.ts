import type { Workout, WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { setValuesFromBody, shownSetValues } from '@fitness/contracts/workouts/set-values.ts';
import type { SetValuesShown } from '@fitness/contracts/workouts/sets.ts';
import type { QueuedCommand } from '../offline/outbox.ts';

/** The thing a queued command creates or touches, as the outbox names it (`workout:<id>`). */
export const thing = {
  workout: (id: string) => `workout:${id}`,
  exercise: (id: string) => `workout-exercise:${id}`,
  set: (id: string) => `set:${id}`,
};

/** The id in a name of `thing` (`set:<id>` gives `<id>`). */
function idOf(name: string | undefined) {
  return name ? name.slice(name.indexOf(':') + 1) : null;
}

/** Whether any of `commands` changes the workout `id`. */
export function touchesWorkout(commands: readonly QueuedCommand[], id: string) {
  return commands.some((command) => command.touches.includes(thing.workout(id)));
}

/**
 * The workout as it will be once the commands waiting in the outbox are sent: `workout` as the
 * server last gave it, with the exercises added, the sets logged, changed and removed, and the end
 * that wait, in the order they were made, as the server will apply them (a set's time is when it
 * was logged, as X-Client-Time tells the server). A command the server has applied already changes
 * nothing twice: adding is by id, so the server's answer and the queued change are the same thing.
 * Answers `workout` itself when nothing waits for it.
 */
export function withQueued(workout: Workout, commands: readonly QueuedCommand[]): Workout {
  const mine = commands.filter((command) => command.touches.includes(thing.workout(workout.id)));
  if (mine.length === 0) return workout;
  // A copy by JSON: the workout may be a valtio proxy, which structuredClone cannot copy.
  const result = JSON.parse(JSON.stringify(workout)) as Workout;
  const base = `/workouts/${workout.id}`;
  for (const command of mine) {
    const at = new Date(command.actedAt).toISOString();
    const parts = command.path.slice(base.length).split('/').filter(Boolean);
    const body = (command.body ?? {}) as Record<string, unknown>;
    const exercise = parts[1] ? result.exercises.find((e) => e.id === parts[1]) : undefined;
    if (parts.length === 0 && command.method === 'PATCH' && body.status === 'completed') {
      if (result.status !== 'completed') {
        result.status = 'completed';
        result.completed_at = at;
        result.duration = Math.max(0, Math.round((Date.parse(at) - Date.parse(result.started_at)) / 60_000));
      }
    } else if (parts.length === 1 && parts[0] === 'exercises' && command.method === 'POST') {
      const id = idOf(command.creates);
      if (id && !result.exercises.some((e) => e.id === id)) {
        const added: WorkoutExercise = {
          id,
          exercise_id: (body.exercise_id as string | null | undefined) ?? null,
          name: String(body.name ?? ''),
          notes: null,
          plan: null,
          superset: null,
          sets: [],
          created_at: at,
        };
        result.exercises.push(added);
      }
    } else if (exercise && parts.length === 3 && command.method === 'POST') {
      const id = idOf(command.creates);
      if (id && !exercise.sets.some((s) => s.id === id)) {
        // The set as the server logs it from the same body: what it leaves out takes its default.
        const values = shownSetValues(setValuesFromBody(body as SetValuesShown));
        exercise.sets.push({ ...values, id, created_at: at });
      }
    } else if (exercise && parts.length === 4 && command.method === 'PATCH') {
      const index = exercise.sets.findIndex((s) => s.id === parts[3]);
      const set = exercise.sets[index];
      if (set) exercise.sets[index] = { ...set, ...(body as Partial<WorkoutSet>) };
    } else if (exercise && parts.length === 4 && command.method === 'DELETE') {
      exercise.sets = exercise.sets.filter((s) => s.id !== parts[3]);
    } else {
      continue;
    }
    if (at > result.updated_at) result.updated_at = at;
  }
  return result;
}
