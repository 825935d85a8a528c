import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { nutrientsFor, sumNutrients, toGrams } from './arithmetic.ts';
import { DEFAULT_KCAL, nutritionTargets } from './targets.ts';

const oats = { kcal: 379, protein: 13.2, carbs: 67.7, fat: 6.5 };

describe('entry arithmetic', () => {
  it('scales the values per 100 g to the weight eaten, rounded as labels are', () => {
    assert.deepEqual(nutrientsFor(oats, 40), { kcal: 152, protein: 5.3, carbs: 27.1, fat: 2.6 });
    assert.deepEqual(nutrientsFor(oats, 0.5), { kcal: 2, protein: 0.1, carbs: 0.3, fat: 0 });
  });
  it('converts ounces and servings to grams', () => {
    assert.equal(Math.round(toGrams(2, 'oz', null) * 100) / 100, 56.7);
    assert.equal(toGrams(1.5, 'serving', 50), 75);
    assert.equal(toGrams(125, 'g', 50), 125);
    assert.throws(() => toGrams(1, 'serving', null), RangeError);
  });
  it('totals a meal as the sum of what its entries show, so the numbers on screen add up', () => {
    const parts = [nutrientsFor(oats, 33.3), nutrientsFor(oats, 33.3), nutrientsFor(oats, 33.4)];
    assert.deepEqual(parts[0], { kcal: 126, protein: 4.4, carbs: 22.5, fat: 2.2 });
    assert.deepEqual(sumNutrients(parts), { kcal: 379, protein: 13.2, carbs: 67.6, fat: 6.6 });
    assert.deepEqual(sumNutrients([]), { kcal: 0, protein: 0, carbs: 0, fat: 0 });
  });
});

describe('targets from a profile', () => {
  const profile = {
    weight: 80,
    height: 180,
    age: 30,
    gender: 'male',
    activity_level: 'moderate',
    goals: [] as string[],
  };

  it('works out energy with Mifflin-St Jeor and the activity factor', () => {
    // (10·80 + 6.25·180 − 5·30 + 5) × 1.55 = 1780 × 1.55 = 2759
    const targets = nutritionTargets(profile);
    assert.equal(targets.kcal, 2759);
    assert.deepEqual(targets.missing, []);
    assert.equal(targets.protein, Math.round((2759 * 0.25) / 4));
    assert.equal(targets.fat, Math.round((2759 * 0.25) / 9));
    assert.equal(targets.water_ml, 2800);
  });
  it('adjusts for the goal and uses its split', () => {
    const losing = nutritionTargets({ ...profile, goals: ['lose_weight'] });
    assert.equal(losing.kcal, 2259);
    assert.equal(losing.protein, Math.round((2259 * 0.3) / 4));
    const female = nutritionTargets({
      ...profile,
      gender: 'female',
      weight: 50,
      height: 150,
      age: 70,
      activity_level: 'sedentary',
      goals: ['lose_weight'],
    });
    assert.equal(female.kcal, 1200, 'never below the floor');
  });
  it('works out the age from the birth date', () => {
    // The day before the 30th birthday: 29, so (1780 + 5) × 1.55 = 2766.75.
    const fromBirth = nutritionTargets(
      { ...profile, age: null, birth_date: '1996-11-22' },
      new Date('2026-11-21T12:00:00Z'),
    );
    assert.equal(fromBirth.kcal, 2767);
  });
  it('takes no age from a birth date stored before dates were checked (2099 made a negative age)', () => {
    const future = nutritionTargets(
      { ...profile, age: null, birth_date: '2099-01-01' },
      new Date('2026-11-21T12:00:00Z'),
    );
    const unknown = nutritionTargets({ ...profile, age: null, birth_date: null }, new Date('2026-11-21T12:00:00Z'));
    assert.ok(future.missing.includes('age'));
    assert.equal(future.kcal, unknown.kcal);
  });
  it('falls back to defaults and says what is missing', () => {
    const empty = nutritionTargets(null);
    assert.equal(empty.kcal, DEFAULT_KCAL);
    assert.equal(empty.water_ml, 2500);
    assert.deepEqual(empty.missing, ['weight', 'height', 'age', 'gender', 'activity_level']);
  });
  it('sets the energy by the weight goal, which rules over building muscle', () => {
    // (10·80 + 6.25·180 − 5·30 + 5) × 1.55 = 2759 kcal keeps the weight.
    const kcal = (goals: string[]) => nutritionTargets({ ...profile, goals }).kcal;
    assert.equal(kcal(['maintain_weight', 'build_muscle']), 2759);
    assert.equal(kcal(['build_muscle']), 2759 + 250);
    assert.equal(kcal(['gain_weight', 'build_muscle']), 2759 + 300);
    assert.equal(kcal(['lose_weight', 'improve_fitness']), 2759 - 500);
  });
});
