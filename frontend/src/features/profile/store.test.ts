import assert from 'node:assert/strict';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { localToday } from '../../lib/format.ts';
import { secondDevices } from '../../lib/testing/second-device.ts';
import { createWeighIns } from './store.ts';

describe('weigh-ins store', () => {
  const devices = secondDevices();

  it('shows a weigh-in from another device, and takes its own from the answer, reading nothing again', async () => {
    const { token } = await devices.server.register('Robin');
    const device = await devices.open(token);
    const weighIns = createWeighIns(device.api);
    device.follow(weighIns);
    weighIns.show();
    const { state } = weighIns;
    assert.ok(await waitUntil(() => state.weighIns !== null, 10_000), 'the history loaded');
    assert.deepEqual(state.weighIns, []);

    const today = localToday();
    await devices.server.api('PUT', `/body-weight/${today}`, { token, body: { weight: 81 } });
    assert.ok(await waitUntil(() => state.weighIns?.[0]?.weight === 81, 10_000), "another device's weigh-in shown");
    await devices.server.api('PUT', `/body-weight/${today}`, { token, body: { weight: 80.5 } });
    assert.ok(await waitUntil(() => state.weighIns?.[0]?.weight === 80.5, 10_000), 'its correction shown');

    device.requests.length = 0;
    await weighIns.record(80);
    assert.deepEqual(state.weighIns, [{ date: today, weight: 80 }]);
    assert.deepEqual(device.requests, [`PUT /api/v1/body-weight/${today}`], 'its own answer is shown as it is');
    await device.settled();
  });
});
