import type { Workout } from '@fitness/contracts';
import { type DBSchema, deleteDB, openDB } from 'idb';

interface LastSeenSchema {
  workouts: { key: string; value: Workout };
}

/** One database per user, as the outbox: one user's workouts never show to another. */
export function lastSeenName(userId: string) {
  return `fitness-last-seen-${userId}`;
}

/**
 * What the server last gave of the workouts a user has in progress, kept in IndexedDB so the
 * logger can show them after a reload or in a new tab without a connection (the commands waiting
 * in the outbox go on top). A workout ended or deleted is forgotten.
 */
export async function openLastSeen(userId: string) {
  const db = await openDB<LastSeenSchema & DBSchema>(lastSeenName(userId), 1, {
    upgrade(database) {
      database.createObjectStore('workouts', { keyPath: 'id' });
    },
  });
  return {
    /** Keeps the server's copy while it is in progress; forgets it once it is not. */
    async keep(workout: Workout) {
      if (workout.status === 'in_progress') await db.put('workouts', workout);
      else await db.delete('workouts', workout.id);
    },
    forget: (id: string) => db.delete('workouts', id),
    workout: (id: string) => db.get('workouts', id),
    close: () => db.close(),
  };
}

export type LastSeen = Awaited<ReturnType<typeof openLastSeen>>;

/** Deletes the user's workouts last seen from the device (an explicit sign-out: a shared computer). */
export function forgetLastSeen(userId: string) {
  return deleteDB(lastSeenName(userId));
}
