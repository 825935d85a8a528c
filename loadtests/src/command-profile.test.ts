import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { type CpuProfile, parseSchedstat, scheduleShares, sharesOf, threadOfProfile } from './command-profile.ts';

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
    const { busy, shares } = sharesOf(profile, 0, 2_000);
    // Busy: 2, 3, 4, 4, 6, 2, 3, 7 last 10 µs each, the final 4 has no next sample: 80 µs; idle 20.
    assert.equal(busy, 80 / 100);
    assert.deepEqual(Object.fromEntries(shares.map(({ share, fraction }) => [share, fraction])), {
      'the event store: the durable append, its group commit, reads': 20 / 80,
      'the command: validation and decision': 20 / 80,
      'the HTTP framework, headers and body': 30 / 80,
      'garbage collection': 10 / 80,
    });
  });

  it('counts only the samples inside the window', () => {
    assert.deepEqual(sharesOf(profile, 1_075, 2_000).shares, [
      { share: 'the HTTP framework, headers and body', fraction: 2 / 3 },
      { share: 'the command: validation and decision', fraction: 1 / 3 },
    ]);
    assert.throws(() => sharesOf(profile, 5_000, 6_000), /no busy sample/);
  });

  it("tells each profile's thread from the name Node gives it", () => {
    assert.equal(threadOfProfile('CPU.20261124.141245.4860.0.001.cpuprofile'), 0);
    assert.equal(threadOfProfile('CPU.20261124.141246.4860.1.002.cpuprofile'), 1);
    assert.equal(threadOfProfile('notes.txt'), null);
  });
});

describe("the scheduler's count of a server's threads", () => {
  it('reads the time on a core and the time waiting for one from a schedstat line', () => {
    assert.deepEqual(parseSchedstat('123456789 98765 4321\n'), { ranNs: 123_456_789, waitedNs: 98_765 });
    assert.throws(() => parseSchedstat(''), /not a schedstat line/);
  });

  it('gives each thread that ran its shares of the window, a thread new since the first count from zero', () => {
    const before = new Map([
      ['10', { name: 'MainThread', ranNs: 1e9, waitedNs: 1e8 }],
      ['12', { name: 'V8Worker', ranNs: 0, waitedNs: 0 }],
    ]);
    const after = new Map([
      ['10', { name: 'MainThread', ranNs: 1e9 + 1.4e9, waitedNs: 1e8 + 0.4e9 }],
      ['12', { name: 'V8Worker', ranNs: 0.01e9, waitedNs: 0 }],
      ['14', { name: 'WorkerThread', ranNs: 1e9, waitedNs: 0.5e9 }],
    ]);
    const shares = scheduleShares(before, after, 2);
    assert.deepEqual(
      shares.map(({ thread, ran, waited }) => [thread, Number(ran.toFixed(3)), Number(waited.toFixed(3))]),
      [
        ['MainThread (10)', 0.7, 0.2],
        ['WorkerThread (14)', 0.5, 0.25],
      ],
    );
  });
});
