import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { type Decision, parseDuration, rampingTarget, scheduleOf } from './executors.ts';

const runs = (decision: Decision) => 'run' in decision;

describe('executors', () => {
  it('reads k6 durations', () => {
    assert.equal(parseDuration('30s', 0), 30_000);
    assert.equal(parseDuration('1m30s', 0), 90_000);
    assert.equal(parseDuration('500ms', 0), 500);
    assert.equal(parseDuration('1h', 0), 3_600_000);
    assert.equal(parseDuration(undefined, 7), 7);
    assert.throws(() => parseDuration('5 minutes', 0), /duration/);
  });

  it('shares iterations among VUs, and no more VUs than iterations', () => {
    const schedule = scheduleOf('s', { executor: 'shared-iterations', vus: 5, iterations: 3 });
    assert.equal(schedule.vus, 3);
    const handedOut = [0, 1, 0, 0, 2].map((vu) => runs(schedule.decide(vu, 0)));
    assert.deepEqual(handedOut, [true, true, true, false, false]);
  });

  it('gives each VU its own iterations', () => {
    const schedule = scheduleOf('s', { executor: 'per-vu-iterations', vus: 2, iterations: 2 });
    const handedOut = [0, 0, 0, 1, 1, 1].map((vu) => runs(schedule.decide(vu, 0)));
    assert.deepEqual(handedOut, [true, true, false, true, true, false]);
  });

  it('stops iteration-bound executors at maxDuration', () => {
    const schedule = scheduleOf('s', { executor: 'per-vu-iterations', vus: 1, iterations: 100, maxDuration: '1s' });
    assert.equal(runs(schedule.decide(0, 999)), true);
    assert.deepEqual(schedule.decide(0, 1000), { done: true });
  });

  it('loops constant VUs for the duration', () => {
    const schedule = scheduleOf('s', { executor: 'constant-vus', vus: 4, duration: '2s' });
    assert.equal(schedule.vus, 4);
    assert.equal(runs(schedule.decide(3, 1999)), true);
    assert.deepEqual(schedule.decide(3, 2000), { done: true });
    assert.throws(() => scheduleOf('s', { executor: 'constant-vus', vus: 1 }), /duration/);
  });

  it('ramps VUs linearly through the stages; VUs above the target wait', () => {
    const stages = [
      { durationMs: 1000, target: 10 },
      { durationMs: 1000, target: 10 },
      { durationMs: 1000, target: 0 },
    ];
    assert.equal(rampingTarget(0, stages, 0), 0);
    assert.equal(rampingTarget(0, stages, 500), 5);
    assert.equal(rampingTarget(0, stages, 1500), 10);
    assert.equal(rampingTarget(0, stages, 2750), 2.5);
    const schedule = scheduleOf('s', {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '1s', target: 10 },
        { duration: '1s', target: 0 },
      ],
    });
    assert.equal(schedule.vus, 10);
    assert.equal(runs(schedule.decide(4, 400)), false);
    assert.equal(runs(schedule.decide(4, 600)), true);
    assert.deepEqual(schedule.decide(0, 2000), { done: true });
  });

  it('refuses an executor it does not run', () => {
    assert.throws(() => scheduleOf('s', { executor: 'constant-arrival-rate' }), /does not run/);
  });
});
