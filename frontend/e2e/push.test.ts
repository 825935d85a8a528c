import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildEmbeddedApp } from '@fitness/gateway/embedded-app.ts';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import type { PushPayload } from '@fitness/notifications/push/push-service.ts';
import {
  type PushEndpointServer,
  startPushEndpointServer,
} from '@fitness/notifications/push/testing/push-endpoint-server.ts';
import { readConfig } from '@fitness/platform/config.ts';
import { CHROMIUM } from '@fitness/tools/chromium.ts';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, expectToast, PHONE, SCREENSHOTS, screenshot, startApp } from './harness.ts';

const pushStatus = (page: Page) => page.getByTestId('push-status');
const pushSwitch = (page: Page) => page.getByRole('switch', { name: 'Push notifications' });

/** Waits until the switch has finished asking the browser (or subscribing), and says where it ended. */
async function settledStatus(page: Page) {
  await page.waitForFunction(() => {
    const status = document.querySelector('[data-testid=push-status]')?.getAttribute('data-status');
    return status !== undefined && status !== null && status !== 'checking';
  });
  return pushStatus(page).getAttribute('data-status');
}

/**
 * Web push and the installable app in a real Chromium. What Chromium cannot do here: subscribe
 * through a real push service (Chrome's needs the internet, and it refuses push in incognito
 * profiles). So the permission states are real, the failure of a real subscribe is real, and
 * the one stand-in is the browser's PushManager in the "active" test, which hands out a
 * subscription of the local push service; the server's push then travels through that push
 * service (decrypted there) and is delivered to the app's service worker over DevTools, where
 * it must show as a notification.
 */
describe('push notifications in the web app', () => {
  let app: App;
  let pushService: PushEndpointServer;
  beforeAll(async () => {
    // The local push service is plain http on loopback: only the test switch lets the server push there.
    app = await startApp({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
    const key = await app.api('GET', '/push/public-key');
    pushService = await startPushEndpointServer({ vapidPublicKey: key.body.public_key });
  });
  afterAll(async () => {
    await app?.close();
    await pushService?.close();
  });

  it('shows off, unsupported and a failed subscribe as they are, and denied once the user blocks notifications', async () => {
    const { context, page } = await app.signedIn();
    try {
      await page.goto('/settings');
      assert.equal(await settledStatus(page), 'inactive');
      assert.equal(await pushSwitch(page).isChecked(), false);
      assert.equal(await pushSwitch(page).isEnabled(), true);
      await screenshot(page, 'settings-push-off');

      // Chrome refuses push in a profile like this one (incognito): the switch says so and stays off.
      await context.grantPermissions(['notifications']);
      await pushSwitch(page).click();
      await expectToast(page, 'Push notifications could not be changed. Please try again.');
      assert.equal(await settledStatus(page), 'inactive');
    } finally {
      await context.close();
    }

    // A browser without the Push API.
    const bare = await app.signedIn();
    try {
      await bare.context.addInitScript(() => {
        delete (window as { PushManager?: unknown }).PushManager;
      });
      await bare.page.goto('/settings');
      assert.equal(await settledStatus(bare.page), 'unsupported');
      assert.equal(await pushSwitch(bare.page).isDisabled(), true);
      assert.equal(await pushStatus(bare.page).textContent(), 'This browser cannot receive push notifications.');
    } finally {
      await bare.context.close();
    }

    // The user answers the permission prompt with "Block" (Chromium's flag answers it so).
    const blocking = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--deny-permission-prompts'],
      headless: true,
    });
    try {
      const account = await registerUser(app.api, 'Blocker');
      const context = await blocking.newContext({ baseURL: app.baseUrl });
      await context.addInitScript(
        (session) => {
          for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
        },
        { auth_token: account.token, auth_user: JSON.stringify(account.user) },
      );
      const page = await context.newPage();
      await page.goto('/settings');
      assert.equal(await settledStatus(page), 'inactive');
      await pushSwitch(page).click();
      assert.equal(await settledStatus(page), 'denied');
      assert.equal(await pushSwitch(page).isDisabled(), true);
      assert.match((await pushStatus(page).textContent()) ?? '', /blocked for this site/);
      await screenshot(page, 'settings-push-denied');
    } finally {
      await blocking.close();
    }
  });

  it('subscribes and unsubscribes for real with the server, and the service worker shows the push it gets', async () => {
    const browserSubscription = pushService.subscribe();
    const { account, context, page } = await app.signedIn({ timezoneId: 'Asia/Tokyo' });
    try {
      await context.grantPermissions(['notifications']);
      // The stand-in for the browser's push service registration (see above): a subscription of the local push service.
      await context.addInitScript((subscription) => {
        const given: { key: number[] | null } = { key: null };
        (window as unknown as { __applicationServerKey: typeof given }).__applicationServerKey = given;
        const held = () => sessionStorage.getItem('__subscribed') === '1';
        const made = {
          endpoint: subscription.endpoint,
          expirationTime: null,
          toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
          unsubscribe: async () => {
            sessionStorage.removeItem('__subscribed');
            return true;
          },
        };
        PushManager.prototype.getSubscription = async () => (held() ? made : null) as unknown as PushSubscription;
        PushManager.prototype.subscribe = async (options) => {
          given.key = [...new Uint8Array(options?.applicationServerKey as ArrayBuffer)];
          sessionStorage.setItem('__subscribed', '1');
          return made as unknown as PushSubscription;
        };
      }, browserSubscription);
      await page.goto('/settings');
      assert.equal(await settledStatus(page), 'inactive');
      await pushSwitch(page).click();
      await expectToast(page, 'Push notifications are on for this browser.');
      assert.equal(await settledStatus(page), 'active');
      assert.equal(await pushSwitch(page).isChecked(), true);
      const key = (await app.api('GET', '/push/public-key')).body.public_key as string;
      const passed = await page.evaluate(
        () => (window as unknown as { __applicationServerKey: { key: number[] } }).__applicationServerKey.key,
      );
      assert.deepEqual(Buffer.from(passed).toString('base64url'), key);
      const listed = await app.api('GET', '/me/push-subscriptions', { token: account.token });
      assert.deepEqual(
        listed.body.data.map((entry: { endpoint: string; time_zone: string }) => [entry.endpoint, entry.time_zone]),
        [[browserSubscription.endpoint, 'Asia/Tokyo']],
      );
      await screenshot(page, 'settings-push-active');

      // A record: the server pushes it through the local push service, which decrypts it.
      const call = async (method: string, url: string, body?: unknown) => {
        const response = await app.api(method, url, { token: account.token, body });
        assert.ok(response.status < 300, `${method} ${url}: ${JSON.stringify(response.body)}`);
        return response.body;
      };
      // A first session with an exercise sets its baselines; the next one's heavier set is the record.
      const benchSet = async (weight: number) => {
        const workout = await call('POST', '/workouts', {
          name: 'Push day',
          date: new Date().toISOString().slice(0, 10),
        });
        const bench = await call('POST', `/workouts/${workout.id}/exercises`, { name: 'Bench Press' });
        await call('POST', `/workouts/${workout.id}/exercises/${bench.id}/sets`, { reps: 5, weight });
      };
      await benchSet(80);
      await benchSet(85);
      await pushService.receivedCount(1);
      const [payload] = pushService.payloadsFor<PushPayload>(browserSubscription.id);
      assert.match(payload?.body ?? '', /^Bench Press: heaviest weight 85 kg/);

      // Delivered to the app's service worker as the browser's push service would: it shows it.
      const devtools = await context.newCDPSession(page);
      const registrations = new Promise<string>((resolve) => {
        devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
          const ours = list.find((entry: { scopeURL: string }) => entry.scopeURL === `${app.baseUrl}/`);
          if (ours) resolve(ours.registrationId);
        });
      });
      await devtools.send('ServiceWorker.enable');
      await devtools.send('ServiceWorker.deliverPushMessage', {
        origin: app.baseUrl,
        registrationId: await registrations,
        data: JSON.stringify(payload),
      });
      // Shown once the worker has handled the push (asked again until it has).
      const shown = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        for (;;) {
          const notes = await registration.getNotifications();
          if (notes.length > 0) {
            return notes.map((note) => ({
              title: note.title,
              body: note.body,
              tag: note.tag,
              icon: note.icon,
              data: note.data,
            }));
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      assert.deepEqual(shown, [
        {
          title: payload?.title,
          body: payload?.body,
          tag: payload?.tag,
          icon: `${app.baseUrl}/icons/icon-192.png`,
          data: { url: '/profile' },
        },
      ]);

      // A click on it (dispatched in the worker: headless Chromium shows no notification to
      // click) closes it and takes the open app to the screen it names, without reloading it.
      const [worker] = context.serviceWorkers();
      assert.ok(worker, 'the app’s service worker runs');
      await page.evaluate(() => {
        (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      });
      await worker.evaluate(async () => {
        // The worker's globals, which the page's type library does not describe.
        const scope = self as unknown as {
          registration: ServiceWorkerRegistration;
          dispatchEvent(event: Event): boolean;
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        };
        const [note] = await scope.registration.getNotifications();
        if (!note) throw new Error('no notification to click');
        scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: note }));
      });
      await page.waitForURL('**/profile');
      assert.equal(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true);
      await page.goto('/settings');
      assert.equal(await settledStatus(page), 'active');

      // Off: the server forgets this browser, and the browser unsubscribes.
      await pushSwitch(page).click();
      await expectToast(page, 'Push notifications are off for this browser.');
      assert.equal(await settledStatus(page), 'inactive');
      assert.deepEqual((await app.api('GET', '/me/push-subscriptions', { token: account.token })).body.data, []);
      assert.equal(await page.evaluate(() => sessionStorage.getItem('__subscribed')), null);
    } finally {
      await context.close();
    }
  });
});

/** A new version of the app (a changed service worker) is offered to the open tab, and taken on "Reload". */
describe('a new version of the installed app', () => {
  it('shows "A new version is available" and reloads into it when asked', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'dist-'));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'update-'));
    cpSync(path.resolve(import.meta.dirname, '../dist'), dist, { recursive: true });
    const config = readConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      AUTH_RATE_LIMIT: '1000',
      PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
    });
    const built = await buildEmbeddedApp(config, { logger: false, frontendDist: dist });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
    try {
      const account = await registerUser(apiClient(baseUrl), 'Updater');
      const context = await browser.newContext({ baseURL: baseUrl });
      await context.addInitScript(
        (session) => {
          for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
        },
        { auth_token: account.token, auth_user: JSON.stringify(account.user) },
      );
      const page = await context.newPage();
      await page.goto('/dashboard');
      // Version A installs and takes the page at once (nothing older to wait for): no banner.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cacheOf = () =>
        page.evaluate(async () => (await caches.keys()).filter((key) => key.startsWith('app-shell-')));
      const [versionA] = await cacheOf();
      assert.ok(versionA);
      assert.equal(await page.getByTestId('update-banner').count(), 0);

      // Version B is deployed: its worker installs beside A and waits; the open tab offers it.
      const worker = path.join(dist, 'sw.js');
      writeFileSync(worker, readFileSync(worker, 'utf8').replace(versionA, `${versionA}-b`));
      // Its compressed copies are version A's: without them, the server sends the new file as it is.
      for (const variant of ['br', 'gz']) rmSync(`${worker}.${variant}`, { force: true });
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      const banner = page.getByTestId('update-banner');
      await banner.waitFor();
      assert.match((await banner.textContent()) ?? '', /A new version is available\./);
      // The banner is fixed to the screen: the shot is of the screen, not the whole page.
      await page.screenshot({ path: path.join(SCREENSHOTS, 'app-update-available.png') });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'app-update-available-phone.png') });
      // Still version A's shell until the user says so.
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.state), 'activated');

      await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      assert.deepEqual(await cacheOf(), [`${versionA}-b`]);
      await page.getByRole('navigation').first().waitFor();
      assert.equal(await page.getByTestId('update-banner').count(), 0);
    } finally {
      await browser.close();
      await built.app.close();
      rmSync(dist, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
