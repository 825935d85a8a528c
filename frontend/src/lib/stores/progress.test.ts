import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import type { AchievementId, ChangeNotice } from '@fitness/contracts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { localToday } from '../format.ts';
import { secondDevices } from '../testing/second-device.ts';
import { createProgress } from './progress.ts';

type Created = { id: string };

describe('achievements store: training on another device', () => {
  const devices = secondDevices();

  it('reads nothing for records beaten in a workout in progress, and what a fresh read shows when one is completed', async () => {
    const { token } = await devices.server.register('Robin');
    const writer = await devices.open(token);
    const device = await devices.open(token);
    const unlocked: AchievementId[] = [];
    const progress = createProgress(device.api, { announce: (id) => unlocked.push(id) });
    device.follow(progress);
    const heard: ChangeNotice[] = [];
    device.socket.on('change', (notice: ChangeNotice) => heard.push(notice));
    progress.show(true);
    assert.ok(await waitUntil(() => progress.state.progress !== null), 'loaded');
    device.requests.length = 0;

    /** What the achievements show when read now, on the writing device (its reads wait for its writes). */
    const readNow = async () => {
      const reader = createProgress(writer.api, { announce: () => {} });
      const hide = reader.show();
      assert.ok(await waitUntil(() => reader.state.progress !== null), 'read');
      hide();
      return reader.state.progress;
    };
    const today = localToday();
    const workout = await writer.api.post<Created>('/workouts', { name: 'Push', date: today });
    const bench = await writer.api.post<Created>(`/workouts/${workout.id}/exercises`, { name: 'Bench press' });
    for (const weight of [100, 105, 110]) {
      await writer.api.post(`/workouts/${workout.id}/exercises/${bench.id}/sets`, { reps: 5, weight });
    }
    // The third set's records reached this device and were handed to the store.
    const beaten = (notice: ChangeNotice) => notice.id.startsWith('exercise_records:') && notice.changes !== undefined;
    assert.ok(await waitUntil(() => heard.filter(beaten).length >= 2), 'the records beaten were pushed');
    await device.settled();
    assert.deepEqual(device.requests, [], 'records beaten in a workout in progress change no achievement');

    // Completed, the workout counts: the store reads the achievements again, as fresh.
    await writer.api.patch(`/workouts/${workout.id}`, { status: 'completed', duration: 45 });
    const completed = await readNow();
    assert.ok(
      await waitUntil(() => isDeepStrictEqual(progress.state.progress, completed)),
      'the first workout counted',
    );
    assert.deepEqual(device.requests, ['GET /api/v1/metrics/achievements']);
    assert.deepEqual(unlocked, ['first_workout']);
  });
});
