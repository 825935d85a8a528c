import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { ReadTurns } from './read-turns.ts';

const settled = async (promise: Promise<void>) => {
  let done = false;
  promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('ReadTurns: each account’s reads take turns', () => {
  it('runs two at once, queues the rest in order, and refuses past the queue’s length', async () => {
    const turns = new ReadTurns(2, 2);
    const first = turns.enter('ann');
    const second = turns.enter('ann');
    const third = turns.enter('ann');
    const fourth = turns.enter('ann');
    assert.ok(first && second && third && fourth);
    assert.equal(turns.enter('ann'), null, 'a fifth read is refused');
    assert.ok(await settled(first.ready));
    assert.ok(await settled(second.ready));
    assert.equal(await settled(third.ready), false, 'the third waits');
    assert.deepEqual(turns.load('ann'), { running: 2, waiting: 2 });

    first.leave();
    first.leave(); // leaving twice passes the turn on once
    assert.ok(await settled(third.ready), 'the third runs when the first is done');
    assert.equal(await settled(fourth.ready), false, 'the fourth still waits');
    assert.deepEqual(turns.load('ann'), { running: 2, waiting: 1 });
    second.leave();
    assert.ok(await settled(fourth.ready));
    third.leave();
    fourth.leave();
    assert.deepEqual(turns.load('ann'), { running: 0, waiting: 0 });
  });

  it('keeps accounts apart: one account’s queue never holds up another’s reads', async () => {
    const turns = new ReadTurns(1, 1);
    const ann = turns.enter('ann');
    assert.ok(turns.enter('ann'));
    assert.equal(turns.enter('ann'), null);
    const bob = turns.enter('bob');
    assert.ok(bob && (await settled(bob.ready)));
    ann?.leave();
  });

  it('gives up a place in the queue when the client goes away while waiting', async () => {
    const turns = new ReadTurns(1, 5);
    const running = turns.enter('ann');
    const gone = turns.enter('ann');
    const next = turns.enter('ann');
    assert.ok(running && gone && next);
    gone.leave();
    assert.deepEqual(turns.load('ann'), { running: 1, waiting: 1 });
    running.leave();
    assert.ok(await settled(next.ready), 'the turn skips the read whose client left');
    assert.equal(await settled(gone.ready), false);
    next.leave();
    assert.deepEqual(turns.load('ann'), { running: 0, waiting: 0 });
  });
});
