import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { shiftDay } from '@fitness/contracts/calendar.ts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { localToday } from '../../lib/format.ts';
import { offlineOutbox } from '../../lib/testing/offline-outbox.ts';
import { secondDevices } from '../../lib/testing/second-device.ts';
import { createWeighIns } from './store.ts';

const labels = { weighIn: (kg: number) => `Weigh-in, ${kg} kg` };

describe('weigh-ins store: written offline', () => {
  const devices = secondDevices();

  it('shows a weigh-in made offline at once, over the history a reload reads, and the server has it once sent', async () => {
    const { token, user } = await devices.server.register('Scales');
    const yesterday = shiftDay(localToday(), -1);
    await devices.server.api('PUT', `/body-weight/${yesterday}`, { token, body: { weight: 81 } });
    const device = await devices.open(token);
    const { outbox, sync, setOnline, close } = await offlineOutbox(devices, { token, user }, false);
    const writes = { userId: user.id, outbox, sync, labels };
    const weighIns = createWeighIns(device.api);
    device.follow(weighIns);
    await weighIns.writeOffline(writes);
    weighIns.show();
    assert.ok(await waitUntil(() => weighIns.state.weighIns?.length === 1, 10_000), 'the history loaded');

    const requestsBefore = device.requests.length;
    const today = localToday();
    assert.deepEqual(await weighIns.record(80.456), { date: today, weight: 80.46 });
    const shown = [
      { date: yesterday, weight: 81 },
      { date: today, weight: 80.46 },
    ];
    assert.deepEqual(weighIns.state.weighIns, shown, 'shown at once, as the server records it');
    assert.equal(device.requests.length, requestsBefore, 'nothing sent offline');
    assert.deepEqual(
      (await outbox.waiting()).map((command) => command.label),
      ['Weigh-in, 80.46 kg'],
    );

    // A reload: the history read again (the app's read cache answers it offline) still shows it.
    const reloaded = createWeighIns(device.api);
    await reloaded.writeOffline(writes);
    reloaded.show();
    assert.ok(await waitUntil(() => reloaded.state.weighIns !== null, 10_000));
    assert.deepEqual(reloaded.state.weighIns, shown);

    setOnline(true);
    assert.ok(await waitUntil(() => sync.state.waiting === 0, 10_000), 'sent once online');
    await devices.server.caughtUp();
    const server = await devices.server.api('GET', `/body-weight?from=${yesterday}`, { token });
    assert.deepEqual(server.body.data, shown, 'the server has it once');
    assert.ok(
      await waitUntil(() => JSON.stringify(weighIns.state.weighIns) === JSON.stringify(shown)),
      'still shown, now as the server holds it',
    );
    await weighIns.writeOffline(null);
    await reloaded.writeOffline(null);
    close();
    await device.settled();
  });
});
