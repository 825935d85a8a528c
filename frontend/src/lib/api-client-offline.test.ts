import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import type { WaterDay } from '@fitness/contracts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { startTestServer, type TestServer } from '@fitness/gateway/testing/test-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ApiError, createApiClient, type Toast, toldTheUser } from './api-client.ts';
import { openReadCache } from './offline/read-cache.ts';
import { memoryStorage } from './storage.ts';

const DAY = '2026-11-27';

/**
 * A device of a new user against the real server, with their read cache and a network that can
 * go: offline, fetch fails as the browser's does without a connection, and navigator.onLine
 * says so (`online`); `unreachable` is a network that fails while the browser thinks it is up.
 */
async function device(
  server: TestServer,
  reachability: Pick<Parameters<typeof createApiClient>[0], 'onNoResponse' | 'onResponse'> = {},
) {
  const { token, user } = await server.register('Basement');
  const toasts: Toast[] = [];
  const network = { online: true, reachable: true };
  const cache = await openReadCache(user.id);
  const api = createApiClient({
    storage: memoryStorage({ auth_token: token }),
    cookie: () => null,
    currentPath: () => '/meals',
    notify: (toast) => toasts.push(toast),
    onSessionExpired: () => {},
    translate: (key) => key,
    online: () => network.online,
    ...reachability,
    baseUrl: `${server.baseUrl}/api/v1`,
    fetch: (url, init) =>
      network.online && network.reachable ? fetch(url, init) : Promise.reject(new TypeError('Failed to fetch')),
  });
  api.readFrom(Promise.resolve(cache));
  const water = () => api.get<WaterDay>(`/water/${DAY}`);
  /** Waits until the cache holds `total_ml` as the day's water: keeping an answer is not waited for by the read. */
  const kept = (total: number) =>
    waitUntil(async () => {
      const text = await cache.answer({ path: `/water/${DAY}`, search: '', language: 'en' });
      return text !== undefined && (JSON.parse(text) as WaterDay).total_ml === total;
    });
  const drink = (ml: number) => server.api('POST', `/water/${DAY}`, { token, body: { ml } });
  return { api, cache, toasts, network, water, kept, drink };
}

describe('API client without a network: reads from the read cache', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a read with its last answer, silently, and a fresh answer replaces it once online', async () => {
    const tab = await device(server);
    await tab.drink(250);
    assert.equal((await tab.water()).total_ml, 250);
    assert.ok(await tab.kept(250), 'the answer kept');

    tab.network.online = false;
    assert.equal((await tab.water()).total_ml, 250, 'offline: the last answer, as if loaded');
    assert.equal(tab.toasts.length, 0, 'no toast');

    // Another device drinks meanwhile; back online, the read takes the server's, and keeps it.
    await tab.drink(500);
    tab.network.online = true;
    assert.equal((await tab.water()).total_ml, 750);
    assert.ok(await tab.kept(750), 'the fresh answer kept over the old one');
    tab.network.online = false;
    assert.equal((await tab.water()).total_ml, 750, 'offline again: the fresh one');
    assert.equal(tab.toasts.length, 0, 'no toast');
    tab.cache.close();
  });

  it('answers from the cache when the server cannot be reached though the browser thinks it is online', async () => {
    const tab = await device(server);
    await tab.drink(300);
    await tab.water();
    assert.ok(await tab.kept(300));
    tab.network.reachable = false;
    assert.equal((await tab.water()).total_ml, 300);
    assert.equal(tab.toasts.length, 0, 'no toast');
    // A read never answered before fails as it always did: Network Error.
    await assert.rejects(tab.api.get('/nutrition/targets'), (error: ApiError) => error.status === null);
    assert.deepEqual(
      tab.toasts.map((toast) => toast.title),
      ['errors.network.title'],
    );
    tab.cache.close();
  });

  it('offline, fails a read it holds nothing for without a toast: the offline indicator says it', async () => {
    const tab = await device(server);
    tab.network.online = false;
    const error = await tab.api.get('/nutrition/targets').catch((failure: unknown) => failure);
    assert.ok(error instanceof ApiError && error.status === null);
    assert.ok(toldTheUser(error), 'the screen adds nothing either');
    assert.equal(tab.toasts.length, 0, 'no toast');
    // An admin read is never kept, so never answered offline.
    await assert.rejects(tab.api.get('/admin/stats'), ApiError);
    assert.equal(tab.toasts.length, 0, 'no toast');
    tab.cache.close();
  });

  it('offline, tells once that a write not queued needs a connection; a write kept by its caller is quiet', async () => {
    const tab = await device(server);
    tab.network.online = false;
    const error = await tab.api.patch('/me', { name: 'Cellar' }).catch((failure: unknown) => failure);
    assert.ok(error instanceof ApiError && error.status === null && toldTheUser(error));
    assert.deepEqual(tab.toasts, [
      { type: 'error', title: 'offline.needsConnection.title', message: 'offline.needsConnection.message' },
    ]);
    const quiet = await tab.api
      .patch('/me/settings', { theme: 'dark' }, { quietOffline: true })
      .catch((failure: unknown) => failure);
    assert.ok(quiet instanceof ApiError && toldTheUser(quiet));
    // Online but without an answer, a write is a Network Error as ever.
    tab.network.online = true;
    tab.network.reachable = false;
    await assert.rejects(tab.api.post('/auth/logout'), ApiError);
    assert.deepEqual(
      tab.toasts.map((toast) => toast.title),
      ['offline.needsConnection.title', 'errors.network.title'],
      'none for the quiet write',
    );
    tab.cache.close();
  });

  it('online without an answer, with the app now queueing writes: a write says it was not saved, a read and a quiet write are quiet', async () => {
    const told = { noResponse: 0, response: 0 };
    const tab = await device(server, {
      onNoResponse: () => {
        told.noResponse += 1;
        return true;
      },
      onResponse: () => {
        told.response += 1;
      },
    });
    await assert.rejects(tab.api.get('/nutrition/targets/none'), (error: ApiError) => error.status === 404);
    assert.deepEqual(told, { noResponse: 0, response: 1 }, 'a 404 is an answer too');

    tab.network.reachable = false;
    const lost = await tab.api.post(`/water/${DAY}`, { ml: 250 }).catch((failure: unknown) => failure);
    assert.ok(lost instanceof ApiError && lost.status === null && toldTheUser(lost));
    assert.deepEqual(tab.toasts, [
      { type: 'error', title: 'offline.unreachable.title', message: 'offline.unreachable.message' },
    ]);
    const read = await tab.api.get('/nutrition/targets').catch((failure: unknown) => failure);
    assert.ok(read instanceof ApiError && toldTheUser(read), 'the offline indicator says it');
    await assert.rejects(tab.api.patch('/me/settings', { theme: 'dark' }, { quietOffline: true }), ApiError);
    assert.equal(tab.toasts.length, 1, 'no toast for the read nor the quiet write');
    assert.deepEqual(told, { noResponse: 3, response: 1 });

    // Offline for sure, the browser's word is enough: nothing to tell.
    tab.network.online = false;
    await assert.rejects(tab.api.get('/nutrition/targets'), ApiError);
    assert.equal(told.noResponse, 3);
    assert.equal(await tab.api.probe(), false);
    tab.network.online = true;
    tab.network.reachable = true;
    assert.equal(await tab.api.probe(), true);
    tab.cache.close();
  });

  it('keeps and answers nothing once signed out, and a read the caller gave up on is not answered', async () => {
    const tab = await device(server);
    await tab.drink(100);
    await tab.water();
    assert.ok(await tab.kept(100));
    const gaveUp = new AbortController();
    gaveUp.abort();
    await assert.rejects(tab.api.get(`/water/${DAY}`, { signal: gaveUp.signal }), (error: Error) => {
      return !(error instanceof ApiError);
    });

    tab.api.readFrom(null);
    tab.network.online = false;
    await assert.rejects(tab.water(), (error: ApiError) => error.status === null);
    tab.cache.close();
  });
});
