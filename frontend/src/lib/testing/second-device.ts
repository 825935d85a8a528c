import type { ChangeNotice } from '@fitness/contracts';
import { connectLive } from '@fitness/gateway/testing/live-client.ts';
import type { TestServer } from '@fitness/gateway/testing/test-server.ts';
import { type ApiClient, createApiClient } from '../api-client.ts';
import type { LiveStore } from '../live.ts';
import { memoryStorage } from '../storage.ts';

/**
 * A user's second device, for a store test against the real server and its live channel: an
 * API client of its own, counting its requests ("METHOD /path"), and a socket whose change
 * notices go to the store `follow` is given, as the app hands them over. Disconnect the socket
 * when done.
 */
export async function secondDevice(server: TestServer, token: string) {
  const requests: string[] = [];
  const api: ApiClient = createApiClient({
    storage: memoryStorage({ auth_token: token }),
    cookie: () => null,
    currentPath: () => '/',
    notify: () => {},
    onSessionExpired: () => {},
    translate: (key) => key,
    baseUrl: `${server.baseUrl}/api/v1`,
    fetch: (url, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
      return fetch(url, init);
    },
  });
  const live = await connectLive(server.baseUrl, token);
  const applied: Promise<void>[] = [];
  return {
    api,
    requests,
    socket: live.socket,
    /** Hands the notices to `store` from now on. */
    follow(store: Pick<LiveStore, 'applyChange'>) {
      live.socket.on('change', (notice: ChangeNotice) => applied.push(store.applyChange(notice)));
    },
    /** Every notice handed over so far, applied. */
    settled: () => Promise.all(applied),
  };
}
