import type { ApiClient } from '../../lib/api-client.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';
import type { QueuedWrites } from '../../lib/offline/queued-writes.ts';
import { type MealsOffline, saveMealCommand } from './meals-offline.ts';
import { savedWithQueued, thing } from './meals-queued.ts';
import type { Meal, SavedMeal } from './types.ts';

/** What the add dialog shows of the saved meals. */
export type SavedMealsState = { items: SavedMeal[]; loaded: boolean; failed: boolean };

/**
 * The user's saved meals, newest first, while the add dialog shows them: the server's list with
 * the meals saved and deleted that wait in the outbox on top (`writes`, the meals store's), and
 * what another device saves or deletes, pushed, as it comes.
 */
export function createSavedMeals(api: ApiClient, state: SavedMealsState, writes: QueuedWrites) {
  /** The list as the server last gave it (an answer, with what was pushed or answered since). */
  let server: SavedMeal[] = [];
  const show = () => {
    state.items = savedWithQueued(server, writes.waiting);
  };

  const list = liveResource({
    what: 'saved meals',
    fetch: () => api.get<{ data: SavedMeal[] }>('/saved-meals'),
    take: ({ data }) => {
      server = data;
      show();
      state.loaded = true;
    },
    status: state,
  });

  const put = (meal: SavedMeal) => {
    server = [...server.filter((other) => other.id !== meal.id), meal];
    show();
  };
  const drop = (id: string) => {
    server = server.filter((meal) => meal.id !== id);
    show();
  };

  /** A saved meal pushed: the document (it is small) or its removal. */
  function patch(notice: ChangeNotice) {
    if (notice.op === 'delete') drop(notice.id);
    else if (notice.document) put(notice.document as SavedMeal);
    else return false;
    return true;
  }

  return {
    /** The list is on screen (loaded fresh the first time) until the returned function is called. */
    show: () => list.show(),
    /** Shows the list again with what waits now. */
    showQueued: show,
    /** Keeps `meal` (the one shown, when there is one) under a name, to log again in one tap. */
    async save(mealId: string, meal: Meal | undefined, name: string) {
      const to = writes.target() as MealsOffline | null;
      if (to && meal) {
        const { saved, command } = await saveMealCommand(to, meal, name);
        await writes.queue(to, command);
        const shown = state.items.find((held) => held.id === saved.id);
        if (!shown) throw new Error('A meal saved offline is shown at once');
        return shown;
      }
      const saved = await api.post<SavedMeal>('/saved-meals', { meal_id: mealId, name });
      list.apply(() => put(saved));
      return saved;
    },
    async remove(id: string) {
      const to = writes.target() as MealsOffline | null;
      if (to) {
        const name = state.items.find((meal) => meal.id === id)?.name ?? '';
        await writes.queue(to, {
          method: 'DELETE',
          path: `/saved-meals/${id}`,
          label: to.labels.deleteSavedMeal(name),
          touches: [thing.savedMeal(id)],
        });
        return;
      }
      await api.delete(`/saved-meals/${id}`);
      list.apply(() => drop(id));
    },
    follow: (notice: ChangeNotice) => list.follow(notice, patch),
    refresh: () => list.refresh(),
    clear() {
      list.clear();
      server = [];
      Object.assign(state, { items: [], loaded: false, failed: false });
    },
  };
}
