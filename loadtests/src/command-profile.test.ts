import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { type CpuProfile, sharesOf } from './command-profile.ts';

const frame = (id: number, functionName: string, url: string, children: number[] = []) => ({
  id,
  callFrame: { functionName, url },
  children,
});

/** A route of the HTTP framework calling a command, which appends; the thread also idles and collects. */
const profile: CpuProfile = {
  nodes: [
    frame(1, '(root)', '', [2, 5, 6]),
    frame(2, 'routeHandler', 'file:///app/node_modules/fastify/lib/handle-request.js', [3]),
    frame(3, 'logSet', 'file:///app/command-service/src/workouts/routes.ts', [4, 7]),
    frame(4, 'flushAppends', 'file:///app/stores/src/sqlite/sqlite-event-store.ts'),
    frame(5, '(idle)', ''),
    frame(6, '(garbage collector)', ''),
    // The framework's reply, called by the command's route: HTTP, not the command.
    frame(7, 'send', 'file:///app/node_modules/fastify/lib/reply.js'),
  ],
  startTime: 1_000,
  // One sample every 10 µs from 1,010 to 1,110: each lasts until the next one.
  samples: [2, 3, 4, 4, 5, 5, 6, 2, 3, 7, 4],
  timeDeltas: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
};

describe('where a command goes, from a CPU profile', () => {
  it('sums the busy samples by the innermost share their stack reaches, leaving idle time out', () => {
    const shares = Object.fromEntries(sharesOf(profile, 0, 2_000).map(({ share, fraction }) => [share, fraction]));
    // Busy: 2, 3, 4, 4, 6, 2, 3, 7 last 10 µs each, the final 4 has no next sample: 80 µs.
    assert.deepEqual(shares, {
      'the durable append and its group commit': 20 / 80,
      'the command: validation and decision': 20 / 80,
      'the HTTP framework, headers and body': 30 / 80,
      'garbage collection': 10 / 80,
    });
  });

  it('counts only the samples inside the window', () => {
    assert.deepEqual(sharesOf(profile, 1_075, 2_000), [
      { share: 'the HTTP framework, headers and body', fraction: 2 / 3 },
      { share: 'the command: validation and decision', fraction: 1 / 3 },
    ]);
    assert.throws(() => sharesOf(profile, 5_000, 6_000), /no busy sample/);
  });
});
