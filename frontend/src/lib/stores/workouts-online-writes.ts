import type { Template, Workout, WorkoutExercise, WorkoutSet } from '@fitness/contracts';
import type { SetValuesShown as SetInput } from '@fitness/contracts/workouts/sets.ts';
import type { ApiClient } from '../api-client.ts';
import type { HeldWorkouts } from './workouts-held.ts';
import type { ExerciseChanges, StartInput, WorkoutChanges } from './workouts-offline-writes.ts';

/**
 * Each write of the workout logger with a connection: the API is called and its answer put in the
 * store (`put` a whole workout from the server, `drop` one gone), through `change` so a load of
 * the workout under way takes it in too.
 */
export function onlineWrites(
  api: ApiClient,
  held: HeldWorkouts,
  store: {
    put: (workout: Workout) => void;
    drop: (id: string) => void;
    change: (id: string, update: () => void) => void;
  },
) {
  const { state } = held;
  const { put, drop, change } = store;

  /**
   * Sets are sent one after the other, each workout's in the order they were logged: two rows
   * ticked off in quick succession stay in that order, whichever request would have come first.
   */
  const setQueues = new Map<string, Promise<unknown>>();
  function inTurn<T>(workoutId: string, send: () => Promise<T>): Promise<T> {
    const sent = (setQueues.get(workoutId) ?? Promise.resolve()).then(send, send);
    const turn = sent.catch(() => undefined);
    setQueues.set(workoutId, turn);
    void turn.then(() => {
      if (setQueues.get(workoutId) === turn) setQueues.delete(workoutId);
    });
    return sent;
  }

  function replaceSet(workoutId: string, exerciseId: string, set: WorkoutSet) {
    const exercise = state.byId[workoutId]?.exercises.find((e) => e.id === exerciseId);
    if (!exercise) return;
    const index = exercise.sets.findIndex((s) => s.id === set.id);
    if (index >= 0) exercise.sets[index] = set;
    else exercise.sets.push(set);
  }

  const exercisesOf = (workoutId: string, update: (exercises: WorkoutExercise[]) => WorkoutExercise[]) =>
    change(workoutId, () => {
      const workout = state.byId[workoutId];
      if (workout) workout.exercises = update(workout.exercises);
    });

  return {
    async start(input: StartInput) {
      const workout = await api.post<Workout>('/workouts', input);
      put(workout);
      return workout;
    },
    async startFromTemplate(template: Template, date: string) {
      const workout = await api.post<Workout>(`/templates/${template.id}/start`, { date });
      put(workout);
      return workout;
    },
    async saveAsTemplate(id: string, name: string) {
      await api.post(`/workouts/${id}/template`, { name });
    },
    async end(id: string) {
      const workout = await api.patch<Workout>(`/workouts/${id}`, { status: 'completed' });
      change(id, () => put(workout));
    },
    async update(id: string, body: WorkoutChanges) {
      const workout = await api.patch<Workout>(`/workouts/${id}`, body);
      change(id, () => put(workout));
    },
    async remove(id: string) {
      await api.delete(`/workouts/${id}`);
      change(id, () => drop(id));
    },
    async addExercise(workoutId: string, name: string, exerciseId: string | null) {
      const exercise = await api.post<WorkoutExercise>(`/workouts/${workoutId}/exercises`, {
        name,
        exercise_id: exerciseId,
      });
      exercisesOf(workoutId, (exercises) =>
        exercises.some((e) => e.id === exercise.id) ? exercises : [...exercises, exercise],
      );
      return exercise;
    },
    async updateExercise(workoutId: string, exerciseId: string, body: ExerciseChanges) {
      const exercise = await api.patch<WorkoutExercise>(`/workouts/${workoutId}/exercises/${exerciseId}`, body);
      exercisesOf(workoutId, (exercises) => exercises.map((e) => (e.id === exerciseId ? exercise : e)));
      return exercise;
    },
    async moveExercise(workoutId: string, exerciseId: string, position: number) {
      const exercise = await api.patch<WorkoutExercise>(`/workouts/${workoutId}/exercises/${exerciseId}`, { position });
      exercisesOf(workoutId, (exercises) => {
        const others = exercises.filter((e) => e.id !== exerciseId);
        return [...others.slice(0, position), exercise, ...others.slice(position)];
      });
    },
    async removeExercise(workoutId: string, exerciseId: string) {
      await api.delete(`/workouts/${workoutId}/exercises/${exerciseId}`);
      exercisesOf(workoutId, (exercises) => exercises.filter((e) => e.id !== exerciseId));
    },
    async addSet(workoutId: string, exerciseId: string, input: SetInput) {
      const set = await inTurn(workoutId, () =>
        api.post<WorkoutSet>(`/workouts/${workoutId}/exercises/${exerciseId}/sets`, input),
      );
      change(workoutId, () => replaceSet(workoutId, exerciseId, set));
      return set;
    },
    async updateSet(workoutId: string, exerciseId: string, setId: string, input: Partial<SetInput>) {
      const set = await api.patch<WorkoutSet>(`/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`, input);
      change(workoutId, () => replaceSet(workoutId, exerciseId, set));
    },
    async removeSet(workoutId: string, exerciseId: string, setId: string) {
      await api.delete(`/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`);
      change(workoutId, () => {
        const exercise = state.byId[workoutId]?.exercises.find((e) => e.id === exerciseId);
        if (exercise) exercise.sets = exercise.sets.filter((s) => s.id !== setId);
      });
    },
  };
}
