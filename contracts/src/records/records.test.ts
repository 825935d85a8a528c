import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { WorkoutDocument, WorkoutSet } from '../workouts/api.ts';
import { workoutSet as set } from '../workouts/testing/sets.ts';
import {
  changesRecordsOrAchievements,
  estimatedOneRepMax,
  exerciseOfRecordsNotice,
  newestRecordsFirst,
  personalRecords,
  recordsSetBy,
} from './records.ts';

const workout = (
  id: string,
  date: string,
  exercises: { exercise_id: string | null; name: string; sets: WorkoutSet[] }[],
): WorkoutDocument => ({
  id,
  user_id: 'u',
  name: id,
  date,
  duration: 60,
  status: 'completed',
  notes: null,
  exercises: exercises.map((exercise, index) => ({
    id: `${id}-${index}`,
    notes: null,
    plan: null,
    created_at: '',
    ...exercise,
  })),
  started_at: `${date}T10:00:00.000Z`,
  completed_at: null,
  created_at: '',
  updated_at: '',
});

describe('personal records', () => {
  it('estimates a one-rep max with Epley or Brzycki', () => {
    assert.equal(estimatedOneRepMax(100, 5, 'epley'), 116.7);
    assert.equal(estimatedOneRepMax(100, 5, 'brzycki'), 112.5);
    assert.equal(estimatedOneRepMax(140, 1, 'epley'), 140);
  });

  it('keeps each record with the best it beat, in the order workouts happened, warm-ups never counting', () => {
    const records = personalRecords([
      workout('w2', '2026-11-14', [
        { exercise_id: 'squat', name: 'Squat', sets: [set('b', 110, 3), set('warm', 200, 1, { type: 'warmup' })] },
      ]),
      workout('w1', '2026-11-07', [{ exercise_id: 'squat', name: 'Squat', sets: [set('a', 100, 5)] }]),
    ]);
    const squat = records.find((entry) => entry.exercise_id === 'squat');
    assert.deepEqual(
      {
        heaviest: [
          squat?.records.heaviest_weight?.value,
          squat?.records.heaviest_weight?.set_id,
          squat?.records.heaviest_weight?.previous,
        ],
        e1rm: squat?.records.best_e1rm?.value,
        volume: [squat?.records.best_volume?.value, squat?.records.best_volume?.set_id],
        reps: [squat?.records.most_reps?.value, squat?.records.most_reps?.set_id],
      },
      {
        heaviest: [110, 'b', { value: 100, date: '2026-11-07' }],
        e1rm: 121,
        volume: [500, 'a'],
        reps: [5, 'a'],
      },
    );
  });

  it('sets baselines in a first session, however often it raises them, and beats only an earlier workout', () => {
    const first = workout('w1', '2026-11-07', [
      { exercise_id: 'squat', name: 'Squat', sets: [set('a1', 60, 5), set('a2', 80, 5), set('a3', 100, 5)] },
    ]);
    const baselines = personalRecords([first])[0]?.records ?? {};
    assert.deepEqual(
      Object.values(baselines).map((record) => record?.previous),
      [null, null, null, null],
      'a first session beats nothing',
    );
    assert.equal(baselines.heaviest_weight?.set_id, 'a3');

    const second = workout('w2', '2026-11-14', [
      { exercise_id: 'squat', name: 'Squat', sets: [set('b1', 105, 5), set('b2', 110, 5)] },
    ]);
    const heaviest = personalRecords([first, second])[0]?.records.heaviest_weight;
    assert.equal(heaviest?.set_id, 'b2');
    assert.deepEqual(heaviest?.previous, { value: 100, date: '2026-11-07' }, "the earlier workout's best, not b1");
  });

  it('counts bodyweight sets for reps only, and cardio for time and distance', () => {
    const records = personalRecords([
      workout('w', '2026-11-21', [
        { exercise_id: null, name: 'Pull-up', sets: [set('p1', null, 8), set('p2', null, 11)] },
        { exercise_id: 'run', name: 'Run', sets: [set('r1', null, 1, { distance: 5000, duration: 1500 })] },
      ]),
    ]);
    const pullUps = records.find((entry) => entry.name === 'Pull-up');
    assert.deepEqual(Object.keys(pullUps?.records ?? {}), ['most_reps']);
    assert.equal(pullUps?.records.most_reps?.value, 11);
    const run = records.find((entry) => entry.name === 'Run');
    assert.deepEqual(Object.keys(run?.records ?? {}).sort(), ['longest_distance', 'longest_duration']);
    assert.deepEqual(
      recordsSetBy(records, 'r1')
        .map((r) => r.type)
        .sort(),
      ['longest_distance', 'longest_duration'],
    );
  });

  it('matches an exercise typed by hand by its name', () => {
    const records = personalRecords([
      workout('a', '2026-11-01', [{ exercise_id: null, name: 'Sled push', sets: [set('x', 100, 1)] }]),
      workout('b', '2026-11-02', [{ exercise_id: null, name: 'sled PUSH ', sets: [set('y', 120, 1)] }]),
    ]);
    assert.equal(records.length, 1);
    assert.equal(records[0]?.records.heaviest_weight?.previous?.value, 100);
  });

  it('lists the exercise with the newest record first, and exercises with equally new ones in the order first logged', () => {
    const records = newestRecordsFirst(
      personalRecords([
        workout('a', '2026-11-01', [
          { exercise_id: 'squat', name: 'Squat', sets: [set('s1', 100, 5)] },
          { exercise_id: 'bench', name: 'Bench', sets: [set('b1', 80, 5)] },
        ]),
        workout('b', '2026-11-08', [
          { exercise_id: 'row', name: 'Row', sets: [set('r1', 60, 5)] },
          { exercise_id: 'bench', name: 'Bench', sets: [set('b2', 70, 5)] },
          { exercise_id: 'squat', name: 'Squat', sets: [set('s2', 110, 5)] },
        ]),
      ]),
    );
    assert.deepEqual(
      records.map((entry) => entry.name),
      ['Squat', 'Row', 'Bench'],
    );
  });

  it('tells the notices that change what records and achievements answer from the projection’s working documents', () => {
    const notice = (id: string, model = 'personal_records') => changesRecordsOrAchievements({ model, id });
    assert.equal(notice('exercise_records:u:id:squat'), true);
    assert.equal(notice('training_summary:u'), true);
    assert.equal(notice('workout:w1'), false);
    assert.equal(notice('exercise_chunk:u:id:squat:0'), false);
    assert.equal(notice('exercise_records:u:id:squat', 'workouts'), false);
  });

  it('tells the exercise a notice of the user’s records is about, and nothing for any other notice', () => {
    const notice = (id: string, model = 'personal_records') => exerciseOfRecordsNotice({ model, id, userId: 'u' });
    assert.equal(notice('exercise_records:u:id:squat'), 'id:squat');
    assert.equal(notice('exercise_records:u:name:sled: push'), 'name:sled: push');
    assert.equal(notice('record_beats:u'), null);
    assert.equal(notice('exercise_records:u:id:squat', 'workouts'), null);
    assert.equal(
      exerciseOfRecordsNotice({ model: 'personal_records', id: 'exercise_records:v:id:squat', userId: 'u' }),
      null,
    );
  });
});
