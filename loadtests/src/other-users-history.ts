import { randomUUID } from 'node:crypto';
import {
  bodyWeightStream,
  type DomainEvent,
  mealStream,
  type NewEvent,
  shiftDay,
  stepsStream,
  waterStream,
  workoutStream,
} from '@fitness/contracts';
import { SqliteEventStore } from '@fitness/stores';

/** Appends at once (one group commit of the store, so one transaction) before awaiting them. */
const APPENDS_PER_BATCH = 2_000;
/** Other users, each training, eating, drinking and weighing in day after day. */
const OTHER_USERS = 2_000;
const LIFTS = ['Back Squat', 'Bench Press', 'Deadlift', 'Barbell Row', 'Overhead Press', 'Pull-Up'];
const MEAL_TYPES = ['breakfast', 'lunch', 'dinner'] as const;

/**
 * Other users' history, day by day: each day of each user a workout on most days (three
 * exercises of three or four working sets, completed), three meals with an entry each, a few
 * glasses of water, a step count, and a weigh-in on Mondays. Users take turns, so the log
 * interleaves many accounts as a live server's would. `growTo` appends whole days until it has
 * appended at least that many events in all, and returns the log's head (a position, not a
 * count: positions are sparse).
 */
export function otherUsersHistory(today: string) {
  const users = Array.from({ length: OTHER_USERS }, () => randomUUID());
  let dayNumber = 0;
  let appended = 0;
  const first = shiftDay(today, -400);

  function dayOf(index: number): { streamId: string; events: DomainEvent[]; userId: string }[] {
    const userId = users[index % OTHER_USERS] ?? '';
    const day = Math.floor(index / OTHER_USERS);
    const date = shiftDay(first, day % 400);
    const at = `${date}T08:00:00.000Z`;
    const appends: { streamId: string; events: DomainEvent[]; userId: string }[] = [];
    if (index % 7 !== 3) {
      const workoutId = randomUUID();
      const events: DomainEvent[] = [
        { type: 'WorkoutStarted', data: { workoutId, userId, name: 'Training', notes: null, date, startedAt: at } },
      ];
      for (let e = 0; e < 3; e++) {
        const workoutExerciseId = randomUUID();
        const name = LIFTS[(index + e) % LIFTS.length] ?? 'Squat';
        events.push({
          type: 'WorkoutExerciseAdded',
          data: { workoutId, workoutExerciseId, exerciseId: null, name, notes: null, addedAt: at },
        });
        for (let s = 0; s < 3 + (index % 2); s++) {
          events.push({
            type: 'SetLogged',
            data: {
              workoutId,
              workoutExerciseId,
              setId: randomUUID(),
              loggedAt: at,
              reps: 5 + ((index + s) % 6),
              weight: 40 + ((day * 5 + e * 10 + s) % 80),
              restTime: 90,
              type: 'working',
              notes: null,
              duration: null,
              distance: null,
            },
          });
        }
      }
      events.push({ type: 'WorkoutCompleted', data: { workoutId, completedAt: at, duration: 45 + (index % 30) } });
      appends.push({ streamId: workoutStream(workoutId), events, userId });
    }
    for (const [m, mealType] of MEAL_TYPES.entries()) {
      const mealId = randomUUID();
      const kcal = 400 + ((index + m * 37) % 300);
      appends.push({
        streamId: mealStream(mealId),
        userId,
        events: [
          { type: 'MealCreated', data: { mealId, userId, date, mealType, createdAt: at } },
          {
            type: 'MealEntryAdded',
            data: {
              mealId,
              entryId: randomUUID(),
              foodId: null,
              foodName: 'Home cooking',
              grams: null,
              nutrients: { kcal, protein: 30, carbs: 50, fat: 15 },
              addedAt: at,
            },
          },
        ],
      });
    }
    const glasses = 2 + (index % 4);
    appends.push({
      streamId: waterStream(userId, date),
      userId,
      events: Array.from({ length: glasses }, () => ({
        type: 'WaterLogged',
        data: { userId, date, entryId: randomUUID(), ml: 250, loggedAt: at },
      })),
    });
    appends.push({
      streamId: stepsStream(userId, date),
      userId,
      events: [{ type: 'StepsRecorded', data: { userId, date, count: 4000 + (index % 9000), recordedAt: at } }],
    });
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 1) {
      appends.push({
        streamId: bodyWeightStream(userId, date),
        userId,
        events: [{ type: 'BodyWeightRecorded', data: { userId, date, weight: 60 + (index % 40), recordedAt: at } }],
      });
    }
    return appends;
  }

  return {
    async growTo(eventsFile: string, events: number) {
      const store = new SqliteEventStore(eventsFile);
      try {
        while (appended < events) {
          const pending: Promise<unknown>[] = [];
          for (let i = 0; i < APPENDS_PER_BATCH / 8 && appended < events; i++) {
            for (const append of dayOf(dayNumber++)) {
              const envelope = envelopeOf(append.userId);
              pending.push(store.appendToStream(append.streamId, append.events.map(envelope), 'no_stream'));
              appended += append.events.length;
            }
          }
          await Promise.all(pending);
        }
        return await store.headPosition();
      } finally {
        await store.close();
      }
    },
  };
}

/** One command's events, as its user's command would have appended them. */
function envelopeOf(userId: string) {
  const commandId = randomUUID();
  return (event: DomainEvent): NewEvent => ({
    ...event,
    id: randomUUID(),
    metadata: {
      actorId: userId,
      commandId,
      correlationId: commandId,
      timestamp: new Date().toISOString(),
      schemaVersion: 1,
    },
  });
}
