import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import ar from '../locales/ar.json';
import { formatFoodAmount, formatGrams, formatRelative, formatWater, formatWeightIn, unitLabel } from './format.ts';

describe('relative times', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it('says how long ago in the largest whole unit', () => {
    assert.equal(formatRelative(ago(0.2), 'en', now), 'this minute');
    assert.equal(formatRelative(ago(5), 'en', now), '5 minutes ago');
    assert.equal(formatRelative(ago(90), 'en', now), '1 hour ago');
    assert.equal(formatRelative(ago(60 * 24 * 2), 'en', now), '2 days ago');
    assert.equal(formatRelative(ago(60 * 24 * 15), 'en', now), '2 weeks ago');
    assert.equal(formatRelative(ago(60 * 24 * 400), 'en', now), 'last year');
  });
  it('speaks the locale and the future', () => {
    assert.equal(formatRelative(ago(60 * 24 * 2), 'de', now), 'vorgestern');
    assert.equal(formatRelative(ago(-60 * 24 * 30), 'en', now), 'in 4 weeks');
  });
});

describe('units as the locale writes them', () => {
  const latin = /[A-Za-z]/;

  it('writes water, food and a weight unit in Arabic without Latin letters', () => {
    for (const text of [
      formatWater(500, 'metric', 'ar'),
      formatWater(500, 'imperial', 'ar'),
      formatFoodAmount(150, 'metric', 'ar'),
      formatFoodAmount(150, 'imperial', 'ar'),
      formatGrams(42, 'ar'),
      unitLabel('kg', 'ar'),
      unitLabel('cm', 'ar'),
      unitLabel('lb', 'ar'),
    ]) {
      assert.doesNotMatch(text, latin, text);
    }
    // The label names the unit as a weight is written with it.
    assert.ok(formatWeightIn(62.5, 'kg', 'ar').includes(unitLabel('kg', 'ar')));
  });

  it('keeps the short forms English and German readers know', () => {
    // Intl keeps a number and its unit together with a no-break space.
    const spaced = (text: string) => text.replace(/\s/g, ' ');
    assert.equal(spaced(formatGrams(42, 'en')), '42 g');
    assert.equal(spaced(formatFoodAmount(62.5, 'metric', 'de')), '62,5 g');
    assert.equal(spaced(formatWater(500, 'metric', 'de')), '500 ml');
    assert.equal(unitLabel('cm', 'de'), 'cm');
    assert.equal(unitLabel('kg', 'en'), 'kg');
  });
});

describe('the Arabic texts', () => {
  it('name no unit in Latin letters (kg, g, ml, kcal, cm, km, lb, oz)', () => {
    const texts: string[] = [];
    const collect = (value: unknown) => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(ar);
    const units = /(^|[^A-Za-z])(kg|g|ml|kcal|cm|km|lb|oz|mi|in)([^A-Za-z]|$)/;
    assert.deepEqual(
      texts.filter((text) => units.test(text.replace(/\{\{[^}]*\}\}/g, ''))),
      [],
    );
  });
});
