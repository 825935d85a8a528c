import assert from 'node:assert/strict';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { startTestServer, type TestServer } from '@fitness/gateway/testing/test-server.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { localToday } from '../../lib/format.ts';
import { secondDevice } from '../../lib/testing/second-device.ts';
import { createWeighIns } from './store.ts';

describe('weigh-ins store', () => {
  let server: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server.close();
  });

  it('shows a weigh-in from another device, and takes its own from the answer, reading nothing again', async () => {
    const { token } = await server.register('Robin');
    const device = await secondDevice(server, token);
    sockets.push(device.socket);
    const weighIns = createWeighIns(device.api);
    device.follow(weighIns);
    weighIns.show();
    const { state } = weighIns;
    assert.ok(await waitUntil(() => state.weighIns !== null, 10_000), 'the history loaded');
    assert.deepEqual(state.weighIns, []);

    const today = localToday();
    await server.api('PUT', `/body-weight/${today}`, { token, body: { weight: 81 } });
    assert.ok(await waitUntil(() => state.weighIns?.[0]?.weight === 81, 10_000), "another device's weigh-in shown");
    await server.api('PUT', `/body-weight/${today}`, { token, body: { weight: 80.5 } });
    assert.ok(await waitUntil(() => state.weighIns?.[0]?.weight === 80.5, 10_000), 'its correction shown');

    device.requests.length = 0;
    await weighIns.record(80);
    assert.deepEqual(state.weighIns, [{ date: today, weight: 80 }]);
    assert.deepEqual(device.requests, [`PUT /api/v1/body-weight/${today}`], 'its own answer is shown as it is');
    await device.settled();
  });
});
