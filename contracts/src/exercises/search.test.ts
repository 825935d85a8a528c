import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { nameKey, searchable } from './search.ts';

describe('search normalisation', () => {
  it('ignores case, accents and German sharp s', () => {
    assert.equal(searchable('Kreuzheben'), searchable('KREUZHEBEN'));
    assert.equal(searchable('Übung'), 'ubung');
    assert.equal(searchable('Fußball'), 'fussball');
    assert.equal(searchable('  Développé   couché '), 'developpe couche');
  });
  it('ignores Arabic vowel marks and spelling variants', () => {
    assert.equal(searchable('إِطَالَة'), searchable('اطاله'));
    assert.equal(searchable('تمرين ـــ الضغط'), searchable('تمرين الضغط'));
    assert.equal(searchable('مستوى'), searchable('مستوي'));
  });
  it('compares names for uniqueness without case or extra spaces', () => {
    assert.equal(nameKey('  Bench   Press '), nameKey('bench press'));
    assert.notEqual(nameKey('Bench press'), nameKey('Bench presses'));
  });
});
