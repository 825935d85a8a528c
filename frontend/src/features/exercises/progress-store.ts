import type {
  ExerciseHistoryEntry,
  ExerciseHistoryPage,
  ExerciseProgress,
} from '@fitness/contracts/exercises/progress.ts';
import { exerciseKey, exerciseRecordsId, PERSONAL_RECORDS_MODEL } from '@fitness/contracts/records/records.ts';
import { proxy } from 'valtio';
import { type ApiClient, ApiError } from '../../lib/api-client.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';
import type { Exercise } from './types.ts';

/** Workouts of the history shown at once, and added by "show more". */
export const HISTORY_PAGE = 10;

/**
 * One exercise's page while it is shown: the exercise, its records and sessions summed up (for
 * the charts), and its history, newest first, as many pages as were shown. What it is worked out
 * from changes with a set logged anywhere: a pushed change to the exercise's records, to a
 * workout it shows or to one the exercise was just added to reads it again (at most once a second).
 */
export function createExerciseProgress(api: ApiClient, userId: () => string | null) {
  const state = proxy({
    id: null as string | null,
    exercise: null as Exercise | null,
    progress: null as ExerciseProgress | null,
    history: [] as ExerciseHistoryEntry[],
    pages: 1,
    total: 0,
    lastPage: 1,
    /** The exercise does not exist, or is someone else's. */
    missing: false,
    loading: false,
    failed: false,
  });

  const historyPage = (id: string, page: number) =>
    api.get<ExerciseHistoryPage>(`/exercises/${id}/history`, { query: { page, per_page: HISTORY_PAGE } });

  const resource = liveResource({
    what: "the exercise's progress",
    fetch: async () => {
      const id = state.id ?? '';
      const pages = state.pages;
      try {
        const [exercise, progress, ...history] = await Promise.all([
          api.get<Exercise>(`/exercises/${id}`),
          api.get<ExerciseProgress>(`/exercises/${id}/progress`),
          ...Array.from({ length: pages }, (_, index) => historyPage(id, index + 1)),
        ]);
        return { id, found: true as const, exercise, progress, history, pages };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { id, found: false as const };
        throw error;
      }
    },
    take: (answer) => {
      if (answer.id !== state.id) return;
      state.missing = !answer.found;
      if (!answer.found) return;
      state.exercise = answer.exercise;
      state.progress = answer.progress;
      state.history = answer.history.flatMap((page) => page.data);
      state.pages = answer.pages;
      const last = answer.history.at(-1)?.meta;
      state.total = last?.total ?? 0;
      state.lastPage = last?.last_page ?? 1;
    },
    status: state,
    gapMs: 1000,
  });

  /** Whether a pushed change may change what the page shows (while it shows anything: the id stays after). */
  function concerns(notice: ChangeNotice) {
    const id = state.id;
    const user = userId();
    if (!resource.shown || !id || !user) return false;
    if (notice.model === 'exercises') return notice.id === id;
    if (notice.model === PERSONAL_RECORDS_MODEL) {
      return notice.id === exerciseRecordsId(user, exerciseKey({ exercise_id: id, name: '' }));
    }
    if (notice.model !== 'workouts') return false;
    // A workout shown, or one that now holds the exercise (the id appears in what changed).
    const shown = state.progress?.sessions.some((session) => session.workout_id === notice.id) ?? false;
    return shown || JSON.stringify(notice.document ?? notice.changes ?? null).includes(JSON.stringify(id));
  }

  return {
    state,
    /** Shows exercise `id` until the returned function is called (what another exercise left is dropped). */
    show(id: string) {
      if (state.id !== id) {
        Object.assign(state, { id, exercise: null, progress: null, history: [], pages: 1, total: 0, missing: false });
      }
      return resource.show();
    },
    /** The next page of the history, kept when the page is read again. */
    async showMore() {
      const id = state.id;
      if (!id || state.pages >= state.lastPage) return;
      const next = await historyPage(id, state.pages + 1);
      if (id !== state.id) return;
      state.history.push(...next.data);
      state.pages += 1;
      state.total = next.meta.total;
      state.lastPage = next.meta.last_page;
    },
    /** Reads it again after a failed load. */
    retry: () => resource.load(),
    async applyChange(notice: ChangeNotice) {
      if (concerns(notice)) await resource.follow(notice);
    },
    refresh: () => resource.refresh(),
    clear() {
      resource.clear();
      Object.assign(state, { id: null, exercise: null, progress: null, history: [], pages: 1, total: 0 });
    },
  };
}

export type ExerciseProgressStore = ReturnType<typeof createExerciseProgress>;
