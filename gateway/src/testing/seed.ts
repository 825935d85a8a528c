import { randomUUID } from 'node:crypto';
import { type NewEvent, type WorkoutEvent, workoutStream } from '@fitness/contracts';
import { setLogged } from '@fitness/contracts/workouts/testing/sets.ts';
import { SqliteEventStore } from '@fitness/stores';

/**
 * Writes `workouts` workouts of `sets + 2` events each (one user's, a new one unless given)
 * straight into an event store file, for tests and benchmarks that need a long log fast;
 * returns the head position.
 */
export async function seedWorkouts(eventsFile: string, workouts: number, sets: number, userId: string = randomUUID()) {
  const store = new SqliteEventStore(eventsFile);
  const at = '2026-11-01T10:00:00.000Z';
  const envelope = workoutEventEnvelope(userId, () => at);
  for (let w = 0; w < workouts; w++) {
    const workoutId = randomUUID();
    const workoutExerciseId = randomUUID();
    const events: WorkoutEvent[] = [
      {
        type: 'WorkoutStarted',
        data: { workoutId, userId, name: `Seed ${w}`, notes: null, date: '2026-11-01', startedAt: at },
      },
      {
        type: 'WorkoutExerciseAdded',
        data: { workoutId, workoutExerciseId, exerciseId: null, name: 'Deadlift', notes: null, addedAt: at },
      },
    ];
    for (let s = 0; s < sets; s++) {
      events.push(
        setLogged(workoutId, workoutExerciseId, randomUUID(), { reps: 1 + (s % 12), weight: 40 + s, restTime: 90 }, at),
      );
    }
    await store.appendToStream(workoutStream(workoutId), events.map(envelope), 'no_stream');
  }
  const head = await store.headPosition();
  await store.close();
  return head;
}

/** Wraps a workout event as its user's command would have appended it, for writing a log directly. */
export function workoutEventEnvelope(userId: string, now: () => string = () => new Date().toISOString()) {
  return (event: WorkoutEvent): NewEvent => ({
    ...event,
    id: randomUUID(),
    metadata: {
      actorId: userId,
      commandId: randomUUID(),
      correlationId: randomUUID(),
      timestamp: now(),
      schemaVersion: 1,
    },
  });
}
