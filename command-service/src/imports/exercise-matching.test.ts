import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { candidateNames, customExerciseFields, matchLibraryExercise } from './exercise-matching.ts';
import { importedSet } from './testing/imported-set.ts';

describe('matching exported exercise names to the library', () => {
  it('tries the name, then the equipment in front, then the name without it', () => {
    assert.deepEqual(candidateNames('Bench Press (Barbell)'), [
      'Bench Press (Barbell)',
      'Barbell Bench Press',
      'Bench Press',
    ]);
    assert.deepEqual(candidateNames('Plank'), ['Plank']);
  });

  it("finds library exercises by any language's name, ignoring case and accents", () => {
    assert.deepEqual(matchLibraryExercise('Bench Press (Barbell)'), {
      exerciseId: 'barbell-bench-press',
      name: 'Barbell Bench Press',
    });
    assert.deepEqual(matchLibraryExercise('Lat Pulldown (Cable)'), {
      exerciseId: 'lat-pulldown',
      name: 'Lat Pulldown',
    });
    assert.deepEqual(matchLibraryExercise('bankdrucken'), { exerciseId: 'barbell-bench-press', name: 'Bankdrücken' });
    assert.equal(matchLibraryExercise('ضغط البنش بالبار')?.exerciseId, 'barbell-bench-press');
  });

  it('leaves names it does not know unmatched rather than guessing', () => {
    assert.equal(matchLibraryExercise('Zercher Carry (Barbell)'), null);
    assert.equal(matchLibraryExercise('Bench'), null);
  });
});

describe('a custom exercise for an unknown name', () => {
  it('takes its unit from the sets and its equipment from the name', () => {
    const strength = customExerciseFields('Zercher Carry (Dumbbell)', [importedSet({ reps: 5 })]);
    assert.equal(strength.unit, 'reps');
    assert.equal(strength.equipment, 'dumbbells');
    assert.equal(strength.category, 'strength');
    assert.equal(customExerciseFields('Trail Run', [importedSet({ distanceMetres: 8000 })]).unit, 'distance');
    assert.equal(customExerciseFields('Trail Run', [importedSet({ distanceMetres: 8000 })]).category, 'cardio');
    const hold = customExerciseFields('L-Sit Hold (Kettlebell)', [importedSet({ durationSeconds: 30 })]);
    assert.deepEqual([hold.unit, hold.equipment], ['time', 'bodyweight']);
  });
});
