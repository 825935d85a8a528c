import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { trainingWeeks } from './training-weeks.ts';

describe('training weeks', () => {
  const workouts = [
    { date: '2026-02-20', duration: 50, volumes: [1000] }, // before the weeks asked for
    { date: '2026-03-02', duration: 45, volumes: [500, 500] },
    { date: '2026-03-08', duration: 30, volumes: [250.4] }, // a Sunday
    { date: '2026-03-17', duration: null, volumes: [] },
  ];
  const weighIns = [
    { date: '2026-03-03', weight: 80 },
    { date: '2026-03-05', weight: 80.5 },
    { date: '2026-03-18', weight: 79.6 },
  ];

  it('adds up each week, oldest first, with the mean of its weigh-ins', () => {
    assert.deepEqual(trainingWeeks(workouts, weighIns, { date: '2026-03-18', weeks: 3, startOfWeek: 'monday' }), [
      { start: '2026-03-02', workouts: 2, minutes: 75, volume_kg: 1250, body_weight: 80.3 },
      { start: '2026-03-09', workouts: 0, minutes: 0, volume_kg: 0, body_weight: null },
      { start: '2026-03-16', workouts: 1, minutes: 0, volume_kg: 0, body_weight: 79.6 },
    ]);
  });

  it('weeks from Sunday put a Sunday with the days after it', () => {
    const [first, second] = trainingWeeks(workouts, [], { date: '2026-03-09', weeks: 2, startOfWeek: 'sunday' });
    assert.deepEqual(
      [first?.start, first?.workouts, second?.start, second?.workouts],
      ['2026-03-01', 1, '2026-03-08', 1],
    );
  });
});
