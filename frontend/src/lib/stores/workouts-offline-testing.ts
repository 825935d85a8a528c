import 'fake-indexeddb/auto';
import en from '../../locales/en.json' with { type: 'json' };
import { createApiClient } from '../api-client.ts';
import { openLastSeen } from '../offline/last-seen.ts';
import { memoryStorage } from '../storage.ts';
import { offlineOutbox } from '../testing/offline-outbox.ts';
import type { secondDevices } from '../testing/second-device.ts';
import { workoutLabels } from './workout-labels.ts';
import { createWorkouts } from './workouts.ts';

/** The English words of a refusal, as the app's own texts make them ('Set 3 of Bench press'). */
export const englishLabels = workoutLabels((key, values) => {
  const text = key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], en);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
});

/**
 * A workouts store of the user's device, written to offline as the app does: its own outbox,
 * flusher and offline state against the real test server, a connection the test turns on and
 * off (`setOnline`), and the workouts last seen. `close` when done.
 */
export async function offlineWorkouts(
  devices: ReturnType<typeof secondDevices>,
  account: { token: string; user: { id: string } },
  online: boolean,
) {
  const { user } = account;
  const device = await devices.open(account.token);
  const { outbox, sync, setOnline, close } = await offlineOutbox(devices, account, online);
  const lastSeen = await openLastSeen(user.id);
  const workouts = createWorkouts(device.api);
  device.follow(workouts);
  const writes = { userId: user.id, outbox, sync, lastSeen, labels: englishLabels };
  await workouts.writeOffline(writes);
  return {
    workouts,
    device,
    sync,
    outbox,
    writes,
    setOnline,
    close() {
      void workouts.writeOffline(null);
      close();
      lastSeen.close();
    },
  };
}

/** An API client of a page loaded again in the basement: every request fails for want of a network. */
export function apiWithoutNetwork() {
  return createApiClient({
    storage: memoryStorage(),
    cookie: () => null,
    currentPath: () => '/',
    notify: () => {},
    onSessionExpired: () => {},
    translate: (key) => key,
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
  });
}
