/** The browser storage keys of the spec (section 3), in one place. */
export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'auth_user',
  locale: 'locale',
  settings: 'app_settings',
  /** Sets typed into the workout logger but not logged yet (see stores/set-drafts.ts). */
  setDrafts: 'set_drafts',
  /** Settings changed in this browser that the server has not confirmed yet (see stores/settings-sync.ts). */
  settingsUnsaved: 'settings_unsaved',
} as const;

/** The slice of Web Storage the stores use; tests pass a Map-backed one. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/** localStorage where it exists and works (private modes can throw), memory otherwise. */
export function browserStorage(): KeyValueStorage {
  try {
    const probe = '__probe__';
    globalThis.localStorage.setItem(probe, probe);
    globalThis.localStorage.removeItem(probe);
    return globalThis.localStorage;
  } catch {
    return memoryStorage();
  }
}
