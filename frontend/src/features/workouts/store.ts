import { proxy } from 'valtio';
import { type ApiClient, ApiError } from '../../lib/api-client.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import type { SetInput, Workout, WorkoutExercise, WorkoutPage, WorkoutSet } from './types.ts';

const PAGE_SIZE = 20;

/**
 * The user's workouts as the app knows them. Actions call the API and put its answer in the
 * store; changes pushed over the socket (from this tab's writes or any other device) refresh
 * the affected workout, so every open screen stays current without reloading.
 */
export function createWorkouts(api: ApiClient) {
  const state = proxy({
    byId: {} as Record<string, Workout>,
    /** Ids known not to exist (deleted, someone else's, never were). */
    missing: {} as Record<string, true>,
    /** Ids of the loaded list, newest first. */
    list: [] as string[],
    listLoaded: false,
    listError: false,
    total: 0,
    page: 0,
    lastPage: 1,
  });

  function put(workout: Workout) {
    state.byId[workout.id] = workout;
    delete state.missing[workout.id];
    if (!state.list.includes(workout.id)) {
      state.list.push(workout.id);
      state.total += 1;
    }
    sortList();
  }

  function drop(id: string) {
    delete state.byId[id];
    state.missing[id] = true;
    const index = state.list.indexOf(id);
    if (index >= 0) {
      state.list.splice(index, 1);
      state.total = Math.max(0, state.total - 1);
    }
  }

  /** Newest day first, then newest start first: the order the API lists in. */
  function sortList() {
    state.list.sort((a, b) => {
      const x = state.byId[a];
      const y = state.byId[b];
      if (!x || !y) return 0;
      return y.date.localeCompare(x.date) || y.created_at.localeCompare(x.created_at);
    });
  }

  function replaceSet(workoutId: string, exerciseId: string, set: WorkoutSet) {
    const exercise = state.byId[workoutId]?.exercises.find((e) => e.id === exerciseId);
    if (!exercise) return;
    const index = exercise.sets.findIndex((s) => s.id === set.id);
    if (index >= 0) exercise.sets[index] = set;
    else exercise.sets.push(set);
  }

  async function loadPage(page: number) {
    const result = await api.get<WorkoutPage>('/workouts', { query: { page, per_page: PAGE_SIZE } });
    for (const workout of result.data) put(workout);
    state.page = page;
    state.lastPage = result.meta.last_page;
    state.total = result.meta.total;
    state.listLoaded = true;
    state.listError = false;
  }

  async function load(id: string) {
    try {
      put(await api.get<Workout>(`/workouts/${id}`));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) drop(id);
      else throw error;
    }
  }

  return {
    state,
    async loadFirstPage() {
      try {
        await loadPage(1);
      } catch (error) {
        state.listError = true;
        throw error;
      }
    },
    loadNextPage: () => loadPage(state.page + 1),
    load,
    async start(input: { name: string; date: string; notes?: string | null }) {
      const workout = await api.post<Workout>('/workouts', input);
      put(workout);
      return workout;
    },
    async end(id: string) {
      put(await api.patch<Workout>(`/workouts/${id}`, { status: 'completed' }));
    },
    async remove(id: string) {
      await api.delete(`/workouts/${id}`);
      drop(id);
    },
    async addExercise(workoutId: string, name: string, exerciseId: string | null = null) {
      const exercise = await api.post<WorkoutExercise>(`/workouts/${workoutId}/exercises`, {
        name,
        exercise_id: exerciseId,
      });
      const workout = state.byId[workoutId];
      if (workout && !workout.exercises.some((e) => e.id === exercise.id)) workout.exercises.push(exercise);
      return exercise;
    },
    async removeExercise(workoutId: string, exerciseId: string) {
      await api.delete(`/workouts/${workoutId}/exercises/${exerciseId}`);
      const workout = state.byId[workoutId];
      if (workout) workout.exercises = workout.exercises.filter((e) => e.id !== exerciseId);
    },
    async addSet(workoutId: string, exerciseId: string, input: SetInput) {
      const set = await api.post<WorkoutSet>(`/workouts/${workoutId}/exercises/${exerciseId}/sets`, input);
      replaceSet(workoutId, exerciseId, set);
      return set;
    },
    async updateSet(workoutId: string, exerciseId: string, setId: string, input: Partial<SetInput>) {
      const set = await api.patch<WorkoutSet>(`/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`, input);
      replaceSet(workoutId, exerciseId, set);
    },
    async removeSet(workoutId: string, exerciseId: string, setId: string) {
      await api.delete(`/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`);
      const exercise = state.byId[workoutId]?.exercises.find((e) => e.id === exerciseId);
      if (exercise) exercise.sets = exercise.sets.filter((s) => s.id !== setId);
    },
    /** A pushed change: fetch the workout as it now is, or forget it when it was deleted. */
    async applyChange(notice: ChangeNotice) {
      if (notice.model !== 'workouts') return;
      if (notice.op === 'delete') drop(notice.id);
      else await load(notice.id);
    },
    /** After the live channel was down: reload what is on screen. */
    async refresh() {
      const ids = Object.keys(state.byId);
      await Promise.all([state.listLoaded ? loadPage(1) : null, ...ids.map((id) => load(id))]);
    },
    clear() {
      state.byId = {};
      state.missing = {};
      state.list = [];
      state.listLoaded = false;
      state.total = 0;
      state.page = 0;
    },
  };
}

export type Workouts = ReturnType<typeof createWorkouts>;
