import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import ar from '../src/locales/ar.json';
import en from '../src/locales/en.json';
import { type App, liveChannelOpen, screenshot, startApp, widerThanScreenBy } from './harness.ts';

type Logged = { exercises: { sets: { reps: number }[] }[] };

/** The narrowest phone the app is made for. */
const PHONE = { width: 360, height: 780 };

/**
 * Issue 36: one bar in a basement. navigator.onLine stays true while no request gets through; the
 * app learns it from the first write that gets no response and keeps the next ones on the device.
 */
describe('a weak signal', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Logs a set in the first exercise without waiting for its row: the first one is not kept. */
  async function tapSet(page: Page, weight: string, reps: string) {
    const card = page.getByTestId('exercise').first();
    await card.locator('button', { hasText: /./ }).last().click();
    const row = card.getByTestId('planned-row').first();
    await row.locator('input').nth(0).fill(weight);
    await row.locator('input').nth(1).fill(reps);
    await row.locator('button.set-check').click();
  }

  const looks = [
    { language: 'en', theme: 'light', texts: en },
    { language: 'ar', theme: 'dark', texts: ar },
  ] as const;

  it('says the set without an answer was not saved, keeps the next one on the device, and sends it once the server answers', async () => {
    for (const { language, theme, texts } of looks) {
      const { account, context: first } = await app.signedIn();
      await first.close();
      const context = await app.signedInAs(account, { viewport: PHONE, settings: { language, theme } });
      const page = await context.newPage();
      const workout = await app.logWorkout(account.token, 'Basement', [{ name: 'Bench press' }]);
      const live = liveChannelOpen(page);
      await page.goto(`/workouts/${workout.id}`);
      await page.waitForFunction((dir) => document.documentElement.dir === dir, language === 'ar' ? 'rtl' : 'ltr');
      await page.getByTestId('exercise').first().waitFor();
      // The reads the channel's opening makes done first: the set is the first request to get no answer.
      await live;
      await page.waitForLoadState('networkidle');

      // The browser stays "online"; the API gets nothing through (the probes neither, nor the
      // service worker's Background Sync: the context's routes hold its requests too).
      const sent: string[] = [];
      const unanswered = '**/api/v1/**';
      await context.route(unanswered, (route) => {
        // The page's own requests: the worker's tries for what waits are Background Sync's, sent with its key.
        if (!route.request().serviceWorker())
          sent.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
        return route.abort('internetdisconnected');
      });
      assert.equal(await page.evaluate(() => navigator.onLine), true);

      await tapSet(page, '60', '5');
      await page.getByText(texts.offline.unreachable.title).waitFor();
      const status = page.locator('section.offline-indicator');
      await status.locator('.offline-line').filter({ hasText: texts.offline.offlineNothing }).waitFor();
      const writesTried = sent.filter((request) => !request.startsWith('GET')).length;
      assert.equal(writesTried, 1, 'the first set was tried once, and is not sent again');

      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `weak-signal-told-${language}-${theme}-phone`);
      // Not shown as logged: its row is a planned one again, with what was typed.
      const card = page.getByTestId('exercise').first();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="set-row"]').length === 0);

      // Tapped again: kept on the device this time, and shown.
      await tapSet(page, '60', '5');
      await card.getByTestId('set-row').first().waitFor();
      await status
        .locator('.offline-line')
        .filter({ hasText: texts.offline.offline_one.replace('{{count}}', '1') })
        .waitFor();
      // The toasts gone by themselves (they cover the indicator), so the screenshot shows what waits.
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="toast"]').length === 0, null, {
        timeout: 15_000,
      });
      const overflow = await widerThanScreenBy(page);
      assert.ok(overflow <= 0, `${language} ${theme}: ${overflow}px wider than the screen`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `weak-signal-waiting-${language}-${theme}-phone`);
      assert.equal(
        sent.filter((request) => !request.startsWith('GET')).length,
        writesTried,
        'the second set did not go to the API',
      );

      // The signal returns: the next probe gets an answer (within 15 s, then every 30 s) and the set goes.
      await context.unroute(unanswered);
      await status.locator('.offline-line').waitFor({ state: 'detached', timeout: 60_000 });
      const repsOnServer = async () =>
        ((await app.api('GET', `/workouts/${workout.id}`, { token: account.token })).body as Logged).exercises.flatMap(
          (exercise) => exercise.sets.map((set) => set.reps),
        );
      // Taken (the indicator is quiet); read once the read side has it.
      let reps = await repsOnServer();
      while (reps.length === 0) reps = await repsOnServer();
      assert.deepEqual(reps, [5], 'the set kept on the device landed once; the one without an answer is not there');
      await context.close();
    }
  }, 240_000);
});
