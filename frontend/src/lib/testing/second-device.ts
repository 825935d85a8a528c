import type { ChangeNotice } from '@fitness/contracts';
import { connectLive } from '@fitness/gateway/testing/live-client.ts';
import { startTestServer, type TestServer } from '@fitness/gateway/testing/test-server.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
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

/**
 * For a describe block of store tests: the real server, started before its tests, and the
 * second devices they open, whose sockets are closed with the server after them.
 */
export function secondDevices() {
  let started: TestServer | null = null;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    started = await startTestServer();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await started?.close();
  });
  const server = () => {
    if (!started) throw new Error('The server starts before the tests');
    return started;
  };
  return {
    get server() {
      return server();
    },
    /** A second device of the user whose token this is (see `secondDevice`). */
    async open(token: string) {
      const device = await secondDevice(server(), token);
      sockets.push(device.socket);
      return device;
    },
  };
}
