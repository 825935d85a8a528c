import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { contradictingGoals, weightGoalOf, withWeightGoal } from './goals.ts';
import { weighedIn } from './profile-weight.ts';

describe('goals', () => {
  it('lets one weight goal stand with the others, and finds two of them contradicting', () => {
    assert.equal(contradictingGoals(['lose_weight', 'build_muscle', 'improve_fitness']), null);
    assert.equal(contradictingGoals([]), null);
    assert.deepEqual(contradictingGoals(['lose_weight', 'gain_weight']), ['lose_weight', 'gain_weight']);
    assert.deepEqual(contradictingGoals(['maintain_weight', 'build_muscle', 'gain_weight']), [
      'maintain_weight',
      'gain_weight',
    ]);
  });

  it('picks one weight goal, keeping the others', () => {
    assert.equal(weightGoalOf(['build_muscle', 'gain_weight', 'lose_weight']), 'gain_weight');
    assert.equal(weightGoalOf(['improve_fitness']), null);
    assert.deepEqual(withWeightGoal(['lose_weight', 'gain_weight', 'build_muscle'], 'maintain_weight'), [
      'maintain_weight',
      'build_muscle',
    ]);
    assert.deepEqual(withWeightGoal(['lose_weight', 'improve_fitness'], null), ['improve_fitness']);
  });
});

describe("the profile's weight", () => {
  const empty = { weight: null, weighed_on: null };
  it('is the weigh-in of the latest day, a later one of the same day standing', () => {
    const first = weighedIn(empty, { date: '2026-11-20', weight: 70.2 });
    assert.deepEqual(first, { weight: 70.2, weighed_on: '2026-11-20' });
    assert.deepEqual(weighedIn(first, { date: '2026-11-20', weight: 69.9 }), {
      weight: 69.9,
      weighed_on: '2026-11-20',
    });
    assert.deepEqual(weighedIn(first, { date: '2026-11-21', weight: 69.7 }), {
      weight: 69.7,
      weighed_on: '2026-11-21',
    });
  });
  it('stays when a weigh-in of an earlier day is filled in', () => {
    const latest = { weight: 69.7, weighed_on: '2026-11-21' };
    assert.equal(weighedIn(latest, { date: '2026-11-02', weight: 72 }), latest);
  });
});
