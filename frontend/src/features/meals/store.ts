import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import { latestLoads } from '../../lib/latest-load.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { shownCount } from '../../lib/shown.ts';
import type { EntryInput, Food, Meal, MealType, Targets, WaterDay } from './types.ts';

/**
 * The nutrition screen's day: its meals, water and targets, and the foods found for the add-food
 * dialog. Every write reloads the day from the API; a change pushed from another device for this
 * user's meals or water reloads it too, while the screen shows it.
 */
export function createMeals(api: ApiClient) {
  const state = proxy({
    date: localToday(),
    meals: [] as Meal[],
    water: null as WaterDay | null,
    targets: null as Targets | null,
    loaded: false,
    failed: false,
    foods: { results: [] as Food[], failed: false },
  });
  const loads = latestLoads(state);
  const foodSearches = latestLoads(state.foods);

  function load() {
    const date = state.date;
    return loads.run(
      () =>
        Promise.all([
          api.get<{ data: Meal[] }>('/meals', { query: { date } }),
          api.get<WaterDay>(`/water/${date}`),
          api.get<Targets>('/nutrition/targets'),
        ]),
      ([meals, water, targets]) => {
        state.meals = meals.data;
        state.water = water;
        state.targets = targets;
        state.loaded = true;
      },
    );
  }

  const screens = shownCount(load, 'the day');

  return {
    state,
    show: () => screens.show(),
    async goTo(date: string) {
      state.date = date;
      state.loaded = false;
      await load();
    },
    /** Logs an entry to the meal of that type, opening the meal first if it is the day's first. */
    async addEntry(type: MealType, input: EntryInput) {
      const meal = await api.post<Meal>('/meals', { date: state.date, type });
      await api.post(`/meals/${meal.id}/entries`, input);
      await load();
    },
    async changeEntry(mealId: string, entryId: string, change: Record<string, number | string>) {
      await api.patch(`/meals/${mealId}/entries/${entryId}`, change);
      await load();
    },
    async removeEntry(mealId: string, entryId: string) {
      await api.delete(`/meals/${mealId}/entries/${entryId}`);
      await load();
    },
    async logWater(ml: number) {
      await api.post(`/water/${state.date}`, { ml });
      await load();
    },
    async removeWater(entryId: string) {
      await api.delete(`/water/${state.date}/${entryId}`);
      await load();
    },
    /** Foods whose names (in the reader's language) match; the newest search wins. */
    searchFoods(search: string) {
      return foodSearches.run(
        () => api.get<{ data: Food[] }>('/foods', { query: { search: search.trim() || undefined, per_page: 12 } }),
        ({ data }) => {
          state.foods.results = data;
        },
      );
    },
    async applyChange(notice: ChangeNotice) {
      // This tab reloads the day after each of its own writes.
      if (!screens.shown || api.isOwnWrite(notice.correlationId)) return;
      if (notice.model === 'meals' || notice.model === 'water') await load();
    },
    refresh: () => (screens.shown ? load() : Promise.resolve()),
    clear() {
      loads.invalidate();
      foodSearches.invalidate();
      state.foods.results = [];
      state.meals = [];
      state.water = null;
      state.targets = null;
      state.loaded = false;
      state.date = localToday();
    },
  };
}

export type Meals = ReturnType<typeof createMeals>;
