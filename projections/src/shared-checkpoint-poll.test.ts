import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { type Checkpoints, SharedCheckpointPoll } from './shared-checkpoint-poll.ts';

/**
 * A poll whose pauses end when the test says (no clock): `next()` lets the waiting poll read
 * again, and resolves once that read has been answered and the poll pauses (or stops) again.
 */
function pollUnderTest() {
  let checkpoints: Checkpoints = {};
  let reads = 0;
  let resume: (() => void) | null = null;
  let paused: (() => void) | null = null;
  const poll = new SharedCheckpointPoll(
    async () => {
      reads += 1;
      return { ...checkpoints };
    },
    () =>
      new Promise<void>((resolve) => {
        resume = resolve;
        paused?.();
      }),
  );
  /** Resolves when the poll next pauses; settled waiters have been answered by then. */
  const nextPause = () =>
    new Promise<void>((resolve) => {
      paused = resolve;
    });
  return {
    poll,
    reads: () => reads,
    commit: (next: Checkpoints) => {
      checkpoints = next;
    },
    pausedNow: () => resume !== null,
    async next() {
      const pausedAgain = nextPause();
      const go = resume;
      resume = null;
      assert.ok(go, 'the poll is paused');
      go();
      return pausedAgain;
    },
    nextPause,
  };
}

const at = (projection: string, position: number) => (checkpoints: Checkpoints) =>
  (checkpoints[projection] ?? 0) >= position;

describe('one checkpoint poll shared by every waiting read', () => {
  it('answers all the reads waiting at once with one read per round, then stops reading', async () => {
    const test = pollUnderTest();
    test.commit({ users: 5, workouts: 5 });
    const firstPause = test.nextPause();
    const waits = [
      test.poll.waitFor(at('users', 10), 60_000),
      test.poll.waitFor(at('workouts', 10), 60_000),
      test.poll.waitFor(at('users', 12), 60_000),
    ];
    const early = test.poll.waitFor(at('users', 5), 60_000);
    await firstPause;
    assert.equal(await early, true, 'reached at the first read');
    assert.equal(test.reads(), 1, 'one read for four waiting');

    test.commit({ users: 10, workouts: 10 });
    await test.next();
    assert.equal(test.reads(), 2);
    test.commit({ users: 12, workouts: 10 });
    const last = test.next();
    assert.deepEqual(await Promise.all(waits), [true, true, true]);
    assert.equal(test.reads(), 3, 'one read a round, however many wait');
    // Nobody waits any more: the poll ended in the step that answered them, instead of pausing
    // for another read (`last` never resolves).
    assert.equal(test.pausedNow(), false, 'no pause, so no further read');
    void last;
  });

  it('starts again for a read that comes after it stopped, with a read of its own', async () => {
    const test = pollUnderTest();
    test.commit({ users: 3 });
    assert.equal(await test.poll.waitFor(at('users', 3), 60_000), true);
    assert.equal(await test.poll.waitFor(at('users', 1), 60_000), true);
    assert.equal(test.reads(), 2);
  });

  it('answers false at the first read after the time ran out, true if that read finds it reached', async () => {
    const test = pollUnderTest();
    test.commit({ users: 1 });
    assert.equal(await test.poll.waitFor(at('users', 1), 0), true, 'a wait of 0 still reads once');
    const paused = test.nextPause();
    const timedOut = test.poll.waitFor(at('users', 2), 0);
    await paused;
    // Set after the wait's timer with the same delay, so it fires after it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const stopped = test.next();
    assert.equal(await timedOut, false);
    assert.equal(test.reads(), 3);
    assert.equal(test.pausedNow(), false, 'nobody waits: no further read');
    void stopped;
  });

  it('fails the waiting reads when a read fails', async () => {
    const failing = new SharedCheckpointPoll(
      async () => {
        throw new Error('store unreachable');
      },
      () => new Promise<void>(() => {}),
    );
    await assert.rejects(failing.waitFor(at('users', 1), 60_000), /store unreachable/);
  });
});
