import { applyChanges } from '@fitness/contracts/document-changes.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';
import { createFoodSearch } from './food-search.ts';
import {
  type EntryInput,
  MEAL_TYPES,
  type Meal,
  type MealType,
  type RecentFood,
  type SavedMeal,
  type Targets,
  type WaterDay,
  type WaterEntry,
} from './types.ts';

/** Entries logged in one go stopped at one refused: `added` of them went in before it. */
export class EntriesNotAdded extends Error {
  readonly added: number;
  constructor(added: number, cause: unknown) {
    super(`Only ${added} of the entries were added`, { cause });
    this.added = added;
  }
}

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
    /** The add dialog's recent and frequent foods, for the meal type it adds to. */
    recent: { type: null as MealType | null, items: [] as RecentFood[], failed: false },
    /** The user's saved meals, newest first, while the add dialog shows them. */
    saved: { items: [] as SavedMeal[], loaded: false, failed: false },
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

  const foods = createFoodSearch(api);

  const recent = liveResource({
    what: 'recent foods',
    fetch: () => {
      const type = state.recent.type;
      return api.get<{ data: RecentFood[] }>('/foods/recent', { query: { meal_type: type ?? undefined } });
    },
    take: ({ data }) => {
      state.recent.items = data;
    },
    status: state.recent,
  });

  const saved = liveResource({
    what: 'saved meals',
    fetch: () => api.get<{ data: SavedMeal[] }>('/saved-meals'),
    take: ({ data }) => {
      state.saved.items = data;
      state.saved.loaded = true;
    },
    status: state.saved,
  });

  /** A saved meal as it now is, in the list's order (newest first). */
  const putSaved = (meal: SavedMeal) => {
    state.saved.items = [...state.saved.items.filter((other) => other.id !== meal.id), meal].sort((a, b) =>
      b.created_at.localeCompare(a.created_at),
    );
  };
  const dropSaved = (id: string) => {
    state.saved.items = state.saved.items.filter((meal) => meal.id !== id);
  };

  /** A saved meal pushed: the document (it is small) or its removal. */
  function patchSaved(notice: ChangeNotice) {
    if (notice.op === 'delete') dropSaved(notice.id);
    else if (notice.document) putSaved(notice.document as SavedMeal);
    else return false;
    return true;
  }

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
    /**
     * Logs entries to the meal of that type in their order, opening the meal first if it is the
     * day's first. One refused stops the rest: EntriesNotAdded says how many went in before it.
     */
    async addEntries(type: MealType, inputs: EntryInput[]) {
      let added = 0;
      try {
        const meal = await api.post<Meal>('/meals', { date: state.date, type });
        for (const input of inputs) {
          await api.post(`/meals/${meal.id}/entries`, input);
          added += 1;
        }
      } catch (cause) {
        // The ones that went in show at once; the dialog keeps the rest.
        if (added > 0) await load().catch((error) => console.error('Failed to read the day again', error));
        throw new EntriesNotAdded(added, cause);
      }
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
    /** Logs water to the day shown; the new entry's id, to undo it by. */
    async logWater(ml: number) {
      const entry = await api.post<WaterEntry>(`/water/${state.date}`, { ml });
      await load();
      return entry.id;
    },
    async removeWater(entryId: string) {
      await api.delete(`/water/${state.date}/${entryId}`);
      await load();
    },
    /** The add dialog's search: foods whose names (in the reader's language) match. */
    foods,
    /** The add dialog shows the foods logged before (most useful for `type` first) and the saved meals. */
    showChoices(type: MealType) {
      if (state.recent.type !== type) {
        state.recent.type = type;
        state.recent.items = [];
      }
      const hideRecent = recent.show();
      const hideSaved = saved.show();
      return () => {
        hideRecent();
        hideSaved();
      };
    },
    /** Copies a meal into the meal of its type on `date`. */
    async copyMeal(mealId: string, date: string) {
      await api.post<Meal>(`/meals/${mealId}/copy`, { date });
      if (date === state.date) await load();
    },
    /** Copies the meal of `type` on `from` into the day shown; false when `from` had nothing in it. */
    async copyMealFrom(type: MealType, from: string) {
      const { data } = await api.get<{ data: Meal[] }>('/meals', { query: { date: from } });
      const source = data.find((meal) => meal.type === type && meal.entries.length > 0);
      if (!source) return false;
      await api.post<Meal>(`/meals/${source.id}/copy`, { date: state.date });
      await load();
      return true;
    },
    /** Copies every meal of `from` into the same meals on `to`. */
    async copyDay(from: string, to: string) {
      await api.post('/meals/copy-day', { from, to });
      if (to === state.date) await load();
    },
    /** Keeps a meal under a name, to log again in one tap. */
    async saveMeal(mealId: string, name: string) {
      const meal = await api.post<SavedMeal>('/saved-meals', { meal_id: mealId, name });
      saved.apply(() => putSaved(meal));
      return meal;
    },
    async deleteSavedMeal(id: string) {
      await api.delete(`/saved-meals/${id}`);
      saved.apply(() => dropSaved(id));
    },
    /** Logs a saved meal into the meal of `type` on the day shown. */
    async logSavedMeal(id: string, type: MealType) {
      await api.post<Meal>(`/saved-meals/${id}/log`, { date: state.date, type });
      await load();
    },
    async applyChange(notice: ChangeNotice) {
      if (notice.model === 'meals') await day.follow(notice, patchMeal);
      else if (notice.model === 'water') await day.follow(notice, patchWater);
      else if (notice.model === 'saved_meals') await saved.follow(notice, patchSaved);
      // A food logged on any device: which foods are recent, and in what order, is the server's to say.
      else if (notice.model === 'logged_foods') await recent.follow(notice);
    },
    async refresh() {
      await Promise.all([day.refresh(), recent.refresh(), saved.refresh()]);
    },
    clear() {
      day.clear();
      foods.clear();
      recent.clear();
      saved.clear();
      state.recent = { type: null, items: [], failed: false };
      state.saved = { items: [], loaded: false, failed: false };
      state.meals = [];
      state.water = null;
      state.targets = null;
      state.loaded = false;
      state.date = localToday();
    },
  };
}

export type Meals = ReturnType<typeof createMeals>;
