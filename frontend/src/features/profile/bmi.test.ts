import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { bmi } from './bmi.ts';

describe('BMI', () => {
  it('works out kg/m² and the category at the WHO boundaries', () => {
    assert.deepEqual(bmi(70, 175), { value: 22.9, category: 'normal' });
    assert.equal(bmi(56, 175)?.category, 'underweight');
    assert.equal(bmi(76.6, 175)?.category, 'overweight');
    assert.equal(bmi(92, 175)?.category, 'obese');
  });
  it('needs both weight and height', () => {
    assert.equal(bmi(null, 175), null);
    assert.equal(bmi(70, null), null);
  });
});
