import assert from 'node:assert/strict';
import { shiftDay } from '@fitness/contracts/calendar.ts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { aNotice } from '@fitness/stores/testing/events.ts';
import { describe, it } from 'vitest';
import { localToday } from '../../lib/format.ts';
import { secondDevices } from '../../lib/testing/second-device.ts';
import { createWeighIns } from './store.ts';

/** How the weigh-ins store applies a pushed change, handed to it as the live channel hands it over. */
describe('weigh-ins store: a pushed change applied', () => {
  const devices = secondDevices();

  it('puts a day in its place, takes a change and a removal, and leaves out what is older than a year', async () => {
    const user = await devices.server.register('Robin');
    const device = await devices.open(user.token);
    const weighIns = createWeighIns(device.api);
    weighIns.show();
    const { state } = weighIns;
    assert.ok(await waitUntil(() => state.weighIns !== null, 10_000), 'the history loaded');
    device.requests.length = 0;
    const userId = user.user.id;
    const today = localToday();
    const yesterday = shiftDay(today, -1);
    const weighIn = (date: string, position: number, fields: Parameters<typeof aNotice>[2]) =>
      aNotice(`${userId}:${date}`, position, { model: 'body_weight', userId, ...fields });

    await weighIns.applyChange(weighIn(today, 10, { document: { date: today, weight: 81 } }));
    await weighIns.applyChange(weighIn(yesterday, 11, { document: { date: yesterday, weight: 82 } }));
    await weighIns.applyChange(weighIn(today, 10, { document: { date: today, weight: 81 } }));
    assert.deepEqual(
      state.weighIns,
      [
        { date: yesterday, weight: 82 },
        { date: today, weight: 81 },
      ],
      'oldest first, a repeated notice once',
    );

    await weighIns.applyChange(weighIn(today, 12, { changes: [{ op: 'set', path: ['weight'], value: 80.5 }] }));
    assert.equal(state.weighIns?.[1]?.weight, 80.5, 'a correction applied to the day held');
    await weighIns.applyChange(weighIn(yesterday, 13, { op: 'delete' }));
    assert.deepEqual(state.weighIns, [{ date: today, weight: 80.5 }]);

    const longAgo = shiftDay(today, -400);
    await weighIns.applyChange(weighIn(longAgo, 14, { document: { date: longAgo, weight: 90 } }));
    await weighIns.applyChange(weighIn(longAgo, 15, { changes: [{ op: 'set', path: ['weight'], value: 91 }] }));
    assert.deepEqual(state.weighIns, [{ date: today, weight: 80.5 }], 'a day before the history shown is left out');
    assert.deepEqual(device.requests, [], 'nothing was read');

    // A change to a day of the year shown that is not held cannot be applied: the history is read again.
    await weighIns.applyChange(weighIn(yesterday, 16, { changes: [{ op: 'set', path: ['weight'], value: 83 }] }));
    assert.deepEqual(device.requests, ['GET /api/v1/body-weight']);
  });
});
