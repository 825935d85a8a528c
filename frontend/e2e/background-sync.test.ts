import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, PHONE, screenshot, startApp } from './harness.ts';
import { exerciseCard, logSet, waitForLoggedSets } from './logger.ts';

/** The tag the page registers and the worker answers (lib/offline/background-sync.ts). */
const OUTBOX_SYNC_TAG = 'fitness-outbox';

/** The tags of Background Syncs waiting for the app's worker, as the page's registration lists them. */
const syncTags = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
      sync?: { getTags(): Promise<string[]> };
    };
    return registration.sync ? registration.sync.getTags() : null;
  });

/**
 * Issue 36, Deliver 1: what waits in the outbox is sent by the service worker's Background Sync
 * when the connection returns, with no tab of the app open (Chromium has Background Sync).
 */
describe('the outbox sent by Background Sync', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends the sets logged offline once the connection is back, with every tab of the app closed', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const workout = await app.logWorkout(account.token, 'Basement legs', [{ name: 'Squat' }]);
    await page.goto(`/workouts/${workout.id}`);
    await exerciseCard(page, 'Squat').waitFor();
    // The app's worker in charge, its files kept: the page works offline.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    assert.deepEqual(await syncTags(page), [], 'the browser has Background Sync, and nothing waits yet');

    await context.setOffline(true);
    await page.getByText('Offline', { exact: true }).waitFor();
    await logSet(page, 'Squat', { weight: '100', reps: '5' });
    await logSet(page, 'Squat', { weight: '100', reps: '4' });
    await logSet(page, 'Squat', { weight: '90', reps: '6' });
    await waitForLoggedSets(page, ['5', '4', '6']);
    await page.getByRole('region', { name: 'Changes made offline' }).getByText('Offline · 3 changes waiting').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'background-sync-waiting-en-light-phone');
    // Queued where it could not be sent: the page left it to the worker.
    await page.waitForFunction(
      async (tag) => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> };
        };
        return (await registration.sync.getTags()).includes(tag);
      },
      OUTBOX_SYNC_TAG,
      { polling: 100 },
    );

    // Every tab of the app closed; a blank one keeps the browser context open.
    await context.newPage();
    await page.close();
    assert.deepEqual(
      context.pages().map((open) => open.url()),
      ['about:blank'],
    );
    const sets: { fromWorker: boolean; status: number; position: string | undefined }[] = [];
    const allAnswered = new Promise<void>((resolve) => {
      context.on('response', (response) => {
        const request = response.request();
        if (request.method() !== 'POST' || !request.url().endsWith('/sets')) return;
        sets.push({
          fromWorker: request.serviceWorker() !== null,
          status: response.status(),
          position: response.headers()['x-event-position'],
        });
        if (sets.length === 3) resolve();
      });
    });

    // The connection back: the browser fires the outbox's sync in the worker by itself.
    await context.setOffline(false);
    await allAnswered;
    assert.deepEqual(
      sets.map(({ fromWorker, status }) => [fromWorker, status]),
      [
        [true, 201],
        [true, 201],
        [true, 201],
      ],
      'each set sent once, by the service worker',
    );
    const read = await app.api('GET', `/workouts/${workout.id}`, {
      token: account.token,
      headers: { 'x-min-position': sets.at(-1)?.position ?? '0' },
    });
    assert.deepEqual(
      read.body.exercises.map((exercise: { sets: { weight: number; reps: number }[] }) =>
        exercise.sets.map((set) => [set.weight, set.reps]),
      ),
      [
        [
          [100, 5],
          [100, 4],
          [90, 6],
        ],
      ],
      'the server has the three sets, once each',
    );

    // The app opened again finds nothing waiting: the worker's sending emptied the outbox.
    const reopened = await context.newPage();
    await reopened.goto(`/workouts/${workout.id}`);
    await waitForLoggedSets(reopened, ['5', '4', '6']);
    assert.equal(await reopened.locator('.offline-line').count(), 0);
    assert.deepEqual(await syncTags(reopened), []);
    await context.close();

    // As the user sees it in Arabic, dark, on a small phone.
    const arabic = await app.signedInAs(account, {
      viewport: { width: 360, height: 780 },
      settings: { language: 'ar', theme: 'dark' },
    });
    const view = await arabic.newPage();
    await view.goto(`/workouts/${workout.id}`);
    await view.waitForFunction(() => document.documentElement.dir === 'rtl');
    await view.getByTestId('set-row').nth(2).waitFor();
    await screenshot(view, 'background-sync-sent-ar-dark-phone');
    await arabic.close();
  });
});
