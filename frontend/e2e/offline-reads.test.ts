import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { type App, DESKTOP, type Look, liveChannelOpen, screenshot, startApp, widerThanScreenBy } from './harness.ts';
import { exerciseCard, waitForLoggedSets } from './logger.ts';

/** A small phone held upright: the narrowest screen the app is made for. */
const SMALL_PHONE = { width: 360, height: 780 };

type Token = { token: string };

/**
 * Every toast the page shows, from its first load on (a MutationObserver put in before the app's
 * code runs), in `window.toastsSeen`: a toast that comes and goes is still counted.
 */
async function countToasts(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (!(node instanceof Element)) continue;
          const toasts = node.matches('[data-testid="toast"]')
            ? [node]
            : [...node.querySelectorAll('[data-testid="toast"]')];
          for (const toast of toasts) seen.push(toast.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The toasts this page has shown since it loaded, once every request it made has settled. */
async function toastsShown(page: Page) {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
}

/**
 * Waits until the user's read cache holds an answer to each of these paths (any query or
 * language). Keeping an answer follows the answer, and the screen may draw first; a page left
 * before it is kept (a transaction open as the page unloads is dropped) keeps nothing.
 */
async function readsKept(page: Page, userId: string, paths: string[]) {
  const missing = () =>
    page.evaluate(
      async ([name, wanted]) => {
        const db = await new Promise<IDBDatabase | null>((resolve) => {
          const opening = indexedDB.open(name as string);
          // Not made here before the app makes it: a database made without its stores would stay so.
          opening.onupgradeneeded = () => opening.transaction?.abort();
          opening.onsuccess = () => resolve(opening.result);
          opening.onerror = () => resolve(null);
        });
        if (!db) return wanted as string[];
        try {
          if (!db.objectStoreNames.contains('answers')) return wanted as string[];
          const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
            const reading = db.transaction('answers').objectStore('answers').getAllKeys();
            reading.onsuccess = () => resolve(reading.result);
            reading.onerror = () => reject(reading.error);
          });
          const kept = new Set(keys.map((key) => String(key).split(' ')[1]?.split('?')[0]));
          return (wanted as string[]).filter((path) => !kept.has(path));
        } catch {
          return wanted as string[];
        } finally {
          db.close();
        }
      },
      [`fitness-reads-${userId}`, paths] as const,
    );
  await vi.waitFor(async () => assert.deepEqual(await missing(), [], 'reads not kept yet'), { timeout: 10_000 });
}

describe('reads offline: the screens of the gym and the table from the last data seen', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The browser's calendar day, which the meals page and the dashboard show. */
  const today = () => new Date().toLocaleDateString('sv');

  /**
   * A user with something on each screen: a finished workout of bench presses (the exercise's
   * history), a template made of it, a workout in progress, and today's breakfast of oats (a
   * food logged before) with water.
   */
  async function filledIn({ token }: Token) {
    const found = await app.api('GET', '/exercises?search=Barbell%20Bench%20Press&per_page=5', { token });
    const bench = found.body.data.find((exercise: { name: string }) => exercise.name === 'Barbell Bench Press');
    assert.ok(bench, 'the library has the bench press');
    const press = { name: bench.name, exercise_id: bench.id };
    const done = await app.logWorkout(
      token,
      'Push day',
      [
        {
          ...press,
          sets: [
            { reps: 5, weight: 100 },
            { reps: 5, weight: 100 },
          ],
        },
      ],
      { completed: true },
    );
    const template = await app.api('POST', `/workouts/${done.id}/template`, { token, body: { name: 'Basement push' } });
    assert.equal(template.status, 201, JSON.stringify(template.body));
    const current = await app.logWorkout(token, 'Evening pump', [{ ...press, sets: [{ reps: 8, weight: 60 }] }]);
    const meal = (await app.api('POST', '/meals', { token, body: { date: today(), type: 'breakfast' } })).body;
    const [oats] = (await app.api('GET', '/foods?search=oat&per_page=1', { token })).body.data;
    const added = await app.api('POST', `/meals/${meal.id}/entries`, {
      token,
      body: { food_id: oats.id, quantity: 1, unit: oats.serving ? 'serving' : 'g' },
    });
    assert.equal(added.status, 201, JSON.stringify(added.body));
    await app.api('POST', `/water/${today()}`, { token, body: { ml: 500 } });
    return { bench: bench as { id: string; name: string }, current, meal: meal as { id: string } };
  }

  it('shows each screen after an offline reload, with the offline indicator and no toast, and fresh once online', async () => {
    const { account, context, page } = await app.signedIn({ viewport: DESKTOP });
    await countToasts(context);
    const { bench, current, meal } = await filledIn(account);
    const indicator = page.getByRole('region', { name: 'Changes made offline' });

    /** Each screen: where, what it shows once drawn, and the reads it keeps for offline. */
    const screens: { address: string; drawn: () => Promise<unknown>; reads: string[] }[] = [
      {
        address: '/dashboard',
        reads: ['/metrics/today', '/metrics/weekly', '/workouts'],
        drawn: async () => {
          await page.getByTestId('continue-workout').filter({ hasText: 'Evening pump' }).waitFor();
          await page.getByTestId('workouts-completed').filter({ hasText: '1' }).waitFor();
          await page.getByTestId('calories-consumed').waitFor();
        },
      },
      {
        address: `/workouts/${current.id}`,
        // The workout itself is last-seen's; its exercise's previous sets are read.
        reads: [`/workouts/${current.id}/previous`],
        drawn: async () => {
          await exerciseCard(page, 'Barbell Bench Press').waitFor();
          await waitForLoggedSets(page, ['8']);
        },
      },
      {
        address: `/exercises/${bench.id}`,
        reads: [`/exercises/${bench.id}`, `/exercises/${bench.id}/history`, `/exercises/${bench.id}/progress`],
        drawn: async () => {
          await page.getByRole('heading', { level: 1, name: 'Barbell Bench Press' }).waitFor();
          await page.getByTestId('exercise-history').locator(':scope > li').first().waitFor();
        },
      },
      {
        address: '/templates',
        reads: ['/templates'],
        drawn: () => page.getByTestId('template-card').filter({ hasText: 'Basement push' }).waitFor(),
      },
      {
        address: '/meals',
        reads: ['/meals', `/water/${today()}`, '/nutrition/targets', '/foods/recent'],
        drawn: async () => {
          await page.getByTestId('meal-entry').first().waitFor();
          // The foods logged before, in the add dialog.
          await page.getByTestId('meal-breakfast').getByRole('button', { name: 'Add food' }).click();
          await page.getByRole('dialog').getByTestId('recent-foods').getByRole('button').first().waitFor();
          await page.keyboard.press('Escape');
          await page.getByRole('dialog').waitFor({ state: 'detached' });
        },
      },
    ];

    for (const { address, drawn, reads } of screens) {
      await page.goto(address);
      await drawn();
      await readsKept(page, account.user.id, reads);
    }
    // The app's files kept by its service worker: the page opens again without a connection.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    for (const { address, drawn } of screens) {
      await page.goto(address);
      await drawn();
      await indicator.getByText('Offline', { exact: true }).waitFor();
      assert.deepEqual(await toastsShown(page), [], `${address}: no toast offline`);
    }
    assert.equal(await page.getByTestId('meal-entry').count(), 1, 'the day as last seen: the oats');

    // Another device logs an apple meanwhile; back online, the meals page shows it without a reload.
    const apple = await app.api('POST', `/meals/${meal.id}/entries`, {
      token: account.token,
      body: { name: 'Apple', calories: 95, protein: 0, carbs: 25, fat: 0 },
    });
    assert.equal(apple.status, 201, JSON.stringify(apple.body));
    await context.setOffline(false);
    await page.getByTestId('meal-entry').filter({ hasText: 'Apple' }).waitFor();
    await indicator.getByText('Offline', { exact: true }).waitFor({ state: 'detached' });
    assert.deepEqual(await toastsShown(page), [], 'no toast back online');
    await context.close();
  });

  it('forgets the reads kept on a sign-out (a shared computer), and keeps them when the session is lost', async () => {
    const { account, context, page } = await app.signedIn({ viewport: DESKTOP });
    const name = `fitness-reads-${account.user.id}`;
    const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
    const channel = liveChannelOpen(page);
    await page.goto('/templates');
    await page.getByTestId('template-card').first().waitFor();
    await readsKept(page, account.user.id, ['/templates']);
    await channel;
    await vi.waitFor(async () => assert.ok((await databases()).includes(`fitness-last-seen-${account.user.id}`)), {
      timeout: 10_000,
    });

    // The token signed out elsewhere: the server closes its live channel, the app asks the site's
    // state again and meets a 401, so it signs out itself and asks for a sign-in.
    const revoked = await app.api('POST', '/auth/logout', { token: account.token });
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    await page.waitForURL('**/login?redirect=*');
    await readsKept(page, account.user.id, ['/templates']);

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/templates');
    await page.getByTestId('template-card').first().waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await vi.waitFor(async () => assert.ok(!(await databases()).includes(name), 'the reads forgotten'), {
      timeout: 10_000,
    });
    const lastSeen = `fitness-last-seen-${account.user.id}`;
    await vi.waitFor(
      async () => assert.ok(!(await databases()).includes(lastSeen), 'the workouts last seen forgotten'),
      {
        timeout: 10_000,
      },
    );
    await context.close();
  });

  const looks: Look[] = (['en', 'ar'] as const).flatMap((language) =>
    (['light', 'dark'] as const).flatMap((theme) =>
      (['phone', 'desktop'] as const).map((device) => ({ language, theme, device })),
    ),
  );

  it('reads offline in English and Arabic (right to left), light and dark, on a small phone and a desktop', async () => {
    const { account, context: first } = await app.signedIn();
    await first.close();
    const { bench } = await filledIn(account);
    for (const { language, theme, device } of looks) {
      const look = `${language}-${theme}-${device}`;
      const context = await app.signedInAs(account, {
        viewport: device === 'phone' ? SMALL_PHONE : DESKTOP,
        settings: { language, theme },
      });
      await countToasts(context);
      const page = await context.newPage();
      const screens: { name: string; address: string; drawn: () => Promise<unknown>; reads: string[] }[] = [
        {
          name: 'dashboard',
          address: '/dashboard',
          reads: ['/metrics/today', '/metrics/weekly', '/workouts'],
          drawn: () => page.getByTestId('continue-workout').waitFor(),
        },
        {
          name: 'exercise',
          address: `/exercises/${bench.id}`,
          reads: [`/exercises/${bench.id}`, `/exercises/${bench.id}/history`, `/exercises/${bench.id}/progress`],
          drawn: () => page.getByTestId('exercise-history').locator(':scope > li').first().waitFor(),
        },
        {
          name: 'meals',
          address: '/meals',
          reads: ['/meals', `/water/${today()}`, '/nutrition/targets'],
          drawn: () => page.getByTestId('meal-entry').first().waitFor(),
        },
      ];
      for (const { address, drawn, reads } of screens) {
        await page.goto(address);
        await page.waitForFunction((dir) => document.documentElement.dir === dir, language === 'ar' ? 'rtl' : 'ltr');
        await drawn();
        await readsKept(page, account.user.id, reads);
      }
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      await context.setOffline(true);
      for (const { name, address, drawn } of screens) {
        await page.goto(address);
        await page.waitForFunction((dir) => document.documentElement.dir === dir, language === 'ar' ? 'rtl' : 'ltr');
        await drawn();
        await page
          .locator('section.offline-indicator .offline-line')
          .filter({ hasText: language === 'ar' ? 'غير متصل' : 'Offline' })
          .waitFor();
        assert.deepEqual(await toastsShown(page), [], `${look} ${name}: no toast offline`);
        const overflow = await widerThanScreenBy(page);
        assert.ok(overflow <= 0, `${look} ${name}: ${overflow}px wider than the screen`);
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `offline-reads-${name}-${look}`);
        // A phone shows the indicator at the top and the data further down: both, in two shots.
        if (device === 'phone' && name !== 'dashboard') {
          await page
            .getByTestId(name === 'meals' ? 'meal-entry' : 'exercise-history')
            .first()
            .scrollIntoViewIfNeeded();
          await screenshot(page, `offline-reads-${name}-data-${look}`);
        }
      }
      await context.close();
    }
  });
});
