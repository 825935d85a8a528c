import { proxy, subscribe } from 'valtio';
import type { KeyValueStorage } from '../storage.ts';
import { STORAGE_KEYS } from '../storage.ts';

/** Client settings and their defaults: spec section 3, saved under `app_settings`. */
export const DEFAULT_SETTINGS = {
  emailNotifications: true,
  pushNotifications: true,
  workoutReminders: true,
  achievementAlerts: true,
  weeklyReports: false,
  profileVisibility: 'friends' as 'public' | 'friends' | 'private',
  shareWorkouts: true,
  shareAchievements: false,
  allowMessageRequests: true,
  language: 'en' as 'en' | 'de' | 'ar',
  theme: 'light' as 'light' | 'dark' | 'auto',
  units: 'metric' as 'metric' | 'imperial',
  startOfWeek: 'monday' as 'monday' | 'sunday',
  autoStartTimer: true,
  defaultRestTime: 90,
  soundEffects: true,
  hapticFeedback: true,
  showDebugInfo: false,
  autoBackup: true,
  downloadData: false,
  deleteAccount: false,
};

export type Settings = typeof DEFAULT_SETTINGS;
export type SettingKey = keyof Settings;

/** The values a choice setting may take; anything else stored is ignored in favour of the default. */
export const SETTING_CHOICES: Partial<Record<SettingKey, readonly string[]>> = {
  profileVisibility: ['public', 'friends', 'private'],
  language: ['en', 'de', 'ar'],
  theme: ['light', 'dark', 'auto'],
  units: ['metric', 'imperial'],
  startOfWeek: ['monday', 'sunday'],
};

/**
 * Stored values merged over the defaults. A value of the wrong kind (a string where a switch
 * belongs, an unknown theme) is dropped; an unreadable entry is logged as the spec says and the
 * defaults are kept.
 */
export function loadSettings(storage: KeyValueStorage, log: (message: string, error: unknown) => void = console.error) {
  const settings: Settings = { ...DEFAULT_SETTINGS };
  const raw = storage.getItem(STORAGE_KEYS.settings);
  if (!raw) return settings;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch (error) {
    log('Failed to load settings', error);
    return settings;
  }
  if (!stored || typeof stored !== 'object') return settings;
  for (const key of Object.keys(DEFAULT_SETTINGS) as SettingKey[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (isValid(key, value)) (settings as Record<SettingKey, unknown>)[key] = value;
  }
  return settings;
}

function isValid(key: SettingKey, value: unknown) {
  if (value === undefined || typeof value !== typeof DEFAULT_SETTINGS[key]) return false;
  if (key === 'defaultRestTime') return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 3600;
  const choices = SETTING_CHOICES[key];
  return !choices || choices.includes(value as string);
}

/** The settings store: each single update is saved at once. */
export function createSettings(storage: KeyValueStorage) {
  const state = proxy(loadSettings(storage));
  subscribe(state, () => storage.setItem(STORAGE_KEYS.settings, JSON.stringify(state)), true);
  return {
    state,
    update<K extends SettingKey>(key: K, value: Settings[K]) {
      if (!isValid(key, value)) throw new RangeError(`Invalid value for ${key}: ${String(value)}`);
      state[key] = value;
    },
    reset() {
      Object.assign(state, DEFAULT_SETTINGS);
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettings>;
