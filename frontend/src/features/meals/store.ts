import { applyChanges } from '@fitness/contracts/document-changes.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';
import {
  type EntryInput,
  type Food,
  MEAL_TYPES,
  type Meal,
  type MealType,
  type Targets,
  type WaterDay,
} from './types.ts';

/** The day's meals in the order the API lists them (breakfast first). */
const byMealType = (a: Meal, b: Meal) => MEAL_TYPES.indexOf(a.type) - MEAL_TYPES.indexOf(b.type);

/**
 * The nutrition screen's day: its meals, water and targets, and the foods found for the add-food
 * dialog. Every write reads the day again from the API (its answer is the entry, not the meal's
 * new totals). While the screen shows the day, a change pushed from another device for this
 * user's meals or water is applied as it comes; one without the change reads the day again.
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

  const day = liveResource({
    what: 'the day',
    fetch: () => {
      const date = state.date;
      return Promise.all([
        api.get<{ data: Meal[] }>('/meals', { query: { date } }),
        api.get<WaterDay>(`/water/${date}`),
        api.get<Targets>('/nutrition/targets'),
      ]);
    },
    take: ([meals, water, targets]) => {
      state.meals = meals.data;
      state.water = water;
      state.targets = targets;
      state.loaded = true;
    },
    status: state,
    // This tab reads the day again after each of its own writes.
    answered: api.isOwnWrite,
  });

  let foodSearch = '';
  const foods = liveResource({
    what: 'foods',
    fetch: () => api.get<{ data: Food[] }>('/foods', { query: { search: foodSearch || undefined, per_page: 12 } }),
    take: ({ data }) => {
      state.foods.results = data;
    },
    status: state.foods,
  });

  /** A meal pushed: kept when it is of the day shown; changes to a meal not held are another day's. */
  function patchMeal(notice: ChangeNotice) {
    const held = state.meals.find((meal) => meal.id === notice.id);
    if (notice.op === 'delete') {
      state.meals = state.meals.filter((meal) => meal.id !== notice.id);
    } else if (notice.document) {
      const meal = notice.document as Meal;
      if (meal.date !== state.date) return true;
      state.meals = [...state.meals.filter((other) => other.id !== meal.id), meal].sort(byMealType);
    } else if (held && notice.changes) {
      state.meals = state.meals.map((meal) => (meal === held ? applyChanges(held, notice.changes ?? []) : meal));
    }
    return true;
  }

  /** The day's water pushed (its id names the user and the day); the target is the profile's, not the day's. */
  function patchWater(notice: ChangeNotice) {
    if (notice.id !== `${notice.userId}:${state.date}`) return true;
    const water = state.water;
    if (!water) return false;
    if (notice.op === 'delete') state.water = { ...water, entries: [], total_ml: 0 };
    else if (notice.document) {
      const { entries, total_ml } = notice.document as Pick<WaterDay, 'entries' | 'total_ml'>;
      state.water = { ...water, entries, total_ml };
    } else if (notice.changes) state.water = applyChanges(water, notice.changes);
    return true;
  }

  const load = () => day.load();

  return {
    state,
    show: () => day.show(),
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
      foodSearch = search.trim();
      return foods.load();
    },
    async applyChange(notice: ChangeNotice) {
      if (notice.model === 'meals') await day.follow(notice, patchMeal);
      else if (notice.model === 'water') await day.follow(notice, patchWater);
    },
    refresh: () => day.refresh(),
    clear() {
      day.clear();
      foods.clear();
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
