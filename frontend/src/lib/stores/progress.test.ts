import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import type { AchievementId, ChangeNotice } from '@fitness/contracts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { localToday } from '../format.ts';
import { memoryStorage } from '../storage.ts';
import { secondDevices } from '../testing/second-device.ts';
import { createProgress } from './progress.ts';
import { createSettings } from './settings.ts';

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

  it('asks for the streak by the weekly goal and start of the week chosen, and reads it again when they change', async () => {
    const { token } = await devices.server.register('Goal setter');
    const device = await devices.open(token);
    const settings = createSettings(memoryStorage());
    const progress = createProgress(device.api, { announce: () => {}, settings });
    const hide = progress.show();
    assert.ok(await waitUntil(() => progress.state.progress?.streak.weekly_goal === 3), 'the default goal');
    settings.update('weeklyWorkoutGoal', 5);
    assert.ok(await waitUntil(() => progress.state.progress?.streak.weekly_goal === 5), 'read again with the new goal');
    device.requests.length = 0;
    settings.update('theme', 'dark');
    settings.update('weeklyWorkoutGoal', 5);
    await progress.refresh();
    assert.deepEqual(device.requests, ['GET /api/v1/metrics/achievements'], 'only the refresh asked for read again');
    hide();
  });
});
