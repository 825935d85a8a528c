import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import ar from '../src/locales/ar.json';
import en from '../src/locales/en.json';
import { type App, type Look, liveChannelOpen, PHONE, screenshot, startApp, widerThanScreenBy } from './harness.ts';
import { exerciseCard, logSet, waitForLoggedSets } from './logger.ts';

type LoggedSet = { id: string; reps: number; weight: number | null; created_at: string };
type Logged = { exercises: { name: string; sets: LoggedSet[] }[] };

/** Issue 36, Done when 1: a workout logged in a basement gym with no signal, synced exactly once. */
describe('a workout logged offline', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A template of the user's own: bench press 3 × 5 at 60 kg and pull-ups 2 × 8, its workout deleted. */
  async function pushPullTemplate(token: string) {
    const workout = await app.logWorkout(token, 'Push pull', [
      {
        name: 'Bench press',
        sets: [
          { reps: 5, weight: 60 },
          { reps: 5, weight: 60 },
          { reps: 5, weight: 60 },
        ],
      },
      {
        name: 'Pull-up',
        sets: [
          { reps: 8, weight: null },
          { reps: 8, weight: null },
        ],
      },
    ]);
    const template = await app.api('POST', `/workouts/${workout.id}/template`, { token, body: { name: 'Push pull' } });
    assert.equal(template.status, 201, JSON.stringify(template.body));
    await app.api('DELETE', `/workouts/${workout.id}`, { token });
  }

  /** The browser's clock now, as the sets' times are the browser's. */
  const browserNow = (page: Page) => page.evaluate(() => Date.now());

  it('keeps sets logged, changed and removed offline, and the server has each once with its time', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    await pushPullTemplate(account.token);
    await page.goto('/workouts');
    await page.getByRole('button', { name: 'Start Push pull' }).click();
    await page.waitForURL(/\/workouts\/[0-9a-f-]{36}$/);
    const workoutId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await exerciseCard(page, 'Pull-up').waitFor();
    await exerciseCard(page, 'Bench press').getByTestId('planned-row').nth(2).waitFor();

    // A second device of the user, on the same workout, hears what the first sends later.
    const other = await context.browser()?.newContext({ baseURL: app.baseUrl, viewport: PHONE });
    assert.ok(other);
    await other.addInitScript(
      ([token, user]) => {
        localStorage.setItem('auth_token', token);
        localStorage.setItem('auth_user', user);
      },
      [account.token, JSON.stringify(account.user)] as const,
    );
    const watcher = await other.newPage();
    const watching = liveChannelOpen(watcher);
    await watcher.goto(`/workouts/${workoutId}`);
    await exerciseCard(watcher, 'Pull-up').waitFor();
    await watching;

    // The app's files kept by its service worker: the page opens again without a connection.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.getByText('Offline', { exact: true }).waitFor();
    const times: { before: number; after: number }[] = [];
    const logged = async (exercise: string, values: { weight?: string; reps?: string }) => {
      const before = await browserNow(page);
      await logSet(page, exercise, values);
      times.push({ before, after: await browserNow(page) });
    };
    for (const reps of ['5', '5', '5']) await logged('Bench press', { reps });
    await logged('Pull-up', { reps: '8' });
    await logged('Pull-up', { reps: '7' });
    await logged('Bench press', { weight: '50', reps: '10' });
    await waitForLoggedSets(page, ['5', '5', '5', '10', '8', '7']);

    // The second bench set was 6 reps; the fourth was never done.
    const bench = exerciseCard(page, 'Bench press');
    const reps = bench.getByTestId('set-row').nth(1).getByLabel('Set 2: Reps');
    await reps.fill('6');
    await reps.press('Enter');
    await waitForLoggedSets(page, ['5', '6', '5', '10', '8', '7']);
    await bench.getByRole('button', { name: 'Remove Set 4' }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await waitForLoggedSets(page, ['5', '6', '5', '8', '7']);

    const waiting = async (view: Page) => {
      const status = view.getByRole('region', { name: 'Changes made offline' });
      await status.getByText('Offline · 8 changes waiting').waitFor();
      assert.equal(await status.getAttribute('aria-live'), 'polite');
      return status;
    };
    await waiting(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'offline-logger-en-light-phone');

    // Reloaded in the basement: the workout and its sets are still there, and still waiting.
    await page.reload();
    await exerciseCard(page, 'Pull-up').waitFor();
    await waitForLoggedSets(page, ['5', '6', '5', '8', '7']);
    await waiting(page);
    // The tab closed and opened again, still without a connection.
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto(`/workouts/${workoutId}`);
    await exerciseCard(reopened, 'Pull-up').waitFor();
    await waitForLoggedSets(reopened, ['5', '6', '5', '8', '7']);
    const status = await waiting(reopened);
    const onServer = async () =>
      (await app.api('GET', `/workouts/${workoutId}`, { token: account.token })).body as Logged;
    assert.deepEqual(
      (await onServer()).exercises.map((exercise) => exercise.sets),
      [[], []],
      'nothing reached the server',
    );

    await context.setOffline(false);
    await status.getByText(/changes? waiting|Sending/).waitFor({ state: 'detached' });
    await waitForLoggedSets(watcher, ['5', '6', '5', '8', '7']);
    const server = await onServer();
    assert.deepEqual(
      server.exercises.map((exercise) => exercise.sets.map((set) => [set.weight, set.reps])),
      [
        [
          [60, 5],
          [60, 6],
          [60, 5],
        ],
        [
          [null, 8],
          [null, 7],
        ],
      ],
      'each set once, the edit kept, the removed one gone',
    );
    // Each set has the time it was logged in the basement, not the time the signal came back.
    const kept = [0, 1, 2, 3, 4].map((index) => times[index]);
    const serverTimes = server.exercises.flatMap((exercise) => exercise.sets.map((set) => Date.parse(set.created_at)));
    serverTimes.forEach((time, index) => {
      const span = kept[index];
      assert.ok(span && time >= span.before - 1000 && time <= span.after + 1000, `set ${index + 1} at its time`);
    });
    await waitForLoggedSets(reopened, ['5', '6', '5', '8', '7']);
    await other.close();
    await context.close();
  });

  /**
   * A set logged as a thumb does, in any language: the exercise's "Add set", the row's two values
   * (weight, reps), then its check.
   */
  async function logAnySet(page: Page, weight: string, reps: string) {
    const card = page.getByTestId('exercise').first();
    const logged = await card.getByTestId('set-row').count();
    await card.locator('button', { hasText: /./ }).last().click();
    const row = card.getByTestId('planned-row').first();
    await row.locator('input').nth(0).fill(weight);
    await row.locator('input').nth(1).fill(reps);
    await row.locator('button.set-check').click();
    await card.getByTestId('set-row').nth(logged).waitFor();
  }

  /** The toasts on screen gone by themselves (they cover its top), so a screenshot shows what is under them. */
  const toastsGone = (page: Page) =>
    page.waitForFunction(() => document.querySelectorAll('[data-testid="toast"]').length === 0, null, {
      timeout: 15_000,
    });

  const looks: Look[] = (['en', 'ar'] as const).flatMap((language) =>
    (['light', 'dark'] as const).map((theme) => ({ language, theme, device: 'phone' as const })),
  );

  it('tells in plain words, in every language and direction, what waits and what was not kept', async () => {
    for (const { language, theme } of looks) {
      const { account, context: first } = await app.signedIn();
      await first.close();
      const context = await app.signedInAs(account, { viewport: PHONE, settings: { language, theme } });
      const page = await context.newPage();
      const workout = await app.logWorkout(account.token, 'Push', [{ name: 'Bench press' }]);
      await page.goto(`/workouts/${workout.id}`);
      await page.waitForFunction((dir) => document.documentElement.dir === dir, language === 'ar' ? 'rtl' : 'ltr');
      await page.getByTestId('exercise').first().waitFor();

      await context.setOffline(true);
      await logAnySet(page, '60', '5');
      await logAnySet(page, '60', '6');
      const status = page.locator('section.offline-indicator');
      await status
        .locator('.offline-line')
        .filter({ hasText: language === 'ar' ? 'تغييران' : '2 changes' })
        .waitFor();
      const overflow = await widerThanScreenBy(page);
      assert.ok(overflow <= 0, `${language} ${theme}: ${overflow}px wider than the screen`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `offline-waiting-${language}-${theme}-phone`);

      // Deleted on another device meanwhile: neither set can be kept.
      assert.equal((await app.api('DELETE', `/workouts/${workout.id}`, { token: account.token })).status, 200);
      await context.setOffline(false);
      const notKept = status.locator('.offline-not-kept li');
      await notKept.nth(1).waitFor();
      await status.locator('.offline-line').waitFor({ state: 'detached' });
      if (language === 'en') {
        assert.equal(
          await notKept.first().textContent(),
          'Set 1 of Bench press was not kept: deleted on another device',
        );
        assert.equal(
          await notKept.nth(1).textContent(),
          'Set 2 of Bench press was not kept: deleted on another device',
        );
      } else {
        assert.equal(await notKept.first().textContent(), 'لم يُحفظ المجموعة 1 من Bench press: حُذف على جهاز آخر');
      }
      await screenshot(page, `offline-not-kept-${language}-${theme}-phone`);
      await notKept.first().getByRole('button').click();
      await notKept.nth(1).waitFor({ state: 'detached' });
      assert.equal(await notKept.count(), 1, 'one dismissed');
      await context.close();
    }
  });

  /**
   * Issue 36, Done when 3: the workout deleted on another device while this one logged sets in it
   * offline, then ended it and started the next one there. Back online, the sets and the end are
   * not kept, each named, and the next workout, started later, lands with what was logged in it.
   */
  it('names the sets not kept when their workout was deleted elsewhere, and lands what came after', async () => {
    const pushLooks = [
      { language: 'en', theme: 'light', texts: en },
      { language: 'ar', theme: 'dark', texts: ar },
    ] as const;
    for (const { language, theme, texts } of pushLooks) {
      const { account, context: first } = await app.signedIn();
      await first.close();
      const context = await app.signedInAs(account, { viewport: PHONE, settings: { language, theme } });
      const page = await context.newPage();
      const push = await app.logWorkout(account.token, 'Push', [{ name: 'Bench press' }]);
      await page.goto(`/workouts/${push.id}`);
      await page.waitForFunction((dir) => document.documentElement.dir === dir, language === 'ar' ? 'rtl' : 'ltr');
      await page.getByTestId('exercise').first().waitFor();
      // The app's screens kept by its service worker: the Workouts tab opens without a connection.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

      await context.setOffline(true);
      for (const reps of ['5', '5', '5']) await logAnySet(page, '60', reps);
      // Ended in the basement, and the next workout started, given an exercise and a set there.
      await page.locator('.logger-actions').getByRole('button', { name: texts.workouts.end }).click();
      await page.getByRole('dialog').getByRole('button', { name: texts.confirm.endWorkout }).click();
      await page.waitForURL(`**/workouts/${push.id}/summary`);
      // Kept on the device, not yet saved: the toast says which.
      await page.getByText(texts.workouts.completedOffline.replace('{{name}}', 'Push')).waitFor();
      await page.locator('a[href="/workouts"]:visible').first().click();
      await page.getByRole('button', { name: texts.workouts.startNew }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(texts.workouts.name).fill('Legs');
      await dialog.getByRole('button', { name: texts.workouts.start }).click();
      await page.waitForURL(
        (url) => /\/workouts\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.includes(push.id),
      );
      const legs = new URL(page.url()).pathname.split('/').at(-1) ?? '';
      await page.getByLabel(texts.workout.exerciseName).fill('Squat');
      await page.getByRole('button', { name: texts.workout.addExercise }).click();
      await exerciseCard(page, 'Squat').waitFor();
      await logAnySet(page, '100', '5');
      const status = page.locator('section.offline-indicator');
      await status.locator('.offline-line').filter({ hasText: '7' }).waitFor();
      await toastsGone(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `offline-started-${language}-${theme}-phone`);

      // Deleted on another device meanwhile.
      assert.equal((await app.api('DELETE', `/workouts/${push.id}`, { token: account.token })).status, 200);
      await context.setOffline(false);
      const notKept = status.locator('.offline-not-kept li');
      await notKept.nth(3).waitFor();
      await status.locator('.offline-line').waitFor({ state: 'detached' });
      const said = await notKept.allTextContents();
      if (language === 'en') {
        assert.deepEqual(said, [
          'Set 1 of Bench press was not kept: deleted on another device',
          'Set 2 of Bench press was not kept: deleted on another device',
          'Set 3 of Bench press was not kept: deleted on another device',
          'Ending Push was not kept: deleted on another device',
        ]);
      } else {
        assert.equal(said[2], 'لم يُحفظ المجموعة 3 من Bench press: حُذف على جهاز آخر');
        assert.equal(said[3], 'لم يُحفظ إنهاء Push: حُذف على جهاز آخر');
      }
      const server = await app.api('GET', `/workouts/${legs}`, { token: account.token });
      assert.equal(server.status, 200, 'the workout started offline landed, under the id it was shown with');
      const landed = server.body as Logged & { name: string };
      assert.equal(landed.name, 'Legs');
      assert.deepEqual(
        landed.exercises.map((exercise) => [exercise.name, exercise.sets.map((set) => [set.weight, set.reps])]),
        [['Squat', [[100, 5]]]],
      );
      // Still on screen, as the server has it now.
      const squat = exerciseCard(page, 'Squat');
      await squat.getByTestId('set-row').first().waitFor();
      assert.equal(await squat.getByTestId('set-row').count(), 1);
      const overflow = await widerThanScreenBy(page);
      assert.ok(overflow <= 0, `${language} ${theme}: ${overflow}px wider than the screen`);
      await toastsGone(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `offline-later-lands-${language}-${theme}-phone`);
      await context.close();
    }
  });

  it('starts a template offline: its exercises and planned sets at once, and the server makes it the same', async () => {
    const { account, page } = await app.signedIn({ viewport: PHONE });
    await pushPullTemplate(account.token);
    await page.goto('/workouts');
    const start = page.getByRole('button', { name: 'Start Push pull' });
    await start.waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.context().setOffline(true);
    await page.getByText('Offline', { exact: true }).waitFor();
    await start.click();
    await page.waitForURL(/\/workouts\/[0-9a-f-]{36}$/);
    const workoutId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    // The template's plan as the server would start it: 3 bench rows at 60 kg, 2 of pull-ups.
    const bench = exerciseCard(page, 'Bench press');
    await bench.getByTestId('planned-row').nth(2).waitFor();
    assert.equal(
      await bench
        .getByTestId('planned-row')
        .first()
        .getByLabel(/Weight/)
        .inputValue(),
      '60',
    );
    await exerciseCard(page, 'Pull-up').getByTestId('planned-row').nth(1).waitFor();
    await logSet(page, 'Bench press', { reps: '5' });
    await toastsGone(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'offline-template-start-en-light-phone');
    assert.equal((await app.api('GET', `/workouts/${workoutId}`, { token: account.token })).status, 404);

    await page.context().setOffline(false);
    await page.locator('section.offline-indicator .offline-line').waitFor({ state: 'detached' });
    const server = (await app.api('GET', `/workouts/${workoutId}`, { token: account.token })).body as {
      name: string;
      exercises: { name: string; plan: { sets: number } | null; sets: LoggedSet[] }[];
    };
    assert.equal(server.name, 'Push pull', 'started under the id it was shown with');
    assert.deepEqual(
      server.exercises.map((exercise) => [exercise.name, exercise.plan?.sets, exercise.sets.map((set) => set.reps)]),
      [
        ['Bench press', 3, [5]],
        ['Pull-up', 2, []],
      ],
    );
    await waitForLoggedSets(page, ['5']);
    await page.context().close();
  });
});
