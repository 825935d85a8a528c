import {
  type ClientSettingKey,
  type ClientSettings,
  DEFAULT_CLIENT_SETTINGS,
  isValidClientSetting,
} from '@fitness/contracts/users/client-settings.ts';
import { proxy, subscribe } from 'valtio';
import type { KeyValueStorage } from '../storage.ts';
import { STORAGE_KEYS } from '../storage.ts';

/** Client settings and their defaults: spec section 3, saved under `app_settings`; declared once in contracts. */
export const DEFAULT_SETTINGS = DEFAULT_CLIENT_SETTINGS;
export type Settings = ClientSettings;
export type SettingKey = ClientSettingKey;

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

const isValid = isValidClientSetting;

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
