import type { PreviousSets, Workout, WorkoutList, WorkoutSummary } from '@fitness/contracts';
import { summariseWorkout } from '@fitness/contracts/workouts/summaries.ts';
import { proxy } from 'valtio';

/** What an exercise of a workout was the last time it was done. */
export type Previous = PreviousSets['data'][number];

/**
 * What the workouts store holds and screens read: the list's summaries, and whole workouts where
 * a screen showed one or a write answered with one, with the ways they change (a workout or a
 * summary put, one forgotten, a page of the list taken in).
 */
export function heldWorkouts() {
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

  function putSummary(summary: WorkoutSummary) {
    state.summaries[summary.id] = summary;
    delete state.missing[summary.id];
    if (!state.list.includes(summary.id)) {
      state.list.push(summary.id);
      state.total += 1;
    }
    sortList();
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

  return {
    state,
    putSummary,
    /** A whole workout as a screen shows it, and the summary the list shows of it. */
    put(workout: Workout) {
      state.byId[workout.id] = workout;
      putSummary(summariseWorkout(workout));
    },
    /** A workout that is not there (deleted, never was): gone from every screen. */
    forget(id: string) {
      delete state.byId[id];
      delete state.summaries[id];
      state.missing[id] = true;
      const index = state.list.indexOf(id);
      if (index >= 0) {
        state.list.splice(index, 1);
        state.total = Math.max(0, state.total - 1);
      }
    },
    /** A page of the list as GET /workouts answered it. */
    takePage(page: number, result: WorkoutList) {
      for (const summary of result.data) putSummary(summary);
      state.page = page;
      state.lastPage = result.meta.last_page;
      state.total = result.meta.total;
      state.listLoaded = true;
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

export type HeldWorkouts = ReturnType<typeof heldWorkouts>;
