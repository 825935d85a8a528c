import type { Workout } from '@fitness/contracts';
import { CREATED, type Created } from '@fitness/contracts/created-ids.ts';
import { type ApiClient, ApiError } from '../api-client.ts';
import type { LastSeen } from '../offline/last-seen.ts';
import type { OfflineSync } from '../offline/offline-sync.ts';
import type { NewCommand, Outbox } from '../offline/outbox.ts';
import { predictedId } from '../offline/predicted-ids.ts';
import { queuedWrites } from '../offline/queued-writes.ts';
import type { HeldWorkouts } from './workouts-held.ts';
import { thing, touchesWorkout, withQueued, workoutsStarted } from './workouts-queued.ts';

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
  labels: WorkoutLabels;
};

/** The words each write of the logger is named by in the not-kept list ("Set 3 of Bench press"). */
export type WorkoutLabels = {
  start(workout: string): string;
  change(workout: string): string;
  note(of: string): string;
  end(workout: string): string;
  delete(workout: string): string;
  template(workout: string): string;
  exercise(name: string): string;
  move(exercise: string): string;
  superset(exercise: string): string;
  removeExercise(exercise: string): string;
  set(position: number, exercise: string): string;
};

/** A write to queue; `key` when the caller needed it first (to predict what it creates). */
export type WorkoutCommand = Omit<NewCommand, 'key'> & { key?: string };

/**
 * The workouts store's side of the outbox: what the store shows of a workout with commands
 * waiting is the server's copy with them applied (`withQueued`), so a set logged offline stays on
 * screen through a reload of the workout or a pushed change until the server has it too; a
 * workout started offline shows as its queued start predicts it until the server has it. Every
 * copy of a workout the server gives goes through `put`, every workout found gone through `drop`.
 * `change` routes a change of a workout through its resource while a screen shows it;
 * `refreshShown` reads again what is on screen; `isShown` tells whether a screen shows a workout.
 */
export function workoutsOutbox(
  held: HeldWorkouts,
  options: {
    api: ApiClient;
    change: (id: string, update: () => void) => void;
    refreshShown: () => Promise<void>;
    isShown: (id: string) => boolean;
  },
) {
  const { api, change, refreshShown, isShown } = options;
  let offline: WorkoutsOffline | null = null;
  /**
   * The workouts' commands waiting in the outbox, this tab's and other tabs'. When some left it
   * (the server took them, or refused them), what is on screen is read again before their queued
   * copies go, so a set sent shows as the server has it and a set refused goes.
   */
  const writes = queuedWrites({
    mine: (command) => command.touches.some((name) => name.startsWith(thing.workout(''))),
    readAgain,
    show: showQueued,
  });
  const queued = () => writes.waiting;
  /** The workouts those commands change, as the server last gave them. */
  const fromServer = new Map<string, Workout>();
  /** Workouts shown as a queued start predicts them: the server has none of them yet. */
  const predicted = new Set<string>();

  const startQueued = (id: string) => workoutsStarted(queued()).includes(id);

  /** Shows the workout `id` as `server` (null: the server has none) with what waits on top. */
  function show(id: string, server: Workout | null) {
    const shown = withQueued(id, server, queued());
    if (shown) {
      held.put(shown);
      if (server) predicted.delete(id);
      else predicted.add(id);
    } else if (server || predicted.has(id)) {
      // Deleted offline, or its start is gone from the queue.
      predicted.delete(id);
      held.forget(id);
    }
  }

  /** Shows the workouts written offline again with what waits now; forgets the ones nothing waits for. */
  function showQueued() {
    const ids = new Set([...fromServer.keys(), ...workoutsStarted(queued())]);
    for (const id of ids) {
      change(id, () => show(id, fromServer.get(id) ?? null));
      if (touchesWorkout(queued(), id)) continue;
      fromServer.delete(id);
      // Nothing waits for it: a copy no screen shows was not read again and may miss what was sent
      // meanwhile (the list keeps its summary); a screen showing it loads it fresh.
      if (!isShown(id)) delete held.state.byId[id];
    }
  }

  /**
   * Reads from the server a workout shown as predicted whose start has left the outbox: sent, it
   * shows as the server has it; refused, it goes. Without a network it stays as predicted.
   */
  async function readBack(id: string) {
    try {
      put(await api.get<Workout>(`/workouts/${id}`));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) change(id, () => drop(id));
    }
  }

  /**
   * Commands left the outbox: what is on screen is read again, and the workouts shown as
   * predicted whose start is no longer waiting are read back.
   */
  async function readAgain() {
    const started = offline ? workoutsStarted(await offline.outbox.waiting()) : [];
    const sent = [...predicted].filter((id) => !started.includes(id));
    await Promise.all([refreshShown().catch(() => undefined), ...sent.map(readBack)]);
  }

  /** A copy of the workout from the server. */
  function put(workout: Workout) {
    // A plain copy: a workout patched from the one on screen holds its valtio proxies, which IndexedDB cannot clone.
    offline?.lastSeen
      .keep(JSON.parse(JSON.stringify(workout)) as Workout)
      .catch((error) => console.error('Keeping the workout for offline use failed', error));
    if (fromServer.has(workout.id) || touchesWorkout(queued(), workout.id)) fromServer.set(workout.id, workout);
    show(workout.id, workout);
  }

  /** The workout is not on the server (deleted, never was). */
  function drop(id: string) {
    offline?.lastSeen.forget(id).catch((error) => console.error('Forgetting the workout kept offline failed', error));
    fromServer.delete(id);
    predicted.delete(id);
    held.forget(id);
  }

  return {
    put,
    drop,
    /**
     * The server has no such workout, or could not be asked: one a queued start creates shows as
     * predicted (the start is not sent yet); any other is not there.
     */
    absent(id: string) {
      if (startQueued(id)) show(id, null);
      else drop(id);
    },
    /** Whether the outbox is open (someone is signed in and it was read). */
    opened: () => offline !== null,
    /** The copy of the workout in progress last seen, kept for a load that finds no network. */
    lastSeen: (id: string) => offline?.lastSeen.workout(id),
    /** The workouts queued starts will create. */
    started: () => workoutsStarted(queued()),
    /** Whether commands wait for the workout `id`. */
    waitsFor: (id: string) => touchesWorkout(queued(), id),
    /** Whether a queued start will create the workout `id`. */
    startQueued,
    /** The copy of the workout the server last gave, to apply a pushed change to. */
    serverCopy: (id: string): Workout | undefined =>
      fromServer.get(id) ?? (predicted.has(id) ? undefined : held.state.byId[id]),
    /** The outbox to write to now: offline, or while earlier writes wait there (so the order holds); else null. */
    writing(): WorkoutsOffline | null {
      return writes.target() ? offline : null;
    },
    /** Writes go to `to`'s outbox from now on (null: none, on sign-out); resolves once what waits is shown. */
    open(to: WorkoutsOffline | null) {
      offline = to;
      return writes.follow(to);
    },
    /**
     * Queues a write of the workout `workoutId` and shows it at once; answers the id of what it
     * creates (`creates`: what, by contracts' CREATED), predicted from its key.
     */
    async queue(to: WorkoutsOffline, workoutId: string, command: WorkoutCommand, creates?: Created) {
      const key = command.key ?? crypto.randomUUID();
      const copy = fromServer.get(workoutId) ?? held.state.byId[workoutId];
      if (copy && !fromServer.has(workoutId) && !predicted.has(workoutId)) {
        fromServer.set(workoutId, JSON.parse(JSON.stringify(copy)) as Workout);
      }
      const id = creates ? await predictedId(to.userId, key, creates) : null;
      const named = id && creates ? createdThing(creates, id) : undefined;
      await writes.queue(to, { ...command, key, ...(named && { creates: named }) });
      return id;
    },
    clear() {
      fromServer.clear();
      predicted.clear();
      writes.clear();
    },
  };
}

export type WorkoutsOutbox = ReturnType<typeof workoutsOutbox>;

/** What a command creates, named as the outbox names it (`set:<id>`). */
function createdThing(creates: Created, id: string) {
  if (creates === CREATED.workout) return thing.workout(id);
  if (creates === CREATED.workoutExercise) return thing.exercise(id);
  if (creates === CREATED.template) return thing.template(id);
  return thing.set(id);
}
