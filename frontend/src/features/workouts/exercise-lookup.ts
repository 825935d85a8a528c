import type { Equipment, Exercise } from '@fitness/contracts';
import { proxy } from 'valtio';
import { type ApiClient, ApiError } from '../../lib/api-client.ts';
import { liveResource } from '../../lib/live-resource.ts';

/** Equipment whose sets have a weight: an empty weight there is asked about, not taken for bodyweight. */
const LOADED: ReadonlySet<Equipment> = new Set(['barbell', 'dumbbells', 'machines', 'cables']);

/**
 * Whether an exercise's sets need a weight: null is an exercise of no known equipment (named by
 * the user, or gone from the library), not asked about; undefined is a library exercise whose
 * equipment is still being looked up, asked about rather than logged as bodyweight meanwhile.
 */
export const needsWeight = (equipment: Equipment | null | undefined) =>
  equipment === undefined || (equipment !== null && LOADED.has(equipment));

/**
 * The library as the workout logger needs it: what each exercise is measured in and lifted with,
 * and the exercises whose names match what the user types.
 */
export function createExerciseLookup(api: ApiClient) {
  const state = proxy({
    /** What each exercise looked up so far is measured in. */
    units: {} as Record<string, Exercise['unit']>,
    /** What each exercise looked up so far is done with (null: gone from the library). */
    equipment: {} as Record<string, Equipment | null>,
    suggestions: { results: [] as Exercise[], failed: false },
  });
  let typedName = '';
  const suggestions = liveResource({
    what: 'exercise suggestions',
    fetch: () => api.get<{ data: Exercise[] }>('/exercises', { query: { search: typedName, per_page: 8 } }),
    take: ({ data }) => {
      state.suggestions.results = data;
    },
    status: state.suggestions,
  });

  return {
    state,
    /** Looks up what these exercises are measured in (reps, time, distance) and done with, once each. */
    async loadUnits(ids: string[]) {
      const missing = [...new Set(ids)].filter((id) => !(id in state.units));
      await Promise.all(
        missing.map(async (id) => {
          try {
            const exercise = await api.get<Exercise>(`/exercises/${id}`);
            state.units[id] = exercise.unit;
            state.equipment[id] = exercise.equipment;
          } catch (error) {
            // Deleted from the library: its sets are logged as plain sets from now on.
            if (error instanceof ApiError && error.status === 404) {
              state.units[id] = 'reps';
              state.equipment[id] = null;
            } else console.error('Failed to look up an exercise', error);
          }
        }),
      );
    },
    /** Suggests library exercises for a typed name (none under two letters); the newest search wins. */
    suggest(typed: string) {
      typedName = typed.trim();
      if (typedName.length < 2) {
        suggestions.clear();
        state.suggestions.results = [];
        return Promise.resolve();
      }
      return suggestions.load();
    },
    /**
     * The library exercise with exactly this name (case-insensitive), so a name typed in full is
     * linked to the library even before the suggestions arrived; null for a name of one's own.
     */
    async findByName(name: string): Promise<Exercise | null> {
      const same = (exercise: Exercise) => exercise.name.toLowerCase() === name.toLowerCase();
      const known = state.suggestions.results.find(same);
      if (known) return known;
      try {
        const { data } = await api.get<{ data: Exercise[] }>('/exercises', { query: { search: name, per_page: 10 } });
        return data.find(same) ?? null;
      } catch (error) {
        // No connection: the exercise is added by its name alone (as one not in the library is),
        // so the logger goes on writing offline.
        if (error instanceof ApiError && error.status === null) return null;
        throw error;
      }
    },
    clear() {
      suggestions.clear();
      state.units = {};
      state.equipment = {};
      state.suggestions.results = [];
    },
  };
}

export type ExerciseLookup = ReturnType<typeof createExerciseLookup>;
