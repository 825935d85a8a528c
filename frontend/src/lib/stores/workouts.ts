import type { PreviousSets, Template, Workout, WorkoutList, WorkoutSummary } from '@fitness/contracts';
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
import { onlineWrites } from './workouts-online-writes.ts';
import { type WorkoutsOffline, workoutsOutbox } from './workouts-outbox.ts';

export type { Previous } from './workouts-held.ts';
export type { WorkoutLabels, WorkoutsOffline } from './workouts-outbox.ts';

const PAGE_SIZE = 20;

/** What the set form sends: the body of POST .../sets as the app fills it, every value of a set given. */
export type SetInput = SetValuesShown;

/**
 * The user's workouts as the app knows them: the list's summaries, and whole workouts where a
 * screen showed one or a write answered with one. Actions call the API and put its answer in the
 * store (`workouts-online-writes.ts`); without a connection, or while earlier writes still wait, they go to the outbox instead
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
  const { put, drop } = outbox;
  const offline = offlineWrites(held, outbox);
  const online = onlineWrites(api, held, { put, drop, change });

  /** A write to the outbox (offline, or behind writes still waiting there), else to the API. */
  function write<T>(queued: (to: WorkoutsOffline) => Promise<T>, sent: () => Promise<T>) {
    const to = outbox.writing();
    return to ? queued(to) : sent();
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
    start: (input: StartInput) =>
      write(
        (to) => offline.start(to, input),
        () => online.start(input),
      ),
    /** Starts a workout with a template's exercises and plans. */
    startFromTemplate: (template: Template, date: string) =>
      write(
        (to) => offline.startFromTemplate(to, template, date),
        () => online.startFromTemplate(template, date),
      ),
    /** Saves the workout's exercises and sets as a personal template. */
    saveAsTemplate: (id: string, name: string) =>
      write(
        (to) => offline.saveAsTemplate(to, id, name),
        () => online.saveAsTemplate(id, name),
      ),
    async end(id: string) {
      await write(
        (to) => offline.end(to, id),
        () => online.end(id),
      );
      drafts.forget(id);
    },
    /** Changes the workout's name, note or day. */
    update: (id: string, body: WorkoutChanges) =>
      write(
        (to) => offline.update(to, id, body),
        () => online.update(id, body),
      ),
    async remove(id: string) {
      await write(
        (to) => offline.remove(to, id),
        () => online.remove(id),
      );
      drafts.forget(id);
    },
    addExercise: (workoutId: string, name: string, exerciseId: string | null = null) =>
      write(
        (to) => offline.addExercise(to, workoutId, name, exerciseId),
        () => online.addExercise(workoutId, name, exerciseId),
      ),
    /** Changes an exercise's name or note, or puts it in a superset (null: takes it out). */
    updateExercise: (workoutId: string, exerciseId: string, body: ExerciseChanges) =>
      write(
        (to) => offline.updateExercise(to, workoutId, exerciseId, body),
        () => online.updateExercise(workoutId, exerciseId, body),
      ),
    /** Moves an exercise to `position` among the workout's exercises (0 the first). */
    moveExercise: (workoutId: string, exerciseId: string, position: number) =>
      write(
        (to) => offline.moveExercise(to, workoutId, exerciseId, position),
        () => online.moveExercise(workoutId, exerciseId, position),
      ),
    removeExercise: (workoutId: string, exerciseId: string) =>
      write(
        (to) => offline.removeExercise(to, workoutId, exerciseId),
        () => online.removeExercise(workoutId, exerciseId),
      ),
    addSet: (workoutId: string, exerciseId: string, input: SetInput) =>
      write(
        (to) => offline.addSet(to, workoutId, exerciseId, input),
        () => online.addSet(workoutId, exerciseId, input),
      ),
    updateSet: (workoutId: string, exerciseId: string, setId: string, input: Partial<SetInput>) =>
      write(
        (to) => offline.updateSet(to, workoutId, exerciseId, setId, input),
        () => online.updateSet(workoutId, exerciseId, setId, input),
      ),
    removeSet: (workoutId: string, exerciseId: string, setId: string) =>
      write(
        (to) => offline.removeSet(to, workoutId, exerciseId, setId),
        () => online.removeSet(workoutId, exerciseId, setId),
      ),
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
