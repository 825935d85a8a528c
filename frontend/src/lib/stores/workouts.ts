import type {
  PreviousSets,
  Template,
  Workout,
  WorkoutExercise,
  WorkoutList,
  WorkoutSet,
  WorkoutSummary,
} from '@fitness/contracts';
import { applyChanges } from '@fitness/contracts/document-changes.ts';
import type { SetValuesShown } from '@fitness/contracts/workouts/sets.ts';
import { summariseWorkout, WORKOUT_SUMMARIES_MODEL } from '@fitness/contracts/workouts/summaries.ts';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { type ApiClient, ApiError } from '../api-client.ts';
import type { ChangeNotice } from '../live.ts';
import { type LiveResource, liveResource } from '../live-resource.ts';
import { type KeyValueStorage, memoryStorage } from '../storage.ts';
import { createSetDrafts } from './set-drafts.ts';
import { heldWorkouts } from './workouts-held.ts';
import {
  type ExerciseChanges,
  offlineWrites,
  type StartInput,
  type WorkoutChanges,
} from './workouts-offline-writes.ts';
import { type WorkoutsOffline, workoutsOutbox } from './workouts-outbox.ts';

export type { Previous } from './workouts-held.ts';
export type { WorkoutLabels, WorkoutsOffline } from './workouts-outbox.ts';

const PAGE_SIZE = 20;

/** What the set form sends: the body of POST .../sets as the app fills it, every value of a set given. */
export type SetInput = SetValuesShown;

/**
 * The user's workouts as the app knows them: the list's summaries, and whole workouts where a
 * screen showed one or a write answered with one. Actions call the API and put its answer in the
 * store; without a connection, or while earlier writes still wait, they go to the outbox instead
 * and show at once (`workouts-offline-writes.ts`). Changes pushed from other devices are applied
 * to what a screen shows (the list's summaries, a workout by itself) as they come, without asking
 * the API; this tab's own writes come back as notices too, which change nothing the answers did
 * not. What is typed into the logger's rows before they are logged is this device's alone:
 * `drafts`, kept in `storage`.
 */
export function createWorkouts(api: ApiClient, storage: KeyValueStorage = memoryStorage()) {
  const drafts = createSetDrafts(storage);
  const held = heldWorkouts();
  const { state } = held;
  const outbox = workoutsOutbox(held, {
    api,
    change,
    refreshShown,
    isShown: (id) => shownWorkouts.get(id)?.shown === true,
  });
  const offline = offlineWrites(held, outbox);
  const { put, drop } = outbox;

  function replaceSet(workoutId: string, exerciseId: string, set: WorkoutSet) {
    const exercise = state.byId[workoutId]?.exercises.find((e) => e.id === exerciseId);
    if (!exercise) return;
    const index = exercise.sets.findIndex((s) => s.id === set.id);
    if (index >= 0) exercise.sets[index] = set;
    else exercise.sets.push(set);
  }

  async function loadPage(page: number) {
    held.takePage(page, await api.get<WorkoutList>('/workouts', { query: { page, per_page: PAGE_SIZE } }));
  }

  /** The list's first page, while a screen shows the list; its summaries follow their pushed changes. */
  const list = liveResource({
    what: 'the workouts',
    fetch: () => api.get<WorkoutList>('/workouts', { query: { page: 1, per_page: PAGE_SIZE } }),
    take: (result) => held.takePage(1, result),
    status: {
      get failed() {
        return state.listError;
      },
      set failed(failed) {
        state.listError = failed;
      },
    },
    answered: api.isOwnWrite,
  });

  /**
   * Sets are sent one after the other, each workout's in the order they were logged: two rows
   * ticked off in quick succession stay in that order, whichever request would have come first.
   */
  const setQueues = new Map<string, Promise<unknown>>();
  function inTurn<T>(workoutId: string, send: () => Promise<T>): Promise<T> {
    const sent = (setQueues.get(workoutId) ?? Promise.resolve()).then(send, send);
    const turn = sent.catch(() => undefined);
    setQueues.set(workoutId, turn);
    void turn.then(() => {
      if (setQueues.get(workoutId) === turn) setQueues.delete(workoutId);
    });
    return sent;
  }

  /** Workouts whose load found no network before there was a copy last seen to show. */
  const unreadOffline = new Set<string>();

  /** Each workout a screen shows by itself, kept live while one does. */
  const shownWorkouts = new Map<string, LiveResource>();

  function workoutResource(id: string) {
    return liveResource({
      what: 'the workout',
      fetch: async () => {
        try {
          return await api.get<Workout>(`/workouts/${id}`);
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          // No connection (a reload in the basement): the copy last seen, with what waits on top.
          const unreachable = error instanceof ApiError && error.status === null;
          const seen = unreachable ? await outbox.lastSeen(id) : null;
          if (seen) return seen;
          // Started offline: shown as its queued start predicts it.
          if (unreachable && outbox.startQueued(id)) return null;
          if (unreachable && !outbox.opened()) unreadOffline.add(id);
          throw error;
        }
      },
      take: (workout) => (workout ? put(workout) : outbox.absent(id)),
      // Every write to a workout answers with what it changed, which goes into the store.
      answered: api.isOwnWrite,
    });
  }

  /** A change to a workout: through its resource while shown (a load under way takes it in too). */
  function change(id: string, update: () => void) {
    const shown = shownWorkouts.get(id);
    if (shown) shown.apply(update);
    else update();
  }

  /** A pushed change to a whole workout: its document, or its changes applied to the copy held. */
  function patchWorkout(notice: ChangeNotice) {
    if (notice.document) {
      put(notice.document as Workout);
      return true;
    }
    // The server's copy: the change is to that, not to what waits on top of it.
    const copy = outbox.serverCopy(notice.id);
    if (!copy || !notice.changes) return false;
    put(applyChanges(copy, notice.changes));
    return true;
  }

  /**
   * A pushed change to a summary. One the store does not hold is of a workout on a page not
   * loaded: there is nothing to show, so nothing to read either.
   */
  function patchSummary(notice: ChangeNotice) {
    if (notice.op === 'delete') drop(notice.id);
    else if (notice.document) held.putSummary(notice.document as WorkoutSummary);
    else {
      const summary = state.summaries[notice.id];
      if (summary && notice.changes) held.putSummary(applyChanges(summary, notice.changes));
    }
    return true;
  }

  /** Reloads what is on screen: the list's first page and each workout shown by itself. */
  async function refreshShown() {
    await Promise.all([list.refresh(), ...[...shownWorkouts.values()].map((workout) => workout.refresh())]);
  }

  /** A change of an exercise as the server answered it, in its place. */
  function replaceExercise(workoutId: string, exercise: WorkoutExercise) {
    change(workoutId, () => {
      const workout = state.byId[workoutId];
      const index = workout?.exercises.findIndex((e) => e.id === exercise.id) ?? -1;
      if (workout && index >= 0) workout.exercises[index] = exercise;
    });
  }

  return {
    state,
    drafts,
    /**
     * Writes go to `to`'s outbox from now on when there is no connection (null: none, on sign-out).
     * Answers once what waits in it is read and shown.
     */
    writeOffline(to: WorkoutsOffline | null) {
      // A workout that found no network before the outbox opened (at startup) may show now as last seen.
      const unread = to ? [...unreadOffline].flatMap((id) => shownWorkouts.get(id) ?? []) : [];
      unreadOffline.clear();
      return outbox.open(to).then(() => Promise.all(unread.map((workout) => workout.reload().catch(() => undefined))));
    },
    /** The list is on screen (loaded fresh the first time) until the returned function is called. */
    showList: () => list.show(),
    /** A workout is on screen (loaded fresh the first time) until the returned function is called. */
    showWorkout(id: string) {
      const resource = shownWorkouts.get(id) ?? workoutResource(id);
      shownWorkouts.set(id, resource);
      const hide = resource.show();
      return () => {
        hide();
        if (!resource.shown && shownWorkouts.get(id) === resource) shownWorkouts.delete(id);
      };
    },
    /** Whether a screen of this tab shows this workout by itself (its records then show on its rows). */
    showing: (id: string) => shownWorkouts.get(id)?.shown === true,
    /**
     * The workout in progress as this tab shows it, with what waits in the outbox: the server's
     * (`server`; undefined when it could not be asked: then any this tab shows), or one started
     * offline; null when there is none, or the server's was ended or deleted offline.
     */
    inProgress(server?: WorkoutSummary | null): WorkoutSummary | null {
      const ids = server === undefined ? state.list : [...(server ? [server.id] : []), ...outbox.started()];
      for (const id of ids) {
        const shown =
          id === server?.id && !outbox.waitsFor(id) ? server : latestSummary(state.summaries[id], state.byId[id]);
        if (shown?.status === 'in_progress') return shown;
      }
      return null;
    },
    loadFirstPage: () => list.load(),
    loadNextPage: () => loadPage(state.page + 1),
    async start(input: StartInput) {
      const to = outbox.writing();
      if (to) return offline.start(to, input);
      const workout = await api.post<Workout>('/workouts', input);
      put(workout);
      return workout;
    },
    /** Starts a workout with a template's exercises and plans. */
    async startFromTemplate(template: Template, date: string) {
      const to = outbox.writing();
      if (to) return offline.startFromTemplate(to, template, date);
      const workout = await api.post<Workout>(`/templates/${template.id}/start`, { date });
      put(workout);
      return workout;
    },
    /** Saves the workout's exercises and sets as a personal template. */
    async saveAsTemplate(id: string, name: string) {
      const to = outbox.writing();
      if (to) return offline.saveAsTemplate(to, id, name);
      await api.post(`/workouts/${id}/template`, { name });
    },
    async end(id: string) {
      const to = outbox.writing();
      if (to) await offline.end(to, id);
      else {
        const workout = await api.patch<Workout>(`/workouts/${id}`, { status: 'completed' });
        change(id, () => put(workout));
      }
      drafts.forget(id);
    },
    /** Changes the workout's name, note or day. */
    async update(id: string, body: WorkoutChanges) {
      const to = outbox.writing();
      if (to) return offline.update(to, id, body);
      const workout = await api.patch<Workout>(`/workouts/${id}`, body);
      change(id, () => put(workout));
    },
    async remove(id: string) {
      const to = outbox.writing();
      if (to) await offline.remove(to, id);
      else {
        await api.delete(`/workouts/${id}`);
        change(id, () => drop(id));
      }
      drafts.forget(id);
    },
    async addExercise(workoutId: string, name: string, exerciseId: string | null = null) {
      const to = outbox.writing();
      if (to) return offline.addExercise(to, workoutId, name, exerciseId);
      const exercise = await api.post<WorkoutExercise>(`/workouts/${workoutId}/exercises`, {
        name,
        exercise_id: exerciseId,
      });
      change(workoutId, () => {
        const workout = state.byId[workoutId];
        if (workout && !workout.exercises.some((e) => e.id === exercise.id)) workout.exercises.push(exercise);
      });
      return exercise;
    },
    /** Changes an exercise's name or note, or puts it in a superset (null: takes it out). */
    async updateExercise(workoutId: string, exerciseId: string, body: ExerciseChanges) {
      const to = outbox.writing();
      if (to) return offline.updateExercise(to, workoutId, exerciseId, body);
      const exercise = await api.patch<WorkoutExercise>(`/workouts/${workoutId}/exercises/${exerciseId}`, body);
      replaceExercise(workoutId, exercise);
      return exercise;
    },
    /** Moves an exercise to `position` among the workout's exercises (0 the first). */
    async moveExercise(workoutId: string, exerciseId: string, position: number) {
      const to = outbox.writing();
      if (to) return offline.moveExercise(to, workoutId, exerciseId, position);
      const exercise = await api.patch<WorkoutExercise>(`/workouts/${workoutId}/exercises/${exerciseId}`, { position });
      change(workoutId, () => {
        const workout = state.byId[workoutId];
        if (!workout) return;
        const others = workout.exercises.filter((e) => e.id !== exerciseId);
        workout.exercises = [...others.slice(0, position), exercise, ...others.slice(position)];
      });
    },
    async removeExercise(workoutId: string, exerciseId: string) {
      const to = outbox.writing();
      if (to) return offline.removeExercise(to, workoutId, exerciseId);
      await api.delete(`/workouts/${workoutId}/exercises/${exerciseId}`);
      change(workoutId, () => {
        const workout = state.byId[workoutId];
        if (workout) workout.exercises = workout.exercises.filter((e) => e.id !== exerciseId);
      });
    },
    async addSet(workoutId: string, exerciseId: string, input: SetInput) {
      const to = outbox.writing();
      if (to) return offline.addSet(to, workoutId, exerciseId, input);
      const set = await inTurn(workoutId, () =>
        api.post<WorkoutSet>(`/workouts/${workoutId}/exercises/${exerciseId}/sets`, input),
      );
      change(workoutId, () => replaceSet(workoutId, exerciseId, set));
      return set;
    },
    async updateSet(workoutId: string, exerciseId: string, setId: string, input: Partial<SetInput>) {
      const to = outbox.writing();
      if (to) return offline.updateSet(to, workoutId, exerciseId, setId, input);
      const set = await api.patch<WorkoutSet>(`/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`, input);
      change(workoutId, () => replaceSet(workoutId, exerciseId, set));
    },
    async removeSet(workoutId: string, exerciseId: string, setId: string) {
      const to = outbox.writing();
      if (to) return offline.removeSet(to, workoutId, exerciseId, setId);
      await api.delete(`/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`);
      change(workoutId, () => {
        const exercise = state.byId[workoutId]?.exercises.find((e) => e.id === exerciseId);
        if (exercise) exercise.sets = exercise.sets.filter((s) => s.id !== setId);
      });
    },
    /** What each exercise of the workout was the last time it was done. */
    async loadPrevious(id: string) {
      const { data } = await api.get<PreviousSets>(`/workouts/${id}/previous`);
      state.previous[id] = Object.fromEntries(data.map((entry) => [entry.workout_exercise_id, entry]));
    },
    /**
     * A pushed change, applied as it comes, with no request: a set logged on another device
     * reaches the workout shown (`workouts`) and the list (`workout_summaries`) as the change
     * itself, a new workout as its document. A notice without either (a server from before they
     * carried them) reads again what is shown. A deleted workout is forgotten at once; what no
     * screen shows is let pass, and loads fresh when one does.
     */
    async applyChange(notice: ChangeNotice) {
      if (notice.model === 'workouts') {
        if (notice.op === 'delete') change(notice.id, () => drop(notice.id));
        else await shownWorkouts.get(notice.id)?.follow(notice, patchWorkout);
      } else if (notice.model === WORKOUT_SUMMARIES_MODEL) {
        await list.follow(notice, patchSummary);
      }
    },
    /** After the live channel was down: reload what is on screen. */
    refresh: refreshShown,
    clear() {
      list.clear();
      for (const workout of shownWorkouts.values()) workout.clear();
      held.clear();
      outbox.clear();
      unreadOffline.clear();
      drafts.clear();
    },
  };
}

export type Workouts = ReturnType<typeof createWorkouts>;

/** The user's workouts from the store, shown (and so kept current) while the caller is mounted. */
export function useWorkoutList(workouts: Workouts) {
  const snapshot = useSnapshot(workouts.state);
  useEffect(() => workouts.showList(), [workouts]);
  const list = snapshot.list
    .map((id) => latestSummary(snapshot.summaries[id], snapshot.byId[id] as Workout | undefined))
    .filter((summary) => summary !== undefined);
  return {
    workouts: list,
    loaded: snapshot.listLoaded,
    failed: snapshot.listError,
    hasMore: snapshot.page < snapshot.lastPage,
    current: list.find((workout) => workout.status === 'in_progress') ?? null,
  };
}

/**
 * What the list shows of a workout: its summary, or the whole workout's when that is as new or
 * newer (this tab's own sets and exercises change only the whole workout it holds).
 */
function latestSummary(summary: WorkoutSummary | undefined, workout: Workout | undefined) {
  if (workout && (!summary || workout.updated_at >= summary.updated_at)) return summariseWorkout(workout);
  return summary;
}
