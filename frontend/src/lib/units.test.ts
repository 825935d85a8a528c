import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  displayDistance,
  displayHeight,
  displayWeight,
  distanceToMetres,
  heightToCm,
  parseDecimal,
  weightToKg,
} from './units.ts';

describe('units', () => {
  it('reads a number as typed: a decimal comma or point, Western or Arabic digits', () => {
    assert.equal(parseDecimal(' 62,5 '), 62.5);
    assert.equal(parseDecimal('62.5'), 62.5);
    assert.equal(parseDecimal('٦٢٫٥'), 62.5);
    assert.equal(parseDecimal('۱۰۰'), 100);
    assert.ok(Number.isNaN(parseDecimal('62kg')));
  });

  it('shows metric values as the API holds them', () => {
    assert.equal(displayWeight(62.5, 'metric'), 62.5);
    assert.equal(displayHeight(180, 'metric'), 180);
    assert.equal(displayDistance(5000, 'metric'), 5);
    assert.equal(distanceToMetres(5, 'metric'), 5000);
  });
  it('converts to and from imperial', () => {
    assert.equal(displayWeight(100, 'imperial'), 220.5);
    assert.equal(weightToKg(225, 'imperial'), 102.058);
    assert.equal(displayHeight(180, 'imperial'), 70.9);
    assert.equal(heightToCm(70, 'imperial'), 177.8);
    assert.equal(displayDistance(1609.344, 'imperial'), 1);
    assert.equal(distanceToMetres(3.1, 'imperial'), 4989);
  });
  it('round-trips a typed imperial weight closely enough to show it back unchanged', () => {
    for (const pounds of [45, 135, 137.5, 225, 315]) {
      assert.equal(displayWeight(weightToKg(pounds, 'imperial'), 'imperial'), pounds);
    }
  });
});
