import assert from 'node:assert/strict';
import { newestRecordsFirst, personalRecords, progress, shiftDay } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { personalRecordsProjection, personalRecordsProjectionWith } from './personal-records-projection.ts';
import { foldedHistory, type History, randomHistory } from './records-testing.ts';

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
