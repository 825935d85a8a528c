import 'fake-indexeddb/auto';
import { createFlusher } from '../offline/flush.ts';
import { createOfflineSync } from '../offline/offline-sync.ts';
import { openOutbox } from '../offline/outbox.ts';
import type { secondDevices } from './second-device.ts';

/**
 * A user's outbox as the app opens it at sign-in, for the stores' offline tests: the outbox in
 * IndexedDB (fake-indexeddb in Node), its flusher against the real test server, and the offline
 * state over a connection the test turns on and off (`setOnline`). `close` when done.
 */
export async function offlineOutbox(
  devices: ReturnType<typeof secondDevices>,
  account: { token: string; user: { id: string } },
  online: boolean,
) {
  const { token, user } = account;
  const outbox = await openOutbox(user.id);
  const flusher = createFlusher({
    outbox,
    session: () => ({ userId: user.id, token }),
    baseUrl: `${devices.server.baseUrl}/api/v1`,
  });
  const events = new EventTarget();
  let connected = online;
  const sync = createOfflineSync({ outbox, flusher, connection: { online: () => connected, events } });
  await sync.start();
  return {
    outbox,
    sync,
    setOnline(now: boolean) {
      connected = now;
      events.dispatchEvent(new Event(now ? 'online' : 'offline'));
    },
    close() {
      sync.stop();
      outbox.close();
    },
  };
}
