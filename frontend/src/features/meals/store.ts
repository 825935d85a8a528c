import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import { latestLoads } from '../../lib/latest-load.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import type { EntryInput, Meal, MealType, Targets, WaterDay } from './types.ts';

/**
 * The nutrition screen's day: its meals, water and targets. Every write reloads the day from the
 * API; a change pushed from another device for this user's meals or water reloads it too.
 */
export function createMeals(api: ApiClient) {
  const state = proxy({
    date: localToday(),
    meals: [] as Meal[],
    water: null as WaterDay | null,
    targets: null as Targets | null,
    loaded: false,
    failed: false,
  });
  const loads = latestLoads(state);

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

  return {
    state,
    load,
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
    async applyChange(notice: ChangeNotice) {
      if (state.loaded && (notice.model === 'meals' || notice.model === 'water')) await load();
    },
    refresh: () => (state.loaded ? load() : Promise.resolve()),
    clear() {
      loads.invalidate();
      state.meals = [];
      state.water = null;
      state.targets = null;
      state.loaded = false;
      state.date = localToday();
    },
  };
}

export type Meals = ReturnType<typeof createMeals>;
