import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { Scavenges } from './scavenges.ts';

describe('Scavenges', () => {
  it('starts one scavenge for a burst of erasures, and looks again until a scavenge point follows them', async () => {
    // The server's newest scavenge point: none yet, then the one the started scavenge wrote.
    const points = [0, 900];
    let looks = 0;
    let starts = 0;
    const settled = Promise.withResolvers<void>();
    const errors: unknown[] = [];
    const scavenges = new Scavenges({
      delayMs: 0,
      lastScavengePoint: async () => {
        const point = points[Math.min(looks++, points.length - 1)] ?? 0;
        if (point > 0) settled.resolve();
        return point;
      },
      start: async () => {
        starts++;
        return { scavengeId: 'a', result: 'started' };
      },
      onError: (error) => errors.push(error),
    });
    scavenges.request(300);
    scavenges.request(500);
    scavenges.request(400);
    await settled.promise;
    await scavenges.stop();
    assert.equal(starts, 1);
    assert.equal(looks, 2);
    assert.deepEqual(errors, []);
  });

  it('reports a scavenge it could not start, and asks again', async () => {
    const refusal = new Error('Access Denied');
    const reported = Promise.withResolvers<unknown>();
    let starts = 0;
    const scavenges = new Scavenges({
      delayMs: 0,
      lastScavengePoint: async () => 0,
      start: async () => {
        starts++;
        throw refusal;
      },
      onError: (error) => {
        if (starts === 2) reported.resolve(error);
      },
    });
    scavenges.request(100);
    assert.equal(await reported.promise, refusal);
    await scavenges.stop();
  });
});
