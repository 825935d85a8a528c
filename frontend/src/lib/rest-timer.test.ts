import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createRestTimer } from './rest-timer.ts';

describe('rest timer', () => {
  it('counts down from the rest time, extends, and stops', () => {
    let clock = 1_000_000;
    const timer = createRestTimer({ now: () => clock });
    assert.equal(timer.remaining(), null);
    timer.start(90, 'Bench press');
    assert.equal(timer.remaining(), 90);
    clock += 30_500;
    assert.equal(timer.remaining(), 60);
    timer.extend(30);
    assert.equal(timer.remaining(), 90);
    assert.equal(timer.state.seconds, 120);
    clock += 200_000;
    assert.equal(timer.remaining(), 0, 'never below zero');
    timer.stop();
    assert.equal(timer.remaining(), null);
  });
});
