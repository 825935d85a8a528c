import type {
  PreviousSets,
  Workout,
  WorkoutExercise,
  WorkoutList,
  WorkoutSet,
  WorkoutSummary,
} from '@fitness/contracts';
import { CREATED } from '@fitness/contracts/created-ids.ts';
import { applyChanges } from '@fitness/contracts/document-changes.ts';
import type { SetValuesShown } from '@fitness/contracts/workouts/sets.ts';
import { summariseWorkout, WORKOUT_SUMMARIES_MODEL } from '@fitness/contracts/workouts/summaries.ts';
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { type ApiClient, ApiError } from '../api-client.ts';
import type { ChangeNotice } from '../live.ts';
import { type LiveResource, liveResource } from '../live-resource.ts';
import type { LastSeen } from '../offline/last-seen.ts';
import type { OfflineSync } from '../offline/offline-sync.ts';
import type { NewCommand, Outbox, QueuedCommand } from '../offline/outbox.ts';
import { predictedId } from '../offline/predicted-ids.ts';
import { type KeyValueStorage, memoryStorage } from '../storage.ts';
import { createSetDrafts } from './set-drafts.ts';
import { thing, touchesWorkout, withQueued } from './workouts-queued.ts';

const PAGE_SIZE = 20;

/** What the set form sends: the body of POST .../sets as the app fills it, every value of a set given. */
export type SetInput = SetValuesShown;

/** What an exercise of a workout was the last time it was done. */
export type Previous = PreviousSets['data'][number];

/**
 * The signed-in user's outbox, for writes made without a connection: the outbox itself (what
 * waits), the offline state and its `queue`, and the words a command is named by when the server
 * refuses it later ("Set 3 of Bench press").
 */
export type WorkoutsOffline = {
  userId: string;
  outbox: Pick<Outbox, 'waiting' | 'onChange'>;
  sync: Pick<OfflineSync, 'state' | 'queue'>;
  /** The workouts in progress as last seen, shown when the server cannot be reached. */
  lastSeen: Pick<LastSeen, 'keep' | 'forget' | 'workout'>;
  labels: {
    exercise(name: string): string;
    set(position: number, exercise: string): string;
    end(workout: string): string;
  };
};

/**
 * The user's workouts as the app knows them: the list's summaries, and whole workouts where a
 * screen showed one or a write answered with one. Actions call the API and put its answer in the
 * store. Changes pushed from other devices are applied to what a screen shows (the list's
 * summaries, a workout by itself) as they come, without asking the API; this tab's own writes
 * come back as notices too, which change nothing the answers did not. What is typed into the
 * logger's rows before they are logged is this device's alone: `drafts`, kept in `storage`.
 */
export function createWorkouts(api: ApiClient, storage: KeyValueStorage = memoryStorage()) {
  const drafts = createSetDrafts(storage);
  const state = proxy({
    /** Whole workouts, with their exercises and sets. */
    byId: {} as Record<string, Workout>,
    /** What the list shows of each listed workout (GET /workouts answers these). */
    summaries: {} as Record<string, WorkoutSummary>,
    /** Ids known not to exist (deleted, someone else's, never were). */
    missing: {} as Record<string, true>,
    /** Ids of the loaded list, newest first. */
    list: [] as string[],
    listLoaded: false,
    listError: false,
    total: 0,
    page: 0,
    lastPage: 1,
    /** Per workout, per exercise of it: the sets of the last time that exercise was done. */
    previous: {} as Record<string, Record<string, Previous>>,
  });

  /**
   * Written offline: the commands waiting in the outbox (this tab's and other tabs'), and the
   * workouts they change as the server last gave them. What the store shows of such a workout is
   * the server's with the waiting commands applied (`withQueued`), so a set logged offline stays
   * on screen through a reload of the workout until the server has it too.
   */
  let offline: WorkoutsOffline | null = null;
  let queued: QueuedCommand[] = [];
  const fromServer = new Map<string, Workout>();

  function put(workout: Workout) {
    offline?.lastSeen
      .keep(workout)
      .catch((error) => console.error('Keeping the workout for offline use failed', error));
    if (fromServer.has(workout.id) || touchesWorkout(queued, workout.id)) fromServer.set(workout.id, workout);
    const shown = withQueued(workout, queued);
    state.byId[workout.id] = shown;
    putSummary(summariseWorkout(shown));
  }

  /** Shows the workouts written offline again with what waits now; forgets the ones nothing waits for. */
  function showQueued() {
    for (const [id, workout] of fromServer) {
      change(id, () => put(workout));
      if (!touchesWorkout(queued, id)) fromServer.delete(id);
    }
  }

  let following = Promise.resolve();
  /**
   * The outbox changed: reads what waits. When commands left it (the server took them, or refused
   * them), what is on screen is read again first, so a set sent shows as the server has it before
   * its queued copy goes, and a set refused goes.
   */
  function followOutbox() {
    following = following
      .then(async () => {
        if (!offline) return;
        const waiting = await offline.outbox.waiting();
        const left = queued.some((command) => !waiting.some((still) => still.seq === command.seq));
        if (left) await refreshShown().catch(() => undefined);
        queued = waiting;
        showQueued();
      })
      .catch((error) => console.error('Reading the offline changes failed', error));
    return following;
  }

  /** Whether a write goes to the outbox: offline, or while earlier writes wait there (order holds). */
  function writesOffline(): WorkoutsOffline | null {
    if (!offline) return null;
    return !offline.sync.state.online || offline.sync.state.waiting > 0 || queued.length > 0 ? offline : null;
  }

  /** Queues a write of `workoutId` and shows it at once; answers the id of what it creates. */
  async function queue(
    to: WorkoutsOffline,
    workoutId: string,
    command: Omit<NewCommand, 'key'>,
    creates?: typeof CREATED.workoutExercise | typeof CREATED.set,
  ) {
    const key = crypto.randomUUID();
    const held = fromServer.get(workoutId) ?? state.byId[workoutId];
    if (held && !fromServer.has(workoutId)) fromServer.set(workoutId, JSON.parse(JSON.stringify(held)) as Workout);
    const id = creates ? await predictedId(to.userId, key, creates) : null;
    const named = id ? (creates === CREATED.set ? thing.set(id) : thing.exercise(id)) : undefined;
    const stored = await to.sync.queue({ ...command, key, ...(named && { creates: named }) });
    if (!queued.some((command) => command.seq === stored.seq)) queued = [...queued, stored];
    showQueued();
    return id;
  }

  function exerciseOf(workoutId: string, exerciseId: string) {
    return state.byId[workoutId]?.exercises.find((e) => e.id === exerciseId);
  }

  /** The words a set is named by: "Set 3 of Bench press". */
  function setLabel(to: WorkoutsOffline, workoutId: string, exerciseId: string, setId: string | null) {
    const exercise = exerciseOf(workoutId, exerciseId);
    const index = setId ? (exercise?.sets.findIndex((s) => s.id === setId) ?? -1) : -1;
    const position = index >= 0 ? index + 1 : (exercise?.sets.length ?? 0) + 1;
    return to.labels.set(position, exercise?.name ?? '');
  }

  function putSummary(summary: WorkoutSummary) {
    state.summaries[summary.id] = summary;
    delete state.missing[summary.id];
    if (!state.list.includes(summary.id)) {
      state.list.push(summary.id);
      state.total += 1;
    }
    sortList();
  }

  function drop(id: string) {
    offline?.lastSeen.forget(id).catch((error) => console.error('Forgetting the workout kept offline failed', error));
    fromServer.delete(id);
    delete state.byId[id];
    delete state.summaries[id];
    state.missing[id] = true;
    const index = state.list.indexOf(id);
    if (index >= 0) {
      state.list.splice(index, 1);
      state.total = Math.max(0, state.total - 1);
    }
  }

  /** Newest day first, then newest start first: the order the API lists in. */
  function sortList() {
    state.list.sort((a, b) => {
      const x = state.summaries[a];
      const y = state.summaries[b];
      if (!x || !y) return 0;
      return y.date.localeCompare(x.date) || y.created_at.localeCompare(x.created_at);
    });
  }

  function replaceSet(workoutId: string, exerciseId: string, set: WorkoutSet) {
    const exercise = state.byId[workoutId]?.exercises.find((e) => e.id === exerciseId);
    if (!exercise) return;
    const index = exercise.sets.findIndex((s) => s.id === set.id);
    if (index >= 0) exercise.sets[index] = set;
    else exercise.sets.push(set);
  }

  async function loadPage(page: number) {
    takePage(page, await api.get<WorkoutList>('/workouts', { query: { page, per_page: PAGE_SIZE } }));
  }

  function takePage(page: number, result: WorkoutList) {
    for (const summary of result.data) putSummary(summary);
    state.page = page;
    state.lastPage = result.meta.last_page;
    state.total = result.meta.total;
    state.listLoaded = true;
  }

  /** The list's first page, while a screen shows the list; its summaries follow their pushed changes. */
  const list = liveResource({
    what: 'the workouts',
    fetch: () => api.get<WorkoutList>('/workouts', { query: { page: 1, per_page: PAGE_SIZE } }),
    take: (result) => takePage(1, result),
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

  let stopFollowing: () => void = () => undefined;
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
          const seen = unreachable ? await offline?.lastSeen.workout(id) : null;
          if (seen) return seen;
          if (unreachable && !offline) unreadOffline.add(id);
          throw error;
        }
      },
      take: (workout) => (workout ? put(workout) : drop(id)),
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
    const held = fromServer.get(notice.id) ?? state.byId[notice.id];
    if (!held || !notice.changes) return false;
    put(applyChanges(held, notice.changes));
    return true;
  }

  /**
   * A pushed change to a summary. One the store does not hold is of a workout on a page not
   * loaded: there is nothing to show, so nothing to read either.
   */
  function patchSummary(notice: ChangeNotice) {
    if (notice.op === 'delete') drop(notice.id);
    else if (notice.document) putSummary(notice.document as WorkoutSummary);
    else {
      const held = state.summaries[notice.id];
      if (held && notice.changes) putSummary(applyChanges(held, notice.changes));
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
      stopFollowing();
      offline = to;
      queued = [];
      stopFollowing = to ? to.outbox.onChange(() => void followOutbox()) : () => undefined;
      // A workout that found no network before the outbox opened (at startup) may show now as last seen.
      const unread = to ? [...unreadOffline].flatMap((id) => shownWorkouts.get(id) ?? []) : [];
      unreadOffline.clear();
      return followOutbox().then(() => Promise.all(unread.map((workout) => workout.reload().catch(() => undefined))));
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
    loadFirstPage: () => list.load(),
    loadNextPage: () => loadPage(state.page + 1),
    async start(input: { name: string; date: string; notes?: string | null }) {
      const workout = await api.post<Workout>('/workouts', input);
      put(workout);
      return workout;
    },
    /** Starts a workout with a template's exercises and plans. */
    async startFromTemplate(templateId: string, date: string) {
      const workout = await api.post<Workout>(`/templates/${templateId}/start`, { date });
      put(workout);
      return workout;
    },
    /** Saves the workout's exercises and sets as a personal template. */
    async saveAsTemplate(id: string, name: string) {
      await api.post(`/workouts/${id}/template`, { name });
    },
    async end(id: string) {
      const to = writesOffline();
      if (to) {
        await queue(to, id, {
          method: 'PATCH',
          path: `/workouts/${id}`,
          body: { status: 'completed' },
          label: to.labels.end(state.byId[id]?.name ?? ''),
          touches: [thing.workout(id)],
        });
        drafts.forget(id);
        return;
      }
      const workout = await api.patch<Workout>(`/workouts/${id}`, { status: 'completed' });
      change(id, () => put(workout));
      drafts.forget(id);
    },
    /** Changes the workout's name, note or day. */
    async update(id: string, body: { name?: string; notes?: string | null; date?: string }) {
      const workout = await api.patch<Workout>(`/workouts/${id}`, body);
      change(id, () => put(workout));
    },
    async remove(id: string) {
      await api.delete(`/workouts/${id}`);
      change(id, () => drop(id));
      drafts.forget(id);
    },
    async addExercise(workoutId: string, name: string, exerciseId: string | null = null) {
      const to = writesOffline();
      if (to) {
        const id = await queue(
          to,
          workoutId,
          {
            method: 'POST',
            path: `/workouts/${workoutId}/exercises`,
            body: { name, exercise_id: exerciseId },
            label: to.labels.exercise(name),
            touches: [thing.workout(workoutId)],
          },
          CREATED.workoutExercise,
        );
        const added = state.byId[workoutId]?.exercises.find((e) => e.id === id);
        if (!added) throw new Error('An exercise queued offline is shown at once');
        return added;
      }
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
    async updateExercise(
      workoutId: string,
      exerciseId: string,
      body: { name?: string; notes?: string | null; superset?: string | null },
    ) {
      const exercise = await api.patch<WorkoutExercise>(`/workouts/${workoutId}/exercises/${exerciseId}`, body);
      change(workoutId, () => {
        const workout = state.byId[workoutId];
        const index = workout?.exercises.findIndex((e) => e.id === exerciseId) ?? -1;
        if (workout && index >= 0) workout.exercises[index] = exercise;
      });
      return exercise;
    },
    /** Moves an exercise to `position` among the workout's exercises (0 the first). */
    async moveExercise(workoutId: string, exerciseId: string, position: number) {
      const exercise = await api.patch<WorkoutExercise>(`/workouts/${workoutId}/exercises/${exerciseId}`, { position });
      change(workoutId, () => {
        const workout = state.byId[workoutId];
        if (!workout) return;
        const others = workout.exercises.filter((e) => e.id !== exerciseId);
        workout.exercises = [...others.slice(0, position), exercise, ...others.slice(position)];
      });
    },
    async removeExercise(workoutId: string, exerciseId: string) {
      await api.delete(`/workouts/${workoutId}/exercises/${exerciseId}`);
      change(workoutId, () => {
        const workout = state.byId[workoutId];
        if (workout) workout.exercises = workout.exercises.filter((e) => e.id !== exerciseId);
      });
    },
    async addSet(workoutId: string, exerciseId: string, input: SetInput) {
      const to = writesOffline();
      if (to) {
        const id = await queue(
          to,
          workoutId,
          {
            method: 'POST',
            path: `/workouts/${workoutId}/exercises/${exerciseId}/sets`,
            body: input,
            label: setLabel(to, workoutId, exerciseId, null),
            touches: [thing.workout(workoutId), thing.exercise(exerciseId)],
          },
          CREATED.set,
        );
        const logged = exerciseOf(workoutId, exerciseId)?.sets.find((s) => s.id === id);
        if (!logged) throw new Error('A set queued offline is shown at once');
        return logged;
      }
      const set = await inTurn(workoutId, () =>
        api.post<WorkoutSet>(`/workouts/${workoutId}/exercises/${exerciseId}/sets`, input),
      );
      change(workoutId, () => replaceSet(workoutId, exerciseId, set));
      return set;
    },
    async updateSet(workoutId: string, exerciseId: string, setId: string, input: Partial<SetInput>) {
      const to = writesOffline();
      if (to) {
        await queue(to, workoutId, {
          method: 'PATCH',
          path: `/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`,
          body: input,
          label: setLabel(to, workoutId, exerciseId, setId),
          touches: [thing.workout(workoutId), thing.exercise(exerciseId), thing.set(setId)],
        });
        return;
      }
      const set = await api.patch<WorkoutSet>(`/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`, input);
      change(workoutId, () => replaceSet(workoutId, exerciseId, set));
    },
    async removeSet(workoutId: string, exerciseId: string, setId: string) {
      const to = writesOffline();
      if (to) {
        await queue(to, workoutId, {
          method: 'DELETE',
          path: `/workouts/${workoutId}/exercises/${exerciseId}/sets/${setId}`,
          label: setLabel(to, workoutId, exerciseId, setId),
          touches: [thing.workout(workoutId), thing.exercise(exerciseId), thing.set(setId)],
        });
        return;
      }
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
      state.byId = {};
      state.summaries = {};
      state.missing = {};
      state.list = [];
      state.listLoaded = false;
      state.total = 0;
      state.page = 0;
      state.previous = {};
      fromServer.clear();
      unreadOffline.clear();
      queued = [];
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
