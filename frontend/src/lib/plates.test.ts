import assert from 'node:assert/strict';
import { DEFAULT_CLIENT_SETTINGS } from '@fitness/contracts/users/client-settings.ts';
import { describe, it } from 'vitest';
import { gymOf, loadPlates } from './plates.ts';

const kg = (weight: number) => loadPlates(weight, gymOf(DEFAULT_CLIENT_SETTINGS, 'kg'));
const lb = (weight: number) => loadPlates(weight, gymOf(DEFAULT_CLIENT_SETTINGS, 'lb'));

describe('plates per side', () => {
  it('loads kilograms from the heaviest plate down', () => {
    assert.deepEqual(kg(100), {
      kind: 'exact',
      perSide: [
        { plate: 25, count: 1 },
        { plate: 15, count: 1 },
      ],
      total: 100,
    });
    assert.deepEqual(kg(142.5), {
      kind: 'exact',
      perSide: [
        { plate: 25, count: 2 },
        { plate: 10, count: 1 },
        { plate: 1.25, count: 1 },
      ],
      total: 142.5,
    });
  });

  it('loads pounds: 225 is two 45s a side, 135 one', () => {
    assert.deepEqual(lb(225), { kind: 'exact', perSide: [{ plate: 45, count: 2 }], total: 225 });
    assert.deepEqual(lb(135), { kind: 'exact', perSide: [{ plate: 45, count: 1 }], total: 135 });
    assert.deepEqual(lb(190), {
      kind: 'exact',
      perSide: [
        { plate: 45, count: 1 },
        { plate: 25, count: 1 },
        { plate: 2.5, count: 1 },
      ],
      total: 190,
    });
  });

  it('takes the bar alone as no plates', () => {
    assert.deepEqual(kg(20), { kind: 'exact', perSide: [], total: 20 });
    assert.deepEqual(lb(45), { kind: 'exact', perSide: [], total: 45 });
  });

  it('says when a weight is below the bar', () => {
    assert.deepEqual(kg(15), { kind: 'below-bar', bar: 20 });
    assert.deepEqual(kg(0), { kind: 'below-bar', bar: 20 });
    assert.deepEqual(loadPlates(40, gymOf(DEFAULT_CLIENT_SETTINGS, 'lb')), { kind: 'below-bar', bar: 45 });
  });

  it('gives the heaviest load below a weight the plates cannot make, and what is left over', () => {
    assert.deepEqual(kg(101), {
      kind: 'closest',
      perSide: [
        { plate: 25, count: 1 },
        { plate: 15, count: 1 },
      ],
      total: 100,
      leftOver: 1,
    });
    const light = lb(47.5);
    assert.deepEqual(light, { kind: 'closest', perSide: [], total: 45, leftOver: 2.5 });
  });

  it('finds a load a greedy fill misses: 20 a side from 15s and 10s', () => {
    assert.deepEqual(loadPlates(60, { bar: 20, plates: [15, 10] }), {
      kind: 'exact',
      perSide: [{ plate: 10, count: 2 }],
      total: 60,
    });
  });

  it('adds small plates without floating-point drift', () => {
    assert.deepEqual(loadPlates(20.6, { bar: 20, plates: [0.1] }), {
      kind: 'exact',
      perSide: [{ plate: 0.1, count: 3 }],
      total: 20.6,
    });
    assert.deepEqual(loadPlates(22.5, { bar: 20, plates: [1.25, 0.5] }).kind, 'exact');
  });

  it('uses the fewest plates, the heavier where two loads have as many', () => {
    const load = loadPlates(100, { bar: 20, plates: [20, 15, 10, 5] });
    assert.deepEqual(load.kind === 'exact' && load.perSide, [{ plate: 20, count: 2 }]);
    const tie = loadPlates(80, { bar: 20, plates: [20, 15, 10] });
    assert.deepEqual(tie.kind === 'exact' && tie.perSide, [
      { plate: 20, count: 1 },
      { plate: 10, count: 1 },
    ]);
  });

  it("uses the user's own bar and plates, per unit", () => {
    const settings = { ...DEFAULT_CLIENT_SETTINGS, barWeightKg: 15, platesKg: [10, 2.5], barWeightLb: 35 };
    assert.deepEqual(loadPlates(40, gymOf(settings, 'kg')), {
      kind: 'exact',
      perSide: [
        { plate: 10, count: 1 },
        { plate: 2.5, count: 1 },
      ],
      total: 40,
    });
    assert.deepEqual(loadPlates(125, gymOf(settings, 'lb')), {
      kind: 'exact',
      perSide: [{ plate: 45, count: 1 }],
      total: 125,
    });
  });

  it('leaves everything over the bar when there are no plates', () => {
    assert.deepEqual(loadPlates(60, { bar: 20, plates: [] }), {
      kind: 'closest',
      perSide: [],
      total: 20,
      leftOver: 40,
    });
  });
});
