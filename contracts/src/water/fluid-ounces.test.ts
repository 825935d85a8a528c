import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { fluidOuncesFromMl, mlFromFluidOunces } from './fluid-ounces.ts';

describe('water in fluid ounces', () => {
  it('converts water between millilitres and US fluid ounces', () => {
    assert.equal(mlFromFluidOunces(8), 237);
    assert.equal(fluidOuncesFromMl(500), 16.9);
  });
});
