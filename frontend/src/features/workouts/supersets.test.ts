import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { joinWithNext, restsAfter, supersetLetters } from './supersets.ts';

const workout = [
  { id: 'squat', superset: null },
  { id: 'bench', superset: 'a' },
  { id: 'row', superset: 'a' },
  { id: 'curl', superset: 'b' },
  { id: 'dip', superset: 'b' },
  { id: 'press', superset: 'b' },
  { id: 'plank', superset: 'lonely' },
];

describe('supersets in the logger', () => {
  it('letters each run of exercises that share a superset, and leaves a lone one alone', () => {
    assert.deepEqual(
      [...supersetLetters(workout)],
      [
        ['bench', 'A'],
        ['row', 'A'],
        ['curl', 'B'],
        ['dip', 'B'],
        ['press', 'B'],
      ],
    );
  });

  it('rests only after the last exercise of a round', () => {
    const letters = supersetLetters(workout);
    assert.deepEqual(
      workout.map((_, index) => restsAfter(workout, index, letters)),
      [true, false, true, false, false, true, true],
    );
  });

  it("joins the next exercise into an exercise's superset, or the pair into a new one", () => {
    assert.deepEqual(
      joinWithNext({ id: 'x', superset: 'a' }, { id: 'y', superset: null }, () => 'new'),
      {
        group: 'a',
        exercise: undefined,
        next: 'a',
      },
    );
    assert.deepEqual(
      joinWithNext({ id: 'x' }, { id: 'y', superset: 'b' }, () => 'new'),
      {
        group: 'b',
        exercise: 'b',
        next: undefined,
      },
    );
    assert.deepEqual(
      joinWithNext({ id: 'x' }, { id: 'y' }, () => 'new'),
      { group: 'new', exercise: 'new', next: 'new' },
    );
  });
});
