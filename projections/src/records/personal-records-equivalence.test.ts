import assert from 'node:assert/strict';
import {
  newestRecordsFirst,
  personalRecords,
  progress,
  type SetValues,
  shiftDay,
  type WorkoutDocument,
  type WorkoutEvent,
} from '@fitness/contracts';
import { describe, it } from 'vitest';
import { personalRecordsProjection, personalRecordsProjectionWith } from './personal-records-projection.ts';
import { foldedHistory } from './records-testing.ts';

/** mulberry32: a small seeded generator, so a failing history can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (from: number, to: number) => from + Math.floor(next() * (to - from + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { chance: (probability: number) => next() < probability, int, pick };
}

/** Library exercises (kept by id, renamed now and then) and hand-typed ones (kept by name, spelt loosely). */
const EXERCISES = [
  { exerciseId: 'bench', names: ['Bench press', 'Barbell bench press'] },
  { exerciseId: 'squat', names: ['Squat'] },
  { exerciseId: 'run', names: ['Running'] },
  { exerciseId: null, names: ['Pull-up', 'pull-up ', 'PULL-UP'] },
  { exerciseId: null, names: ['Sled push', 'sled Push'] },
  { exerciseId: null, names: ['Farmer carry'] },
] as const;

/**
 * A random history of a few users' workouts, as the command side could write it: workouts
 * started on days that mostly follow each other (so streaks form), sometimes at the same
 * instant; exercises added, renamed and removed; sets logged (warm-ups, bodyweight, timed,
 * weights with decimals), changed and removed; workouts completed, moved to another day, their
 * duration changed, deleted.
 */
function* randomHistory(
  { seed, steps, users, daily = false }: History,
  live: () => WorkoutDocument[],
): Generator<WorkoutEvent> {
  const r = random(seed);
  let day = '2026-01-01';
  let count = 0;
  let latest = '';
  const valuesOf = (cardio: boolean): SetValues => ({
    reps: r.int(1, 15),
    weight: cardio || r.chance(0.15) ? null : r.pick([r.int(1, 80) * 2.5, r.int(100, 20000) / 100, 0]),
    restTime: null,
    type: r.chance(0.2) ? 'warmup' : 'working',
    notes: null,
    duration: cardio || r.chance(0.05) ? r.int(0, 3600) : null,
    distance: cardio ? r.int(0, 10000) : null,
  });
  for (let step = 0; step < steps; step += 1) {
    const workouts = live();
    // Day by day, most events go to the workout of the day.
    const today = daily && r.chance(0.8) ? workouts.find((workout) => workout.id === latest) : undefined;
    const workout = today ?? r.pick(workouts);
    const exercise = workout && r.pick(workout.exercises);
    const set = exercise && r.pick(exercise.sets);
    const roll = r.int(0, 99);
    let event: WorkoutEvent;
    if (!workout || roll < (daily ? 5 : 10)) {
      count += 1;
      const forward = daily ? shiftDay(day, 1) : shiftDay(day, r.pick([0, 1, 1, 1, 2]));
      day = r.chance(daily ? 0.97 : 0.85) ? forward : shiftDay(day, -r.int(1, 20));
      const id = `w${r.int(0, 1e9).toString(36)}-${count}`;
      latest = id;
      const startedAt = r.chance(0.3)
        ? `${day}T07:00:00.000Z`
        : `${day}T${String(r.int(10, 20))}:${r.int(10, 59)}:00.000Z`;
      event = {
        type: 'WorkoutStarted',
        data: { workoutId: id, userId: r.pick(users), name: 'W', notes: null, date: day, startedAt },
      };
    } else if (roll < 25 || !exercise) {
      const chosen = r.pick(EXERCISES);
      event = {
        type: 'WorkoutExerciseAdded',
        data: {
          workoutId: workout.id,
          workoutExerciseId: `x${step}`,
          exerciseId: chosen.exerciseId,
          name: r.pick(chosen.names),
          notes: null,
          addedAt: '2026-01-01T00:00:00.000Z',
        },
      };
    } else if (roll < 60 || !set) {
      event = {
        type: 'SetLogged',
        data: {
          workoutId: workout.id,
          workoutExerciseId: exercise.id,
          setId: `s${step}`,
          loggedAt: '2026-01-01T00:00:00.000Z',
          ...valuesOf(exercise.exercise_id === 'run'),
        },
      };
    } else if (roll < 68) {
      const values = valuesOf(r.chance(0.2));
      const changes = Object.fromEntries(Object.entries(values).filter(() => r.chance(0.4)));
      event = {
        type: 'SetChanged',
        data: { workoutId: workout.id, workoutExerciseId: exercise.id, setId: set.id, changes },
      };
    } else if (roll < 73) {
      event = { type: 'SetRemoved', data: { workoutId: workout.id, workoutExerciseId: exercise.id, setId: set.id } };
    } else if (roll < 76) {
      const names = EXERCISES.find((e) => e.names.some((name) => name === exercise.name))?.names ?? ['Other'];
      event = {
        type: 'WorkoutExerciseChanged',
        data: { workoutId: workout.id, workoutExerciseId: exercise.id, name: r.pick([...names, 'Sled push', 'Other']) },
      };
    } else if (roll < 78) {
      event = { type: 'WorkoutExerciseRemoved', data: { workoutId: workout.id, workoutExerciseId: exercise.id } };
    } else if (roll < (daily ? 97 : 90)) {
      event = {
        type: 'WorkoutCompleted',
        data: { workoutId: workout.id, completedAt: '2026-01-01T00:00:00.000Z', duration: r.int(0, 120) },
      };
    } else if (roll < (daily ? 99 : 96)) {
      event = {
        type: 'WorkoutDetailsChanged',
        data: r.chance(0.7)
          ? { workoutId: workout.id, date: shiftDay(workout.date, r.int(-10, 10)) }
          : { workoutId: workout.id, duration: r.int(0, 120), name: 'Renamed' },
      };
    } else {
      event = { type: 'WorkoutDeleted', data: { workoutId: workout.id, deletedAt: '2026-01-01T00:00:00.000Z' } };
    }
    yield event;
  }
}

type History = {
  seed: number;
  steps: number;
  users: string[];
  /** A workout (nearly) every day, rarely deleted: long streaks and hundreds of workouts. */
  daily?: boolean;
  /** Compare the answers after every so many events. */
  every?: number;
  /** Workouts per chunk of an exercise's history (tiny: chunks split and empty all the time). */
  chunkSize?: number;
  /** Events folded before the batch is finished (1 unless given). */
  eventsPerBatch?: number;
};

describe('records and achievements from the projection equal the reference functions over the workouts', () => {
  const histories: History[] = [
    ...[1, 2, 3, 4].map((seed) => ({ seed, steps: 400, users: ['ann', 'bob'], every: 20 })),
    { seed: 5, steps: 2500, users: ['ann', 'bob'], every: 100 },
    { seed: 6, steps: 3000, users: ['ann'], daily: true, every: 250 },
    { seed: 7, steps: 1500, users: ['ann', 'bob'], every: 50, chunkSize: 2 },
    { seed: 8, steps: 3000, users: ['ann'], daily: true, every: 100, chunkSize: 3 },
    // Folded in batches, as the runner folds them: histories brought up to date once a batch.
    { seed: 9, steps: 2500, users: ['ann', 'bob'], every: 100, eventsPerBatch: 7 },
    { seed: 10, steps: 1500, users: ['ann', 'bob'], every: 50, chunkSize: 2, eventsPerBatch: 13 },
    { seed: 11, steps: 3000, users: ['ann'], daily: true, every: 250, eventsPerBatch: 40 },
  ];
  for (const generated of histories) {
    const { seed, steps, users, every, chunkSize, eventsPerBatch } = generated;
    const chunks = `${chunkSize ? `, chunks of ${chunkSize}` : ''}${eventsPerBatch ? `, batches of ${eventsPerBatch}` : ''}`;
    it(`agrees along a generated history (seed ${seed}, ${steps} events${chunks})`, async () => {
      const history = foldedHistory(
        chunkSize ? personalRecordsProjectionWith({ chunkSize }) : personalRecordsProjection,
        { eventsPerBatch },
      );
      let applied = 0;
      // Each event is applied before the next is drawn, which acts on the workouts as they are then.
      for (const event of randomHistory(generated, history.workouts)) {
        await history.apply(event);
        applied += 1;
        if (applied % (every ?? 1) !== 0 && applied !== steps) continue;
        await history.flush();
        for (const user of users) {
          const workouts = history.workoutsOf(user);
          const answers = history.answers(user);
          const where = `seed ${seed}, ${applied} events, ${user}`;
          for (const formula of ['epley', 'brzycki'] as const) {
            assert.deepEqual(
              answers.records(formula),
              newestRecordsFirst(personalRecords(workouts, formula)),
              `${where}: records by ${formula}`,
            );
          }
          const last =
            workouts
              .map((workout) => workout.date)
              .sort()
              .at(-1) ?? '2026-01-01';
          for (const today of [last, shiftDay(last, 1), shiftDay(last, 2), shiftDay(last, -3)]) {
            assert.deepEqual(answers.progress(today), progress(workouts, today), `${where}: achievements on ${today}`);
          }
        }
      }
    });
  }
});
