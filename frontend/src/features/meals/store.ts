import { applyChanges } from '@fitness/contracts/document-changes.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import { localToday } from '../../lib/format.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';
import type { NewCommand } from '../../lib/offline/outbox.ts';
import { queuedWrites } from '../../lib/offline/queued-writes.ts';
import { createFoodSearch } from './food-search.ts';
import {
  copyCommand,
  entryCommand,
  entryCommands,
  type MealsOffline,
  mealIdFor,
  waterCommand,
} from './meals-offline.ts';
import { isMealsCommand, mealsWithQueued, thing, waterWithQueued } from './meals-queued.ts';
import { createSavedMeals } from './saved-meals.ts';
import {
  type EntryInput,
  type Food,
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
 *
 * Without a connection, or while earlier writes wait in the outbox, a write goes to the outbox
 * (`writeOffline`) and shows at once: what the store shows of the day is the server's answer
 * with the commands waiting applied on top, so a reload, a pushed change or a refresh keeps them
 * on screen until the server has them.
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

  /** The day as the server last gave it (an answer, with the changes pushed since): what waits shows on top. */
  const server = { meals: [] as Meal[], water: null as WaterDay | null };
  const writes = queuedWrites({
    mine: isMealsCommand,
    readAgain: () => Promise.all([day.refresh(), saved.refresh()]),
    show: () => {
      showDay();
      saved.showQueued();
    },
  });
  function showDay() {
    state.meals = mealsWithQueued(server.meals, state.date, writes.waiting);
    state.water = waterWithQueued(server.water, state.date, writes.waiting);
  }
  /** Where a write goes now: the outbox (offline, or behind what waits there), or null for the API. */
  const offline = () => writes.target() as MealsOffline | null;
  async function queue(to: MealsOffline, ...commands: NewCommand[]) {
    for (const command of commands) await writes.queue(to, command);
  }

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
      server.meals = meals.data;
      server.water = water;
      showDay();
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

  const saved = createSavedMeals(api, state.saved, writes);

  /** A meal pushed: kept when it is of the day shown; changes to a meal not held are another day's. */
  function patchMeal(notice: ChangeNotice) {
    const held = server.meals.find((meal) => meal.id === notice.id);
    if (notice.op === 'delete') {
      server.meals = server.meals.filter((meal) => meal.id !== notice.id);
    } else if (notice.document) {
      const meal = notice.document as Meal;
      if (meal.date !== state.date) return true;
      server.meals = [...server.meals.filter((other) => other.id !== meal.id), meal].sort(byMealType);
    } else if (held && notice.changes) {
      server.meals = server.meals.map((meal) => (meal === held ? applyChanges(held, notice.changes ?? []) : meal));
    }
    showDay();
    return true;
  }

  /** The day's water pushed (its id names the user and the day); the target is the profile's, not the day's. */
  function patchWater(notice: ChangeNotice) {
    if (notice.id !== `${notice.userId}:${state.date}`) return true;
    const water = server.water;
    if (!water) return false;
    if (notice.op === 'delete') server.water = { ...water, entries: [], total_ml: 0 };
    else if (notice.document) {
      const { entries, total_ml } = notice.document as Pick<WaterDay, 'entries' | 'total_ml'>;
      server.water = { ...water, entries, total_ml };
    } else if (notice.changes) server.water = applyChanges(water, notice.changes);
    showDay();
    return true;
  }

  const load = () => day.load();

  /** The meal of the day shown that an entry is in, and the entry, as shown. */
  function entryShown(mealId: string, entryId: string) {
    const meal = state.meals.find((held) => held.id === mealId);
    const entry = meal?.entries.find((held) => held.id === entryId);
    if (!meal || !entry) throw new Error('An entry changed is one the day shows');
    return { meal, entry };
  }

  /** A meal's entries copied offline into the meal of its type on `date`. */
  async function queueCopy(to: MealsOffline, source: Meal, path: string, date: string) {
    await queue(
      to,
      await copyCommand(
        to,
        {
          path,
          body: { date },
          label: to.labels.copyMeal(source.type, date),
          touches: [thing.meal(source.id)],
        },
        [{ date, type: source.type, entries: source.entries }],
      ),
    );
  }

  return {
    state,
    /**
     * Writes go to `to`'s outbox from now on when there is no connection (null: none, on
     * sign-out). Answers once what waits in it is read and shown.
     */
    writeOffline: (to: MealsOffline | null) => writes.follow(to),
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
    async addEntries(type: MealType, inputs: EntryInput[], foods: readonly Food[] = []) {
      const to = offline();
      if (to) {
        const date = state.date;
        const mealId = await mealIdFor(to.userId, date, type);
        // Open where the server has it, or an opening waits: not where the screen shows it only
        // because a queued copy or saved meal will fill it, which the server may refuse.
        const open =
          server.meals.some((meal) => meal.id === mealId) ||
          writes.waiting.some((command) => command.creates === thing.meal(mealId));
        await queue(to, ...(await entryCommands(to, { date, type, open }, inputs, foods)));
        return;
      }
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
      const to = offline();
      if (to) {
        const { meal, entry } = entryShown(mealId, entryId);
        await queue(to, entryCommand(to, meal, entry, change));
        return;
      }
      await api.patch(`/meals/${mealId}/entries/${entryId}`, change);
      await load();
    },
    async removeEntry(mealId: string, entryId: string) {
      const to = offline();
      if (to) {
        const { meal, entry } = entryShown(mealId, entryId);
        await queue(to, entryCommand(to, meal, entry));
        return;
      }
      await api.delete(`/meals/${mealId}/entries/${entryId}`);
      await load();
    },
    /** Logs water to the day shown; the new entry's id, to undo it by. */
    async logWater(ml: number) {
      const to = offline();
      if (to) {
        const { id, command } = await waterCommand(to, state.date, ml);
        await queue(to, command);
        return id;
      }
      const entry = await api.post<WaterEntry>(`/water/${state.date}`, { ml });
      await load();
      return entry.id;
    },
    async removeWater(entryId: string) {
      const to = offline();
      if (to) {
        const ml = state.water?.entries.find((entry) => entry.id === entryId)?.ml ?? 0;
        await queue(to, {
          method: 'DELETE',
          path: `/water/${state.date}/${entryId}`,
          label: to.labels.water(ml),
          touches: [thing.water(entryId)],
        });
        return;
      }
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
      const to = offline();
      const source = state.meals.find((meal) => meal.id === mealId);
      if (to && source) {
        await queueCopy(to, source, `/meals/${mealId}/copy`, date);
        return;
      }
      await api.post<Meal>(`/meals/${mealId}/copy`, { date });
      if (date === state.date) await load();
    },
    /** Copies the meal of `type` on `from` into the day shown; false when `from` had nothing in it. */
    async copyMealFrom(type: MealType, from: string) {
      const { data } = await api.get<{ data: Meal[] }>('/meals', { query: { date: from } });
      const source = data.find((meal) => meal.type === type && meal.entries.length > 0);
      if (!source) return false;
      const to = offline();
      if (to) {
        await queueCopy(to, source, `/meals/${source.id}/copy`, state.date);
        return true;
      }
      await api.post<Meal>(`/meals/${source.id}/copy`, { date: state.date });
      await load();
      return true;
    },
    /** Copies every meal of `from` into the same meals on `to`. */
    async copyDay(from: string, to: string) {
      const writing = offline();
      if (writing) {
        const day =
          from === state.date
            ? state.meals
            : (await api.get<{ data: Meal[] }>('/meals', { query: { date: from } })).data;
        const copies = day
          .filter((meal) => meal.entries.length > 0)
          .map((meal) => ({ date: to, type: meal.type, entries: meal.entries }));
        const request = {
          path: '/meals/copy-day',
          body: { from, to },
          label: writing.labels.copyDay(from, to),
          touches: [],
        };
        await queue(writing, await copyCommand(writing, request, copies));
        return;
      }
      await api.post('/meals/copy-day', { from, to });
      if (to === state.date) await load();
    },
    /** Keeps a meal under a name, to log again in one tap. */
    saveMeal: (mealId: string, name: string) =>
      saved.save(
        mealId,
        state.meals.find((meal) => meal.id === mealId),
        name,
      ),
    deleteSavedMeal: (id: string) => saved.remove(id),
    /** Logs a saved meal into the meal of `type` on the day shown. */
    async logSavedMeal(id: string, type: MealType) {
      const to = offline();
      const chosen = state.saved.items.find((meal) => meal.id === id);
      if (to && chosen) {
        const date = state.date;
        const request = {
          path: `/saved-meals/${id}/log`,
          body: { date, type },
          label: to.labels.entry(type, chosen.name),
          touches: [thing.savedMeal(id)],
        };
        await queue(to, await copyCommand(to, request, [{ date, type, entries: chosen.entries }]));
        return;
      }
      await api.post<Meal>(`/saved-meals/${id}/log`, { date: state.date, type });
      await load();
    },
    async applyChange(notice: ChangeNotice) {
      if (notice.model === 'meals') await day.follow(notice, patchMeal);
      else if (notice.model === 'water') await day.follow(notice, patchWater);
      else if (notice.model === 'saved_meals') await saved.follow(notice);
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
      // In place: the resources hold these objects as their status.
      Object.assign(state.recent, { type: null, items: [], failed: false });
      server.meals = [];
      server.water = null;
      writes.clear();
      state.meals = [];
      state.water = null;
      state.targets = null;
      state.loaded = false;
      state.date = localToday();
    },
  };
}

export type Meals = ReturnType<typeof createMeals>;
