import type {
  PreviousSets,
  Workout,
  WorkoutExercise,
  WorkoutList,
  WorkoutSet,
  WorkoutSummary,
} from '@fitness/contracts';
import { summariseWorkout } from '@fitness/contracts/workouts/api.ts';
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { type ApiClient, ApiError } from '../api-client.ts';
import type { ChangeNotice } from '../live.ts';
import { shownCount } from '../shown.ts';

const PAGE_SIZE = 20;

/** What the set form sends: the body of POST .../sets as the app fills it. */
export type SetInput = {
  reps: number;
  weight: number | null;
  rest_time: number | null;
  type: 'warmup' | 'working';
  duration: number | null;
  distance: number | null;
  notes: string | null;
};

/** What an exercise of a workout was the last time it was done. */
export type Previous = PreviousSets['data'][number];

/**
 * The user's workouts as the app knows them: the list's summaries, and whole workouts where a
 * screen showed one or a write answered with one. Actions call the API and put its answer in the
 * store. Changes pushed from other devices refresh a workout while a screen shows it (the list,
 * or the workout itself); this tab's own writes come back as notices too, and are let pass,
 * since their answers are already in the store.
 */
export function createWorkouts(api: ApiClient) {
  const state = proxy({
    /** Whole workouts, with their exercises and sets. */
    byId: {} as Record<string, Workout>,
    /** What the list shows of each listed workout (GET /workouts answers these). */
    summaries: {} as Record<string, WorkoutSummary>,
    /** Ids known not to exist (deleted, someone else's, never were). */
    missing: {} as Record<string, true>,
    /** Ids of the loaded list, newest first. */
    list: [] as string[],
    listLoaded: false,
    listError: false,
    total: 0,
    page: 0,
    lastPage: 1,
    /** Per workout, per exercise of it: the sets of the last time that exercise was done. */
    previous: {} as Record<string, Record<string, Previous>>,
  });

  function put(workout: Workout) {
    state.byId[workout.id] = workout;
    putSummary(summariseWorkout(workout));
  }

  function putSummary(summary: WorkoutSummary) {
    state.summaries[summary.id] = summary;
    delete state.missing[summary.id];
    if (!state.list.includes(summary.id)) {
      state.list.push(summary.id);
      state.total += 1;
    }
    sortList();
  }

  function drop(id: string) {
    delete state.byId[id];
    delete state.summaries[id];
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
      const x = state.summaries[a];
      const y = state.summaries[b];
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
    const result = await api.get<WorkoutList>('/workouts', { query: { page, per_page: PAGE_SIZE } });
    for (const summary of result.data) putSummary(summary);
    state.page = page;
    state.lastPage = result.meta.last_page;
    state.total = result.meta.total;
    state.listLoaded = true;
    state.listError = false;
  }

  async function loadFirstPage() {
    try {
      await loadPage(1);
    } catch (error) {
      state.listError = true;
      throw error;
    }
  }

  async function load(id: string) {
    try {
      put(await api.get<Workout>(`/workouts/${id}`));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) drop(id);
      else throw error;
    }
  }

  const list = shownCount(loadFirstPage, 'the workouts');
  /** How many screens show each workout by itself. */
  const shownWorkouts = new Map<string, number>();

  return {
    state,
    /** The list is on screen (loaded fresh the first time) until the returned function is called. */
    showList: () => list.show(),
    /** A workout is on screen (loaded fresh the first time) until the returned function is called. */
    showWorkout(id: string) {
      const screens = shownWorkouts.get(id) ?? 0;
      shownWorkouts.set(id, screens + 1);
      if (screens === 0) load(id).catch((error) => console.error('Failed to load the workout', error));
      let shown = true;
      return () => {
        if (!shown) return;
        shown = false;
        const left = (shownWorkouts.get(id) ?? 1) - 1;
        if (left > 0) shownWorkouts.set(id, left);
        else shownWorkouts.delete(id);
      };
    },
    loadFirstPage,
    loadNextPage: () => loadPage(state.page + 1),
    async start(input: { name: string; date: string; notes?: string | null }) {
      const workout = await api.post<Workout>('/workouts', input);
      put(workout);
      return workout;
    },
    /** Starts a workout with a template's exercises and plans. */
    async startFromTemplate(templateId: string, date: string) {
      const workout = await api.post<Workout>(`/templates/${templateId}/start`, { date });
      put(workout);
      return workout;
    },
    /** Saves the workout's exercises and sets as a personal template. */
    async saveAsTemplate(id: string, name: string) {
      await api.post(`/workouts/${id}/template`, { name });
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
    /** What each exercise of the workout was the last time it was done. */
    async loadPrevious(id: string) {
      const { data } = await api.get<PreviousSets>(`/workouts/${id}/previous`);
      state.previous[id] = Object.fromEntries(data.map((entry) => [entry.workout_exercise_id, entry]));
    },
    /**
     * A pushed change. This tab's own writes were put in the store from their answers. A deleted
     * workout is forgotten at once; another device's change is fetched only if a screen shows
     * it (the list shows any workout, new ones included); the others load fresh when shown.
     */
    async applyChange(notice: ChangeNotice) {
      if (notice.model !== 'workouts' || api.isOwnWrite(notice.correlationId)) return;
      if (notice.op === 'delete') drop(notice.id);
      else if (list.shown || shownWorkouts.has(notice.id)) await load(notice.id);
    },
    /** After the live channel was down: reload what is on screen. */
    async refresh() {
      await Promise.all([list.shown ? loadPage(1) : null, ...[...shownWorkouts.keys()].map((id) => load(id))]);
    },
    clear() {
      state.byId = {};
      state.summaries = {};
      state.missing = {};
      state.list = [];
      state.listLoaded = false;
      state.total = 0;
      state.page = 0;
      state.previous = {};
    },
  };
}

export type Workouts = ReturnType<typeof createWorkouts>;

/** The user's workouts from the store, shown (and so kept current) while the caller is mounted. */
export function useWorkoutList(workouts: Workouts) {
  const snapshot = useSnapshot(workouts.state);
  useEffect(() => workouts.showList(), [workouts]);
  const list = snapshot.list
    .map((id) => latestSummary(snapshot.summaries[id], snapshot.byId[id] as Workout | undefined))
    .filter((summary) => summary !== undefined);
  return {
    workouts: list,
    loaded: snapshot.listLoaded,
    failed: snapshot.listError,
    hasMore: snapshot.page < snapshot.lastPage,
    current: list.find((workout) => workout.status === 'in_progress') ?? null,
  };
}

/**
 * What the list shows of a workout: its summary, or the whole workout's when that is as new or
 * newer (this tab's own sets and exercises change only the whole workout it holds).
 */
function latestSummary(summary: WorkoutSummary | undefined, workout: Workout | undefined) {
  if (workout && (!summary || workout.updated_at >= summary.updated_at)) return summariseWorkout(workout);
  return summary;
}
