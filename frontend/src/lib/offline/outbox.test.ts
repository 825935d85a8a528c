import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { type NewCommand, openOutbox, withOffset } from './outbox.ts';

/** A command of the workout `workout`, as the logger will queue them. */
function setOf(workout: string, label: string): NewCommand {
  return {
    method: 'POST',
    path: `/workouts/${workout}/exercises/e/sets`,
    body: { reps: 5 },
    key: randomUUID(),
    label,
    touches: [`workout:${workout}`],
  };
}

describe('the outbox in IndexedDB', () => {
  it('keeps commands in the order they came, across a closed connection (a reload, a closed tab)', async () => {
    const user = randomUUID();
    const tab = await openOutbox(user);
    const actedAt = new Date('2026-11-26T22:50:00Z');
    for (const label of ['first', 'second', 'third']) await tab.append({ ...setOf('w', label), actedAt });
    tab.close();

    const reopened = await openOutbox(user);
    const waiting = await reopened.waiting();
    assert.deepEqual(
      waiting.map((command) => command.label),
      ['first', 'second', 'third'],
    );
    assert.equal((await reopened.next())?.label, 'first');
    assert.equal(await reopened.count(), 3);
    assert.equal(Date.parse(waiting[0]?.actedAt ?? ''), actedAt.getTime());
    await reopened.sent(waiting[0]?.seq ?? 0);
    assert.equal((await reopened.next())?.label, 'second');
    reopened.close();
  });

  it("keeps each user's commands apart", async () => {
    const robin = await openOutbox(randomUUID());
    const sam = await openOutbox(randomUUID());
    await robin.append(setOf('w', "Robin's set"));
    assert.equal(await sam.count(), 0);
    assert.equal(await robin.count(), 1);
    robin.close();
    sam.close();
  });

  it('moves a refused create and every later command needing what it created to the not-kept list, naming them', async () => {
    const outbox = await openOutbox(randomUUID());
    const start = await outbox.append({
      method: 'POST',
      path: '/workouts',
      body: { name: 'Push' },
      key: randomUUID(),
      label: 'Start Push',
      touches: ['workout:w'],
      creates: 'workout:w',
    });
    await outbox.append({ ...setOf('other', 'A set of another workout') });
    await outbox.append({
      ...setOf('w', 'Add Bench press'),
      touches: ['workout:w'],
      creates: 'workout-exercise:e',
    });
    await outbox.append({ ...setOf('w', 'Set 1 of Bench press'), touches: ['workout:w', 'workout-exercise:e'] });
    await outbox.append({ ...setOf('x', 'Set 1 of Squat'), touches: ['workout-exercise:e'] });

    const moved = await outbox.refuse(start.seq, 422, 'The name is too long.');
    assert.deepEqual(
      moved.map(({ label, because, status, message }) => [label, because, status, message]),
      [
        ['Start Push', null, 422, 'The name is too long.'],
        ['Add Bench press', 'Start Push', 422, 'The name is too long.'],
        ['Set 1 of Bench press', 'Start Push', 422, 'The name is too long.'],
        ['Set 1 of Squat', 'Start Push', 422, 'The name is too long.'],
      ],
    );
    assert.deepEqual(
      (await outbox.waiting()).map((command) => command.label),
      ['A set of another workout'],
    );
    assert.deepEqual(
      (await outbox.notKept()).map((notKept) => notKept.label),
      ['Start Push', 'Add Bench press', 'Set 1 of Bench press', 'Set 1 of Squat'],
    );
    assert.deepEqual(await outbox.refuse(start.seq, 422, 'again, from another tab'), []);

    await outbox.dismiss(start.seq);
    assert.equal((await outbox.notKept()).length, 3);
    outbox.close();
  });

  it("tells every tab of the user of another tab's changes", async () => {
    const user = randomUUID();
    const one = await openOutbox(user);
    const two = await openOutbox(user);
    const heard = new Promise<void>((resolve) => two.onChange(resolve));
    await one.append(setOf('w', 'a set'));
    await heard;
    assert.equal(await two.count(), 1);
    one.close();
    two.close();
  });
});

describe('the time of an action', () => {
  it('is RFC 3339 with the offset of the wall clock, naming the same instant', () => {
    const now = new Date('2026-11-26T22:50:07.250Z');
    const written = withOffset(now);
    assert.match(written, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/);
    assert.equal(Date.parse(written), now.getTime());
  });

  it("names the user's own day and offset, half hours and west of Greenwich too", () => {
    const zone = process.env.TZ;
    // Node reads TZ again when it is set: Newfoundland is UTC-03:30 in November.
    process.env.TZ = 'America/St_Johns';
    try {
      assert.equal(withOffset(new Date('2026-11-27T02:20:00Z')), '2026-11-26T22:50:00.000-03:30');
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });
});
