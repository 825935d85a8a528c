import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import type { Food } from './types.ts';

/** Results per page: a phone screen and a half, so "Show more" is seldom needed. */
export const FOODS_PER_PAGE = 20;

type FoodPage = { data: Food[]; meta: { current_page: number; last_page: number } };

/**
 * The add dialog's food search: the foods whose names (in the reader's language) match, page by
 * page. The newest search wins: starting one cancels the one under way, and "Show more" of an
 * older search never lands on a newer one's results.
 */
export function createFoodSearch(api: ApiClient) {
  const state = proxy({
    results: [] as Food[],
    /** Whether pages are left to show. */
    more: false,
    loading: false,
    failed: false,
  });
  let query = '';
  let page = 1;
  let running: AbortController | null = null;

  async function fetchPage(next: number, append: boolean) {
    running?.abort();
    const mine = new AbortController();
    running = mine;
    state.loading = true;
    try {
      const answer = await api.get<FoodPage>('/foods', {
        query: { search: query || undefined, page: next, per_page: FOODS_PER_PAGE },
        signal: mine.signal,
      });
      if (mine.signal.aborted) return;
      page = answer.meta.current_page;
      // A food that moved between pages while the user read (one they just logged ranks higher) shows once.
      const held = new Set(append ? state.results.map((food) => food.id) : []);
      state.results = append ? [...state.results, ...answer.data.filter((food) => !held.has(food.id))] : answer.data;
      state.more = answer.meta.current_page < answer.meta.last_page;
      state.failed = false;
    } catch (error) {
      if (mine.signal.aborted) return;
      state.failed = true;
      throw error;
    } finally {
      if (running === mine) {
        running = null;
        state.loading = false;
      }
    }
  }

  return {
    state,
    /** The first page of the foods matching `text` (all foods when it is blank). */
    search(text: string) {
      query = text.trim();
      return fetchPage(1, false);
    },
    /** The next page of the current search, after the results shown. */
    showMore: () => fetchPage(page + 1, true),
    clear() {
      running?.abort();
      running = null;
      query = '';
      page = 1;
      state.results = [];
      state.more = false;
      state.loading = false;
      state.failed = false;
    },
  };
}

export type FoodSearch = ReturnType<typeof createFoodSearch>;
