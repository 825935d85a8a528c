import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { describe, it } from 'vitest';
import { memoryStorage, STORAGE_KEYS } from '../storage.ts';
import { secondDevices } from '../testing/second-device.ts';
import { createSettings } from './settings.ts';
import { createSettingsSync } from './settings-sync.ts';

describe('settings sync: lists of plates between two devices', () => {
  const devices = secondDevices();

  it("sends a changed list up once, and takes another device's without sending it back", async () => {
    const { token, user } = await devices.server.register('Plates');
    const open = async () => {
      const device = await devices.open(token);
      const settings = createSettings(memoryStorage());
      const sync = createSettingsSync({ api: device.api, settings, signedInUserId: () => user.id });
      device.follow(sync);
      await sync.restored();
      return { device, settings };
    };
    const phone = await open();
    const laptop = await open();
    phone.device.requests.length = 0;
    laptop.device.requests.length = 0;

    phone.settings.update('platesKg', [20, 10, 5, 1.25]);
    assert.ok(
      await waitUntil(() => isDeepStrictEqual([...laptop.settings.state.platesKg], [20, 10, 5, 1.25])),
      'the laptop took the plates',
    );
    await laptop.device.settled();
    assert.deepEqual(phone.device.requests, ['PATCH /api/v1/me/settings']);
    assert.deepEqual(laptop.device.requests, ['GET /api/v1/me/settings'], 'nothing sent back');

    // The same plates in a new list are no change.
    phone.settings.update('platesKg', [20, 10, 5, 1.25]);
    laptop.settings.update('weeklyWorkoutGoal', 4);
    assert.ok(await waitUntil(() => phone.settings.state.weeklyWorkoutGoal === 4), 'the phone took the goal');
    await phone.device.settled();
    assert.deepEqual(phone.device.requests, ['PATCH /api/v1/me/settings', 'GET /api/v1/me/settings']);
  });
});

describe('settings sync: a change not confirmed before the page went away', () => {
  const devices = secondDevices();

  it('wins over the server at the next start, and is sent again', async () => {
    const { token, user } = await devices.server.register('Reloader');
    const storage = memoryStorage();
    const start = async () => {
      const device = await devices.open(token);
      const settings = createSettings(storage);
      const sync = createSettingsSync({ api: device.api, settings, storage, signedInUserId: () => user.id });
      await sync.restored();
      await device.settled();
      return settings;
    };
    (await start()).update('language', 'ar');
    assert.ok(
      await waitUntil(
        async () => (await devices.server.api('GET', '/me/settings', { token })).body.settings.language === 'ar',
      ),
      'Arabic saved',
    );
    // What a page leaves when German was chosen and it reloaded before the save was answered.
    const left = JSON.parse(storage.getItem(STORAGE_KEYS.settings) ?? '{}');
    storage.setItem(STORAGE_KEYS.settings, JSON.stringify({ ...left, language: 'de' }));
    storage.setItem(STORAGE_KEYS.settingsUnsaved, JSON.stringify(['language']));

    const next = await start();
    assert.equal(next.state.language, 'de', "the server's Arabic does not undo the German chosen here");
    const savedAs = async (language: string) =>
      (await devices.server.api('GET', '/me/settings', { token })).body.settings.language === language;
    assert.ok(await waitUntil(() => savedAs('de')), 'sent again, in the read model');
    assert.deepEqual(JSON.parse(storage.getItem(STORAGE_KEYS.settingsUnsaved) ?? ''), [], 'confirmed');
  });
});

describe('settings sync: a change made without a connection', () => {
  const devices = secondDevices();

  it('is sent when the connection returns, without waiting for the next start', async () => {
    const { token, user } = await devices.server.register('Basement');
    const storage = memoryStorage();
    // What a change made offline leaves: the value here, marked as not confirmed by the server.
    const settings = createSettings(storage);
    settings.update('weeklyWorkoutGoal', 5);
    storage.setItem(STORAGE_KEYS.settingsUnsaved, JSON.stringify(['weeklyWorkoutGoal']));
    const device = await devices.open(token);
    const events = new EventTarget();
    createSettingsSync({ api: device.api, settings, storage, signedInUserId: () => user.id, connection: { events } });

    events.dispatchEvent(new Event('online'));
    const saved = async () =>
      (await devices.server.api('GET', '/me/settings', { token })).body.settings.weeklyWorkoutGoal === 5;
    assert.ok(await waitUntil(saved), 'sent once the connection was back');
    await device.settled();
    assert.deepEqual(JSON.parse(storage.getItem(STORAGE_KEYS.settingsUnsaved) ?? ''), [], 'confirmed');
  });
});

describe('settings sync: a change not saved when its user signed out', () => {
  const devices = secondDevices();

  it('is not sent for the next user who signs in on the device', async () => {
    const first = await devices.server.register('Leaving');
    const next = await devices.server.register('Arriving');
    // The next user chose their goal on another device.
    await devices.server.api('PATCH', '/me/settings', { token: next.token, body: { weeklyWorkoutGoal: 4 } });
    await devices.server.caughtUp();
    const storage = memoryStorage();
    const settings = createSettings(storage);
    let signedIn: string | null = first.user.id;
    const firstDevice = await devices.open(first.token);
    const sync = createSettingsSync({ api: firstDevice.api, settings, storage, signedInUserId: () => signedIn });
    // What a change made offline leaves: the value here, marked as not confirmed by the server.
    settings.update('weeklyWorkoutGoal', 6);
    storage.setItem(STORAGE_KEYS.settingsUnsaved, JSON.stringify(['weeklyWorkoutGoal']));
    signedIn = null;
    sync.clear();
    assert.deepEqual(JSON.parse(storage.getItem(STORAGE_KEYS.settingsUnsaved) ?? ''), [], 'forgotten at sign-out');

    const nextDevice = await devices.open(next.token);
    signedIn = next.user.id;
    const nextSync = createSettingsSync({ api: nextDevice.api, settings, storage, signedInUserId: () => signedIn });
    await nextSync.signedIn();
    await nextDevice.settled();
    assert.equal(settings.state.weeklyWorkoutGoal, 4, 'their own goal shows');
    const theirs = await devices.server.api('GET', '/me/settings', { token: next.token });
    assert.equal(
      theirs.body.settings.weeklyWorkoutGoal,
      4,
      "the leaving user's unsaved goal was not pushed into theirs",
    );
  });
});
