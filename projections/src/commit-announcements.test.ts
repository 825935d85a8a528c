import assert from 'node:assert/strict';
import type { ChangeNotice } from '@fitness/contracts';
import { describe, it, vi } from 'vitest';
import { CommitAnnouncements } from './commit-announcements.ts';

const notice = (id: string, position: number): ChangeNotice => ({
  model: 'workouts',
  id,
  userId: 'u',
  op: 'upsert',
  position,
  correlationId: null,
});

describe('commit announcements', () => {
  const positions: Record<string, number> = { workouts_projection: 0 };
  const announcements = new CommitAnnouncements({
    projectionOfModel: new Map([['workouts', 'workouts_projection']]),
    positionOf: (name) => positions[name],
    headPosition: async () => 10,
  });

  it('tells the notices before the batch, and wakes waitFor by model once the position is reached', async () => {
    const heard: string[] = [];
    const stopChanges = announcements.onChange((change) => heard.push(`change ${change.id}`));
    const stopCommits = announcements.onCommitted((events) => heard.push(`batch of ${events}`));
    const waiting = announcements.waitFor(['workouts'], 5, 5_000).then((reached) => {
      heard.push('reached');
      return reached;
    });
    positions.workouts_projection = 5;
    announcements.announce([notice('a', 4), notice('b', 5)], 2);
    assert.equal(await waiting, true);
    assert.deepEqual(heard, ['change a', 'change b', 'batch of 2', 'reached']);
    stopChanges();
    stopCommits();
    announcements.announce([notice('c', 6)], 1);
    assert.equal(heard.length, 4, 'unsubscribed listeners hear nothing more');
  });

  it('answers false past the log head, once the head itself is reached', async () => {
    // Fake timers: all but the last moment of the wait passes at once, and what waits for the head
    // is still waiting then.
    vi.useFakeTimers();
    try {
      positions.workouts_projection = 8;
      let answered = false;
      const waiting = announcements.waitFor(['workouts'], 11, 5_000).then((reached) => {
        answered = true;
        return reached;
      });
      await vi.advanceTimersByTimeAsync(4_999);
      assert.equal(answered, false, 'the writes up to the head (10) are not all folded in yet');
      positions.workouts_projection = 10;
      announcements.announce([], 2);
      assert.equal(await waiting, false);
      positions.workouts_projection = 6;
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers false past the log head at once when the head is reached, and after the timeout', async () => {
    positions.workouts_projection = 10;
    assert.equal(await announcements.waitFor(['workouts'], 11, 5_000), false);
    positions.workouts_projection = 6;
    assert.equal(await announcements.waitFor(['workouts'], 9, 20), false);
    assert.equal(await announcements.waitFor(['unknown_model'], 9, 20), true, 'a model no projection here keeps');
  });
});
