import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { memoryStorage } from '../storage.ts';
import { createSettings, DEFAULT_SETTINGS, loadSettings } from './settings.ts';

describe('client settings', () => {
  it('starts from the defaults of the spec', () => {
    const settings = loadSettings(memoryStorage());
    assert.deepEqual(settings, DEFAULT_SETTINGS);
    assert.equal(settings.theme, 'light');
    assert.equal(settings.units, 'metric');
    assert.equal(settings.startOfWeek, 'monday');
    assert.equal(settings.defaultRestTime, 90);
    assert.equal(settings.profileVisibility, 'friends');
    assert.equal(settings.weeklyReports, false);
  });

  it('merges stored values over the defaults, ignoring unknown keys and wrong kinds', () => {
    const storage = memoryStorage({
      app_settings: JSON.stringify({
        theme: 'dark',
        units: 'imperial',
        weeklyReports: true,
        bogus: 1,
        language: 'fr',
        defaultRestTime: '90',
      }),
    });
    const settings = loadSettings(storage);
    assert.equal(settings.theme, 'dark');
    assert.equal(settings.units, 'imperial');
    assert.equal(settings.weeklyReports, true);
    assert.equal(settings.language, 'en', 'an unsupported language falls back');
    assert.equal(settings.defaultRestTime, 90, 'a string is not a number');
    assert.equal('bogus' in settings, false);
  });

  it("logs 'Failed to load settings' and keeps the defaults when the entry is unreadable", () => {
    const logged: string[] = [];
    const settings = loadSettings(memoryStorage({ app_settings: '{not json' }), (message) => logged.push(message));
    assert.deepEqual(settings, DEFAULT_SETTINGS);
    assert.deepEqual(logged, ['Failed to load settings']);
  });

  it('saves each single update at once', () => {
    const storage = memoryStorage();
    const settings = createSettings(storage);
    settings.update('theme', 'auto');
    assert.equal(JSON.parse(storage.getItem('app_settings') ?? '{}').theme, 'auto');
    settings.update('defaultRestTime', 120);
    assert.equal(JSON.parse(storage.getItem('app_settings') ?? '{}').defaultRestTime, 120);
    assert.throws(() => settings.update('theme', 'neon' as never), RangeError);
  });
});
