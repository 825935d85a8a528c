import type { ClientSettingsResponse } from '@fitness/contracts/users/account-api.ts';
import {
  type ClientSettings,
  DEFAULT_CLIENT_SETTINGS,
  sameClientSetting,
} from '@fitness/contracts/users/client-settings.ts';
import { subscribe } from 'valtio';
import type { ApiClient } from '../api-client.ts';
import type { ChangeNotice } from '../live.ts';
import { liveResource } from '../live-resource.ts';
import type { Connection } from '../offline/offline-sync.ts';
import { type KeyValueStorage, memoryStorage, STORAGE_KEYS } from '../storage.ts';
import type { SettingKey, SettingsStore } from './settings.ts';

/**
 * Keeps the browser's settings (`app_settings`) and the signed-in user's settings on the server
 * in step, so a choice made on the phone shows on the laptop:
 * - each setting changed here is sent at once (PATCH /me/settings, only what changed);
 * - the settings the user chose on any device are taken when the app starts signed in or
 *   someone signs in, and whenever the live channel says this user changed (another device
 *   saved something);
 * - a setting the user never chose anywhere keeps this browser's value, which goes up (an
 *   account's first device, or one from before settings followed the user);
 * - and a language picked on the sign-in screen is the one the user wants: it goes up.
 * Taking the server's values sends nothing back. A change the server has not confirmed yet (the
 * page reloaded or closed while it was on its way, or no network) is remembered in `storage`:
 * until it is saved it wins over the server's value, and it is sent again when the connection
 * returns (`connection`'s online event) and at the next start.
 */
export function createSettingsSync(options: {
  api: ApiClient;
  settings: SettingsStore;
  signedInUserId: () => string | null;
  storage?: KeyValueStorage;
  log?: (message: string, error: unknown) => void;
  /** Where the browser says its connection came back; none outside a page. */
  connection?: Pick<Connection, 'events'> | null;
}) {
  const { api, settings } = options;
  const storage = options.storage ?? memoryStorage();
  const log = options.log ?? console.error;
  const unsaved = new Set<string>(readUnsaved(storage));
  const keepUnsaved = () => storage.setItem(STORAGE_KEYS.settingsUnsaved, JSON.stringify([...unsaved]));
  /**
   * The settings as last saved or taken: what differs from it was changed here, and goes up.
   * Lists are kept as copies and compared by their items, since the store holds its own proxy of each.
   */
  const plain = (value: unknown) => (Array.isArray(value) ? [...value] : value);
  const known: Record<string, unknown> = Object.fromEntries(
    Object.entries(settings.state).map(([key, value]) => [key, plain(value)]),
  );

  /** Takes the settings the user chose somewhere (`changed`); the others stay as this browser has them. */
  function take(remote: ClientSettingsResponse) {
    for (const key of remote.changed) {
      // A change made here and not confirmed yet is newer than what the server holds.
      if (!(key in DEFAULT_CLIENT_SETTINGS) || unsaved.has(key)) continue;
      const value = remote.settings[key as SettingKey];
      if (value === undefined || sameClientSetting(value, settings.state[key as SettingKey])) continue;
      try {
        settings.update(key as SettingKey, value as never);
        known[key] = plain(value);
      } catch {
        // A value this client does not know (a newer server): the local one stays.
      }
    }
  }

  /** This browser's settings that differ from the defaults. */
  function chosenHere(): Partial<ClientSettings> {
    return Object.fromEntries(
      (Object.keys(DEFAULT_CLIENT_SETTINGS) as SettingKey[])
        .filter((key) => !sameClientSetting(settings.state[key], DEFAULT_CLIENT_SETTINGS[key]))
        .map((key) => [key, settings.state[key]]),
    ) as Partial<ClientSettings>;
  }

  /** The settings the user chose on any device, followed while someone is signed in. */
  const remote = liveResource({
    what: 'your settings',
    fetch: () => api.get<ClientSettingsResponse>('/me/settings'),
    take,
    // Our own saves come back as changes too; only another device's are news.
    answered: api.isOwnWrite,
    always: true,
  });

  const failedToLoad = (error: unknown) => log('Failed to load your settings from the server', error);

  /**
   * At startup or sign-in: what the user chose on any device wins; what they never chose
   * anywhere takes this browser's choice, which goes up. A language picked on the sign-in
   * screen is a choice made just now, and goes up too.
   */
  async function join(signingIn: boolean) {
    if (!options.signedInUserId()) return;
    try {
      const language = settings.state.language;
      const remote = await api.get<ClientSettingsResponse>('/me/settings');
      const chosen = new Set(remote.changed);
      take(remote);
      const mine = {
        ...Object.fromEntries(Object.entries(chosenHere()).filter(([key]) => !chosen.has(key))),
        ...unsavedChanges(),
      };
      if (signingIn && language !== DEFAULT_CLIENT_SETTINGS.language && language !== settings.state.language) {
        settings.update('language', language);
      }
      await save(mine as Partial<ClientSettings>);
    } catch (error) {
      log('Failed to load your settings from the server', error);
    }
  }

  /** The settings changed here that the server has not confirmed, with their values now. */
  function unsavedChanges(): Partial<ClientSettings> {
    return Object.fromEntries([...unsaved].map((key) => [key, plain(settings.state[key as SettingKey])]));
  }

  function save(changes: Partial<ClientSettings>) {
    const keys = Object.keys(changes);
    if (!options.signedInUserId() || keys.length === 0) return Promise.resolve();
    for (const key of keys) unsaved.add(key);
    keepUnsaved();
    // Offline, the change stays on this device and goes up at the next start: not a change lost.
    return api
      .patch<ClientSettings>('/me/settings', changes, { quietOffline: true })
      .then(() => {
        // Confirmed, unless the setting changed again meanwhile (that change is on its way).
        for (const [key, value] of Object.entries(changes)) {
          if (sameClientSetting(value, settings.state[key as SettingKey])) unsaved.delete(key);
        }
        keepUnsaved();
      })
      .catch((error) => log('Failed to save your settings on the server', error));
  }

  // Valtio calls back once per tick, however many settings changed in it: one PATCH carries them all.
  subscribe(settings.state, () => {
    const changes: Record<string, unknown> = {};
    for (const key of Object.keys(DEFAULT_CLIENT_SETTINGS) as SettingKey[]) {
      if (!sameClientSetting(settings.state[key], known[key])) changes[key] = plain(settings.state[key]);
      known[key] = plain(settings.state[key]);
    }
    void save(changes as Partial<ClientSettings>);
  });

  // A change made without a connection goes up as soon as there is one, not only at the next start.
  const connection = options.connection === undefined ? pageConnection() : options.connection;
  connection?.events.addEventListener('online', () => void save(unsavedChanges()));

  return {
    /** The app started with a stored sign-in. */
    restored: () => join(false),
    /** Someone just signed in on this page. */
    signedIn: () => join(true),
    async applyChange(notice: ChangeNotice) {
      if (notice.model !== 'users' || notice.id !== options.signedInUserId()) return;
      await remote.follow(notice).catch(failedToLoad);
    },
    refresh: async () => {
      if (options.signedInUserId()) await remote.refresh().catch(failedToLoad);
    },
    /**
     * Signing out keeps this browser's settings, which are the device's as much as the user's;
     * an answer still on its way for the user leaving is not taken, and what they changed
     * without saving is no longer theirs to send: the next user to sign in here would otherwise
     * have it pushed into their account.
     */
    clear() {
      remote.clear();
      unsaved.clear();
      keepUnsaved();
    },
  };
}

export type SettingsSync = ReturnType<typeof createSettingsSync>;

/** The window's online event, in a page; outside one (the stores' tests in Node) there is none. */
function pageConnection() {
  return typeof window === 'undefined' ? null : { events: window };
}

function readUnsaved(storage: KeyValueStorage): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.settingsUnsaved) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((key) => typeof key === 'string' && key in DEFAULT_CLIENT_SETTINGS)
      : [];
  } catch {
    return [];
  }
}
