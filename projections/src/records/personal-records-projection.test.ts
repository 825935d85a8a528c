import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  applyChanges,
  type ChangeNotice,
  exerciseRecordsId,
  newestRecordsFirst,
  personalRecords,
  progress,
  recordBeatsId,
  type SetValues,
  trainingSummaryId,
  type WorkoutDocument,
  type WorkoutEvent,
  workoutStream,
} from '@fitness/contracts';
import { setLogged } from '@fitness/contracts/workouts/testing/sets.ts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { POSITION_FIELD, SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { anEvent } from '@fitness/stores/testing/events.ts';
import { describe, it } from 'vitest';
import { ProjectionRunner } from '../runner.ts';
import { workoutsProjection } from '../workouts/workouts-projection.ts';
import { personalRecordsProjection } from './personal-records-projection.ts';
import { foldedHistory, randomHistory } from './records-testing.ts';

const userId = 'u1';
const started = (workoutId: string, date: string): WorkoutEvent => ({
  type: 'WorkoutStarted',
  data: { workoutId, userId, name: 'Lift', notes: null, date, startedAt: `${date}T10:00:00.000Z` },
});
const added = (
  workoutId: string,
  workoutExerciseId: string,
  exerciseId: string | null,
  name: string,
): WorkoutEvent => ({
  type: 'WorkoutExerciseAdded',
  data: { workoutId, workoutExerciseId, exerciseId, name, notes: null, addedAt: '2026-01-01T10:00:00.000Z' },
});
const logged = (
  workoutId: string,
  workoutExerciseId: string,
  setId: string,
  values: Partial<SetValues> & { reps: number },
): WorkoutEvent => setLogged(workoutId, workoutExerciseId, setId, values, '2026-01-01T10:00:00.000Z');
const completed = (workoutId: string): WorkoutEvent => ({
  type: 'WorkoutCompleted',
  data: { workoutId, completedAt: '2026-01-01T11:00:00.000Z', duration: 60 },
});

/** A benched workout: one exercise, the sets given (reps × kg), completed. */
const benchDay = (workoutId: string, date: string, ...sets: [number, number][]): WorkoutEvent[] => [
  started(workoutId, date),
  added(workoutId, `${workoutId}-x`, 'bench', 'Bench press'),
  ...sets.map(([reps, weight], index) =>
    logged(workoutId, `${workoutId}-x`, `${workoutId}-s${index}`, { reps, weight }),
  ),
  completed(workoutId),
];

async function folded(events: WorkoutEvent[]) {
  const history = foldedHistory();
  for (const event of events) await history.apply(event);
  return history;
}

const sameAsReference = (history: Awaited<ReturnType<typeof folded>>, today: string) => {
  const workouts = history.workoutsOf(userId);
  const answers = history.answers(userId);
  for (const formula of ['epley', 'brzycki'] as const) {
    assert.deepEqual(answers.records(formula), newestRecordsFirst(personalRecords(workouts, formula)), formula);
  }
  assert.deepEqual(answers.progress(today), progress(workouts, today));
};

describe('personal records projection', () => {
  it('writes an exercise’s records when a set beats them, and leaves them alone when it does not', async () => {
    const history = await folded(benchDay('w1', '2026-01-05', [5, 100]));
    const records = exerciseRecordsId(userId, 'id:bench');
    assert.ok(history.written.includes(records));

    history.written.length = 0;
    await history.apply(logged('w1', 'w1-x', 'light', { reps: 3, weight: 60 }));
    assert.ok(!history.written.includes(records), 'a lighter set changes no record');
    await history.apply(logged('w1', 'w1-x', 'heavy', { reps: 1, weight: 120 }));
    assert.ok(history.written.includes(records), 'a heavier one does');
    sameAsReference(history, '2026-01-05');
  });

  it('writes one document for a set logged into a workout in progress, three when it raises a record', async () => {
    const history = await folded([
      ...benchDay('w1', '2026-01-05', [5, 100], [5, 110]),
      started('w2', '2026-01-06'),
      added('w2', 'w2-x', 'bench', 'Bench press'),
    ]);
    // Each set raises the workout's own bests, none of the records.
    for (const [index, weight] of [60, 80, 100].entries()) {
      history.written.length = 0;
      await history.apply(logged('w2', 'w2-x', `w2-s${index}`, { reps: 5, weight }));
      assert.deepEqual(history.written, ['exercise_workout:w2:id:bench'], `set of ${weight} kg`);
    }
    history.written.length = 0;
    await history.apply(logged('w2', 'w2-x', 'w2-heavy', { reps: 5, weight: 120 }));
    assert.ok(history.written.includes(exerciseRecordsId(userId, 'id:bench')));
    assert.ok(history.written.length <= 3, `${history.written.join(', ')}`);
    sameAsReference(history, '2026-01-06');
  });

  it('gives a deleted workout’s records and unlocks back, and follows a workout moved to another day', async () => {
    const history = await folded([
      ...benchDay('w1', '2026-01-05', [5, 100]),
      ...benchDay('w2', '2026-01-06', [5, 110]),
    ]);
    assert.equal(history.answers(userId).progress('2026-01-06').stats.personal_records, 3);
    await history.apply({ type: 'WorkoutDetailsChanged', data: { workoutId: 'w2', date: '2026-01-01' } });
    sameAsReference(history, '2026-01-06');
    assert.deepEqual(history.answers(userId).records('epley')[0]?.records.heaviest_weight, {
      value: 110,
      reps: 5,
      weight: 110,
      date: '2026-01-01',
      workout_id: 'w2',
      set_id: 'w2-s0',
      previous: null,
    });

    await history.apply({ type: 'WorkoutDeleted', data: { workoutId: 'w1', deletedAt: '2026-01-07T00:00:00.000Z' } });
    sameAsReference(history, '2026-01-06');
    await history.apply({ type: 'WorkoutDeleted', data: { workoutId: 'w2', deletedAt: '2026-01-07T00:00:00.000Z' } });
    assert.deepEqual([...history.stored.keys()], [], 'nothing is left of deleted workouts');
  });

  it('moves the sets of a hand-typed exercise to its new name’s records when it is renamed', async () => {
    const history = await folded([
      started('w1', '2026-01-05'),
      added('w1', 'x1', null, 'Sled push'),
      logged('w1', 'x1', 's1', { reps: 1, weight: 100 }),
      started('w2', '2026-01-06'),
      added('w2', 'x2', null, 'sled PUSH '),
      logged('w2', 'x2', 's2', { reps: 1, weight: 90 }),
    ]);
    assert.deepEqual(
      history
        .answers(userId)
        .records('epley')
        .map((entry) => [entry.name, entry.records.heaviest_weight?.value]),
      [['sled PUSH ', 100]],
    );
    await history.apply({
      type: 'WorkoutExerciseChanged',
      data: { workoutId: 'w2', workoutExerciseId: 'x2', name: 'Sled pull' },
    });
    assert.deepEqual(
      history
        .answers(userId)
        .records('epley')
        .map((entry) => [entry.name, entry.records.heaviest_weight?.value]),
      [
        ['Sled pull', 90],
        ['Sled push', 100],
      ],
    );
    sameAsReference(history, '2026-01-06');
  });

  it('gives the same documents when an event is applied again', async () => {
    const events = [...benchDay('w1', '2026-01-05', [5, 100], [3, 110]), ...benchDay('w2', '2026-01-06', [5, 105])];
    const once = await folded(events);
    const twice = foldedHistory();
    for (const event of events) await twice.reapply(await twice.apply(event));
    assert.deepEqual(twice.stored, once.stored);
  });

  it('keeps what the queries read small, however long the history', async () => {
    const days = Array.from({ length: 120 }, (_, day) =>
      new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10),
    );
    const history = await folded(days.flatMap((date, day) => benchDay(`w${day}`, date, [5, 60 + day / 4], [8, 50])));
    const size = (id: string) => JSON.stringify(history.stored.get(id)).length;
    assert.ok(
      size(exerciseRecordsId(userId, 'id:bench')) < 2000,
      `records: ${size(exerciseRecordsId(userId, 'id:bench'))} bytes`,
    );
    assert.ok(size(trainingSummaryId(userId)) < 500, `summary: ${size(trainingSummaryId(userId))} bytes`);
    assert.ok(size(recordBeatsId(userId)) < 500, `record beats: ${size(recordBeatsId(userId))} bytes`);
    sameAsReference(history, days.at(-1) ?? '');
  });

  it('announces what the metrics read with its change: a browser applying each holds the documents as stored', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'records-live-'));
    const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [workoutsProjection, personalRecordsProjection],
      logger: silentLogger,
      batchSize: 3,
    });
    const notices: ChangeNotice[] = [];
    runner.onChange((notice) => {
      if (notice.model === 'personal_records') notices.push(notice);
    });
    await runner.start();
    try {
      const workouts = new Map<string, WorkoutDocument>();
      for (const event of randomHistory({ seed: 7, steps: 400, users: ['ann', 'bob'], daily: true }, () => [
        ...workouts.values(),
      ])) {
        const { position } = await eventStore.appendToStream(
          workoutStream(event.data.workoutId),
          [anEvent(event.type, event.data)],
          'any',
        );
        await runner.waitFor(['workouts', 'personal_records'], position, 10_000);
        const workout = await readStore.get<WorkoutDocument>('workouts', event.data.workoutId);
        if (workout) workouts.set(workout.id, workout);
        else workouts.delete(event.data.workoutId);
      }

      // What a browser holds: each document as its first notice brought it, each change applied in turn.
      const held = new Map<string, Record<string, unknown>>();
      for (const notice of notices) {
        if (notice.op === 'delete') {
          held.delete(notice.id);
          continue;
        }
        const was = held.get(notice.id);
        assert.ok(notice.document || (notice.changes && was), `${notice.id} at ${notice.position}: a change to apply`);
        held.set(notice.id, notice.document ?? applyChanges(was ?? {}, notice.changes ?? []));
      }
      const omitted = [POSITION_FIELD, ...(personalRecordsProjection.live?.omit ?? [])];
      const stored = new Map<string, Record<string, unknown>>();
      for (const document of await readStore.find('personal_records')) {
        if (!['exercise_records', 'training_summary', 'record_beats'].includes(String(document.kind))) continue;
        const shown: Record<string, unknown> = { ...document };
        for (const field of omitted) delete shown[field];
        stored.set(document.id, shown);
      }
      assert.deepEqual(new Map([...held].sort()), new Map([...stored].sort()));
      for (const kind of ['exercise_records', 'training_summary', 'record_beats']) {
        const changed = notices.filter((notice) => notice.id.startsWith(`${kind}:`) && notice.changes);
        assert.ok(changed.length > 5, `${changed.length} ${kind} notices carry a change`);
      }
      const owners = notices.filter((notice) => notice.document && 'user_id' in notice.document);
      assert.deepEqual(owners, [], 'no notice names the owner in its document');
    } finally {
      await runner.stop();
      await readStore.close();
      await eventStore.close();
    }
  });
});
