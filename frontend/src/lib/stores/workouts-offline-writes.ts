import type { Template, Workout, WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import type { SetValuesShown as SetInput } from '@fitness/contracts/workouts/sets.ts';
import { predictedId, uuidFromName } from '../offline/predicted-ids.ts';
import type { HeldWorkouts } from './workouts-held.ts';
import type { WorkoutsOffline, WorkoutsOutbox } from './workouts-outbox.ts';
import { thing } from './workouts-queued.ts';

export type StartInput = { name: string; date: string; notes?: string | null };
export type WorkoutChanges = { name?: string; notes?: string | null; date?: string };
export type ExerciseChanges = { name?: string; notes?: string | null; superset?: string | null };

/**
 * Each write of the workout logger made without a connection (or behind writes still waiting): a
 * command queued in the outbox with its Idempotency-Key, a predicted id for what it creates, the
 * words a refusal names it by, and what it touches (so a refused start or exercise takes the
 * writes that need it along); shown at once, as the server will make it. The answers are what the
 * same write online answers, as the store shows them.
 */
export function offlineWrites(held: HeldWorkouts, outbox: WorkoutsOutbox) {
  const { state } = held;
  const exerciseOf = (workoutId: string, exerciseId: string) =>
    state.byId[workoutId]?.exercises.find((e) => e.id === exerciseId);
  const nameOf = (workoutId: string) => state.byId[workoutId]?.name ?? '';
  const exerciseName = (workoutId: string, exerciseId: string) => exerciseOf(workoutId, exerciseId)?.name ?? '';

  /** The words a set is named by: "Set 3 of Bench press". */
  function setLabel(to: WorkoutsOffline, workoutId: string, exerciseId: string, setId: string | null) {
    const exercise = exerciseOf(workoutId, exerciseId);
    const index = setId ? (exercise?.sets.findIndex((s) => s.id === setId) ?? -1) : -1;
    const position = index >= 0 ? index + 1 : (exercise?.sets.length ?? 0) + 1;
    return to.labels.set(position, exercise?.name ?? '');
  }

  /** A workout started offline: `predict` makes it as the server will, from its id and the moment. */
  async function queueStart(
    to: WorkoutsOffline,
    request: { path: string; body: unknown; name: string },
    predict: (id: string, at: string) => Promise<Workout>,
  ) {
    const key = crypto.randomUUID();
    const id = await predictedId(to.userId, key, CREATED.workout);
    const actedAt = new Date();
    const predicted = await predict(id, actedAt.toISOString());
    await outbox.queue(
      to,
      id,
      {
        key,
        actedAt,
        method: 'POST',
        path: request.path,
        body: request.body,
        label: to.labels.start(request.name),
        touches: [thing.workout(id)],
        predicted,
      },
      CREATED.workout,
    );
    const shown = state.byId[id];
    if (!shown) throw new Error('A workout started offline is shown at once');
    return shown;
  }

  /** The details of a workout just started, as the server's projection makes them. */
  const started = (id: string, at: string, name: string, date: string, notes: string | null): Workout => ({
    id,
    name,
    date,
    duration: null,
    status: 'in_progress',
    notes,
    exercises: [],
    started_at: at,
    completed_at: null,
    created_at: at,
    updated_at: at,
  });

  return {
    start(to: WorkoutsOffline, input: StartInput) {
      const name = input.name.trim();
      return queueStart(to, { path: '/workouts', body: input, name }, async (id, at) =>
        started(id, at, name, input.date, input.notes ?? null),
      );
    },
    /**
     * Started from a template as the templates store holds it, as the server starts it: the
     * template's name and exercises, each with its plan and an id made from the workout's and its
     * place; one the user's library does not have is kept by name, without its library id.
     */
    startFromTemplate(to: WorkoutsOffline, template: Template, date: string) {
      const path = `/templates/${template.id}/start`;
      return queueStart(to, { path, body: { date }, name: template.name }, async (id, at) => ({
        ...started(id, at, template.name, date, null),
        exercises: await Promise.all(
          template.exercises.map(
            async (entry, index): Promise<WorkoutExercise> => ({
              // Made from the workout's id and the exercise's place, as the server makes it.
              id: await uuidFromName(`${id}:${index}`),
              exercise_id: entry.found ? entry.exercise_id : null,
              name: entry.name || '?',
              notes: null,
              plan: {
                sets: entry.sets,
                reps: entry.reps,
                duration: entry.duration,
                distance: entry.distance,
                rest: entry.rest,
                // A template saved from a workout names a weight (null: bodyweight); the system's do not.
                ...((template.is_custom || entry.weight !== null) && { weight: entry.weight }),
              },
              sets: [],
              created_at: at,
            }),
          ),
        ),
      }));
    },
    async end(to: WorkoutsOffline, id: string) {
      await outbox.queue(to, id, {
        method: 'PATCH',
        path: `/workouts/${id}`,
        body: { status: 'completed' },
        label: to.labels.end(nameOf(id)),
        touches: [thing.workout(id)],
      });
    },
    async update(to: WorkoutsOffline, id: string, body: WorkoutChanges) {
      const onlyNote = Object.keys(body).every((field) => field === 'notes');
      await outbox.queue(to, id, {
        method: 'PATCH',
        path: `/workouts/${id}`,
        body,
        label: onlyNote ? to.labels.note(nameOf(id)) : to.labels.change(nameOf(id)),
        touches: [thing.workout(id)],
      });
    },
    async remove(to: WorkoutsOffline, id: string) {
      await outbox.queue(to, id, {
        method: 'DELETE',
        path: `/workouts/${id}`,
        label: to.labels.delete(nameOf(id)),
        touches: [thing.workout(id)],
      });
    },
    /** Saved as a template once sent: the templates show it from then on. */
    async saveAsTemplate(to: WorkoutsOffline, id: string, name: string) {
      await outbox.queue(
        to,
        id,
        {
          method: 'POST',
          path: `/workouts/${id}/template`,
          body: { name },
          label: to.labels.template(name),
          touches: [thing.workout(id)],
        },
        CREATED.template,
      );
    },
    async addExercise(to: WorkoutsOffline, workoutId: string, name: string, exerciseId: string | null) {
      const id = await outbox.queue(
        to,
        workoutId,
        {
          method: 'POST',
          path: `/workouts/${workoutId}/exercises`,
          body: { name, exercise_id: exerciseId },
          label: to.labels.exercise(name),
          touches: [thing.workout(workoutId)],
        },
        CREATED.workoutExercise,
      );
      const added = state.byId[workoutId]?.exercises.find((e) => e.id === id);
      if (!added) throw new Error('An exercise queued offline is shown at once');
      return added;
    },
    async updateExercise(to: WorkoutsOffline, workoutId: string, exerciseId: string, body: ExerciseChanges) {
      const name = exerciseName(workoutId, exerciseId);
      const onlyNote = Object.keys(body).every((field) => field === 'notes');
      // The logger notes an exercise or groups it; a rename (the API's, not the logger's) is a change.
      const label = onlyNote
        ? to.labels.note(name)
        : 'superset' in body
          ? to.labels.superset(name)
          : to.labels.change(name);
      await outbox.queue(to, workoutId, {
        method: 'PATCH',
        path: `/workouts/${workoutId}/exercises/${exerciseId}`,
        body,
        label,
        touches: [thing.workout(workoutId), thing.exercise(exerciseId)],
      });
      const changed = exerciseOf(workoutId, exerciseId);
      if (!changed) throw new Error('An exercise changed offline is shown at once');
      return changed;
    },
    async moveExercise(to: WorkoutsOffline, workoutId: string, exerciseId: string, position: number) {
      await outbox.queue(to, workoutId, {
        method: 'PATCH',
        path: `/workouts/${workoutId}/exercises/${exerciseId}`,
        body: { position },
        label: to.labels.move(exerciseName(workoutId, exerciseId)),
        touches: [thing.workout(workoutId), thing.exercise(exerciseId)],
      });
    },
    async removeExercise(to: WorkoutsOffline, workoutId: string, exerciseId: string) {
      await outbox.queue(to, workoutId, {
        method: 'DELETE',
        path: `/workouts/${workoutId}/exercises/${exerciseId}`,
        label: to.labels.removeExercise(exerciseName(workoutId, exerciseId)),
        touches: [thing.workout(workoutId), thing.exercise(exerciseId)],
      });
    },
    async addSet(to: WorkoutsOffline, workoutId: string, exerciseId: string, input: SetInput) {
      const id = await outbox.queue(
        to,
        workoutId,
        {
          method: 'POST',
          path: `/workouts/${workoutId}/exercises/${exerciseId}/sets`,
          body: input,
          label: setLabel(to, workoutId, exerciseId, null),
          touches: [thing.workout(workoutId), thing.exercise(exerciseId)],
        },
        CREATED.set,
      );
      const logged = exerciseOf(workoutId, exerciseId)?.sets.find((s) => s.id === id);
      if (!logged) throw new Error('A set queued offline is shown at once');
      return logged as WorkoutSet;
    },
    async updateSet(
      to: WorkoutsOffline,
      workoutId: string,
      exerciseId: string,
      setId: string,
      input: Partial<SetInput>,
    ) {
      await outbox.queue(to, workoutId, {
        method: 'PATCH',
        path: `/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`,
        body: input,
        label: setLabel(to, workoutId, exerciseId, setId),
        touches: [thing.workout(workoutId), thing.exercise(exerciseId), thing.set(setId)],
      });
    },
    async removeSet(to: WorkoutsOffline, workoutId: string, exerciseId: string, setId: string) {
      await outbox.queue(to, workoutId, {
        method: 'DELETE',
        path: `/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`,
        label: setLabel(to, workoutId, exerciseId, setId),
        touches: [thing.workout(workoutId), thing.exercise(exerciseId), thing.set(setId)],
      });
    },
  };
}
