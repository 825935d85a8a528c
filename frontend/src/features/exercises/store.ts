import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';
import type { Exercise, ExerciseBody, ExerciseQuery } from './types.ts';

const PAGE_SIZE = 24;

/**
 * The library as the user browses it: the current query and its results, page by page. While
 * the library is on screen, a change pushed for an exercise or the user's favorites reloads it,
 * so a custom exercise made or a star set on another device shows up here too.
 */
export function createExercises(api: ApiClient) {
  const state = proxy({
    query: { search: '', category: '', muscle: '', equipment: '', tab: 'all' } as ExerciseQuery,
    results: [] as Exercise[],
    total: 0,
    page: 0,
    lastPage: 1,
    loading: false,
    failed: false,
    /** The library's size, for the page's subtitle. */
    librarySize: 0,
  });
  /**
   * Stars on their way to the server: a load waits for them, or a favorites tab opened right
   * after a star would read the list without it, and this tab's own push does not reload it.
   */
  const starring = new Set<Promise<unknown>>();

  async function fetchPage(page: number) {
    const { search, category, muscle, equipment, tab } = state.query;
    return api.get<{ data: Exercise[]; meta: { total: number; last_page: number } }>('/exercises', {
      query: {
        search: search.trim() || undefined,
        category: category || undefined,
        muscle: muscle || undefined,
        equipment: equipment || undefined,
        tab,
        page,
        per_page: PAGE_SIZE,
      },
    });
  }

  /**
   * The pages shown so far for the current query; a newer query wins over a slower older one.
   * The names are in the reader's language and the list is a search: a pushed change is no
   * list to patch, so it reads the pages again.
   */
  const library = liveResource({
    what: 'exercises',
    fetch: async () => {
      const pages = Math.max(1, state.page);
      await Promise.allSettled(starring);
      const results: Exercise[] = [];
      let meta = { total: 0, last_page: 1 };
      for (let page = 1; page <= pages; page++) {
        const answer = await fetchPage(page);
        results.push(...answer.data);
        meta = answer.meta;
      }
      return { results, meta, pages };
    },
    take: ({ results, meta, pages }) => {
      state.results = results;
      state.total = meta.total;
      state.lastPage = meta.last_page;
      state.page = pages;
      const { search, category, muscle, equipment, tab } = state.query;
      if (!search && !category && !muscle && !equipment && tab === 'all') state.librarySize = meta.total;
    },
    status: state,
    // This tab reads the library again after its own changes.
    answered: api.isOwnWrite,
    onFirstShow: () => {
      state.page = 1;
    },
  });
  const reload = () => library.load();

  return {
    state,
    /** The library is on screen (its first page loaded fresh) until the returned function is called. */
    show: () => library.show(),
    /** Sets part of the query and shows its first page. */
    async search(query: Partial<ExerciseQuery>) {
      Object.assign(state.query, query);
      state.page = 1;
      await reload();
    },
    async loadMore() {
      const answer = await fetchPage(state.page + 1);
      state.results.push(...answer.data);
      state.page += 1;
      state.total = answer.meta.total;
      state.lastPage = answer.meta.last_page;
    },
    async create(body: ExerciseBody) {
      const exercise = await api.post<Exercise>('/exercises', body);
      await reload();
      return exercise;
    },
    async update(id: string, body: ExerciseBody) {
      const exercise = await api.put<Exercise>(`/exercises/${id}`, body);
      await reload();
      return exercise;
    },
    async remove(id: string) {
      await api.delete(`/exercises/${id}`);
      state.results = state.results.filter((exercise) => exercise.id !== id);
      state.total = Math.max(0, state.total - 1);
    },
    async setFavorite(id: string, favorite: boolean) {
      const exercise = state.results.find((e) => e.id === id);
      if (exercise) exercise.is_favorite = favorite; // show it at once; the answer confirms it
      const written = favorite ? api.put(`/exercises/${id}/favorite`, {}) : api.delete(`/exercises/${id}/favorite`);
      starring.add(written);
      try {
        await written;
      } catch (error) {
        if (exercise) exercise.is_favorite = !favorite;
        throw error;
      } finally {
        starring.delete(written);
      }
      if (state.query.tab === 'favorites' && !favorite) state.results = state.results.filter((e) => e.id !== id);
    },
    /** Another device's change to exercises or favorites: reload what is shown (this tab's own are in already). */
    async applyChange(notice: ChangeNotice) {
      if (notice.model === 'exercises' || notice.model === 'favorites') await library.follow(notice);
    },
    refresh: () => library.refresh(),
    /** Forgets everything, on sign-out: the next user must not see this one's exercises. */
    clear() {
      library.clear();
      state.results = [];
      state.total = 0;
      state.page = 0;
      state.librarySize = 0;
      state.query = { search: '', category: '', muscle: '', equipment: '', tab: 'all' };
    },
  };
}

export type Exercises = ReturnType<typeof createExercises>;
