import type { SetType } from '@fitness/contracts/workouts/sets.ts';
import { proxy, subscribe } from 'valtio';
import { type KeyValueStorage, STORAGE_KEYS } from '../storage.ts';

/** What a row of the logger shows before it is logged, as typed (in the user's units). */
export type RowValues = {
  weight: string;
  reps: string;
  type: SetType;
  duration: string;
  distance: string;
  /** '' when not rated. */
  rpe: string;
};

/**
 * One exercise's rows not logged yet: how many rows it shows in all (logged ones included; unset
 * until "add set" is used) and what was typed into them, by the row's place in the exercise.
 */
export type ExerciseDrafts = { rows?: number; values: Record<string, Partial<RowValues>> };

type WorkoutDrafts = { touched: number; exercises: Record<string, ExerciseDrafts> };

/** Drafts of this many workouts are kept at most: the newest typed into (a user has one going). */
export const WORKOUTS_KEPT = 3;

/**
 * What the user typed into rows they have not logged yet, per workout, kept in the browser so a
 * reload finds every row as it was. Only this device's: a row becomes everyone's when logged
 * (then its draft is forgotten). Nothing here is sent anywhere.
 */
export function createSetDrafts(storage: KeyValueStorage, now: () => number = Date.now) {
  const state = proxy({ workouts: read(storage) });
  // Saved as each change is made: a reload right after typing finds it.
  subscribe(state, () => storage.setItem(STORAGE_KEYS.setDrafts, JSON.stringify(state.workouts)), true);

  function exercise(workoutId: string, exerciseId: string): ExerciseDrafts {
    let workout = state.workouts[workoutId];
    if (!workout) {
      workout = { touched: now(), exercises: {} };
      state.workouts[workoutId] = workout;
      const oldest = Object.entries(state.workouts)
        .sort(([, a], [, b]) => b.touched - a.touched)
        .slice(WORKOUTS_KEPT);
      for (const [id] of oldest) delete state.workouts[id];
    }
    workout.touched = now();
    let drafts = workout.exercises[exerciseId];
    if (!drafts) {
      drafts = { values: {} };
      workout.exercises[exerciseId] = drafts;
    }
    return drafts;
  }

  return {
    state,
    /** Keeps what was typed into row `index` (only the fields given). */
    edit(workoutId: string, exerciseId: string, index: number, values: Partial<RowValues>) {
      const drafts = exercise(workoutId, exerciseId);
      drafts.values[index] = { ...drafts.values[index], ...values };
    },
    /** One more row than the `shown` ones. */
    addRow(workoutId: string, exerciseId: string, shown: number) {
      exercise(workoutId, exerciseId).rows = shown + 1;
    },
    /** Row `index` was logged: what was typed into it is the set's now. */
    logged(workoutId: string, exerciseId: string, index: number) {
      const drafts = state.workouts[workoutId]?.exercises[exerciseId];
      if (drafts) delete drafts.values[index];
    },
    /** The workout is over (completed or deleted): its drafts go. */
    forget(workoutId: string) {
      delete state.workouts[workoutId];
    },
    clear() {
      state.workouts = {};
      storage.removeItem(STORAGE_KEYS.setDrafts);
    },
  };
}

export type SetDrafts = ReturnType<typeof createSetDrafts>;

/** The drafts stored; an unreadable entry (another version, edited by hand) is dropped. */
function read(storage: KeyValueStorage): Record<string, WorkoutDrafts> {
  const raw = storage.getItem(STORAGE_KEYS.setDrafts);
  if (!raw) return {};
  try {
    const stored = JSON.parse(raw);
    if (stored && typeof stored === 'object' && !Array.isArray(stored)) return stored;
  } catch (error) {
    console.error('Failed to read the sets typed but not logged', error);
  }
  return {};
}
