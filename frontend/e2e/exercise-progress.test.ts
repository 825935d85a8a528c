import assert from 'node:assert/strict';
import { seedHistory } from '@fitness/tools/demo-history.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, screenshot, seriousViolations, startApp } from './harness.ts';

/** The last day of the seeded history. */
const UNTIL = new Date().toISOString().slice(0, 10);

describe("an exercise's progress page in a real browser", () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A signed-in user with four months of `npm run demo`'s history, and their bench press's id. */
  async function trainedUser(options: Parameters<App['signedIn']>[0] = {}) {
    const signed = await app.signedIn(options);
    const { token } = signed.account;
    await seedHistory({ api: app.api, token, until: UNTIL, days: 120, concurrency: 4 });
    const found = await app.api('GET', '/exercises?search=Barbell%20Bench%20Press&per_page=5', { token });
    const bench = found.body.data.find((exercise: { name: string }) => exercise.name === 'Barbell Bench Press');
    assert.ok(bench, 'the library has the bench press');
    const progress = await app.api('GET', `/exercises/${bench.id}/progress`, { token });
    return { ...signed, bench, sessions: progress.body.sessions as { date: string; e1rm: number | null }[] };
  }

  /** Waits for the chart's line to be drawn with a point for each session. */
  async function chartDrawn(page: Page, points: number) {
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="exercise-chart"] .recharts-line-dot').length === count,
      points,
    );
  }

  it('draws the history of real training: records, charts and every session, reached from the library', async () => {
    const { context, page, bench, sessions } = await trainedUser();
    assert.ok(sessions.length >= 10, `${sessions.length} bench sessions seeded`);
    await page.goto('/exercises');
    await page.getByRole('searchbox').fill('Barbell Bench Press');
    await page.getByRole('link', { name: 'Progress of Barbell Bench Press' }).first().click();
    await page.waitForURL(`**/exercises/${bench.id}`);
    await page.getByRole('heading', { level: 1, name: 'Barbell Bench Press' }).waitFor();

    // One point per session with a weighted set, the e1RM chart first, then the top set and volume.
    await chartDrawn(page, sessions.filter((session) => session.e1rm !== null).length);
    const line = await page.locator('[data-testid="exercise-chart"] .recharts-line-curve').getAttribute('d');
    assert.ok(line && line.length > 50, 'the line is drawn');
    for (const [tab, kind] of [
      ['Top set', 'top'],
      ['Volume', 'volume'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.locator(`[data-testid="exercise-chart"][data-kind="${kind}"] .recharts-line-curve`).waitFor();
    }

    // The records name the formula; the history pages newest first.
    const records = page.getByTestId('exercise-records');
    await records.getByText('Heaviest weight').waitFor();
    await records.getByText('Best estimated 1RM').waitFor();
    await page.getByText(/Epley formula/).waitFor();
    const history = page.getByTestId('exercise-history').locator(':scope > li');
    assert.equal(await history.count(), 10);
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="exercise-history"] > li').length === count,
      Math.min(20, sessions.length),
    );
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();
  });

  it('starts a workout with the exercise, offering the one in progress first, as every start button does', async () => {
    const { account, context, page } = await app.signedIn();
    const { token } = account;
    const [bench] = (await app.api('GET', '/exercises?search=Barbell%20Bench%20Press&per_page=1', { token })).body.data;
    const current = (await app.api('POST', '/workouts', { token, body: { name: 'Legs', date: UNTIL } })).body;
    await page.goto(`/exercises/${bench.id}`);
    await page.getByRole('button', { name: 'Start workout' }).click();
    const asked = page.getByRole('dialog', { name: 'A workout is in progress' });
    await asked.getByRole('button', { name: 'Resume it' }).click();
    await page.waitForURL(`**/workouts/${current.id}`);
    const list = await app.api('GET', '/workouts?status=in_progress', { token });
    assert.deepEqual(
      list.body.data.map((workout: { id: string }) => workout.id),
      [current.id],
      'no second workout was started',
    );
    await context.close();
  });

  it('opens the plates of the heaviest set, for kilograms and for pounds', async () => {
    for (const [units, weight, chips, list] of [
      ['metric', 102.5, ['25', '15', '1.25'], ['1 × 25 kg', '1 × 15 kg', '1 × 1.25 kg']],
      ['imperial', 102.058, ['45', '45'], ['2 × 45 lb']],
    ] as const) {
      const { account, context, page } = await app.signedIn({ settings: { units } });
      const { token } = account;
      const call = async (method: string, url: string, body?: unknown) =>
        (await app.api(method, url, { token, body })).body;
      const [bench] = (await call('GET', '/exercises?search=Barbell%20Bench%20Press&per_page=1')).data;
      const workout = await call('POST', '/workouts', { name: 'Push', date: UNTIL });
      const exercise = await call('POST', `/workouts/${workout.id}/exercises`, {
        exercise_id: bench.id,
        name: bench.name,
      });
      await call('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, { reps: 3, weight });
      await page.goto(`/exercises/${bench.id}`);
      const open = page.getByRole('button', { name: /^Plates per side for/ });
      await open.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Each side of the bar').waitFor();
      assert.deepEqual(await dialog.locator('.plate-chip').allInnerTexts(), chips, units);
      assert.deepEqual(await dialog.getByTestId('plates-per-side').locator('li').allInnerTexts(), list, units);
      await screenshot(page, `plate-calculator-${units}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      if (units === 'metric') {
        // A gym without 15 kg plates, set in Settings: the same weight loads two 20s, the fewest plates.
        await page.goto('/settings');
        const plates = page.getByRole('group', { name: 'Your plates (kg)' });
        await plates.getByRole('button', { name: '15', exact: true }).click();
        await plates.locator('button[aria-pressed="false"]', { hasText: /^15$/ }).waitFor();
        await page.locator('#plates').scrollIntoViewIfNeeded();
        await screenshot(page, 'plate-settings');
        await page.goto(`/exercises/${bench.id}`);
        await open.click();
        await dialog.getByText('Each side of the bar').waitFor();
        assert.deepEqual(await dialog.locator('.plate-chip').allInnerTexts(), ['20', '20', '1.25']);
      }
      await context.close();
    }
  });

  it('reads right in English and Arabic, light and dark, on a phone and a desktop', async () => {
    const { account, context, bench, sessions } = await trainedUser();
    await context.close();
    const points = sessions.filter((session) => session.e1rm !== null).length;
    await app.eachLook(account, {
      address: `/exercises/${bench.id}`,
      name: 'exercise-progress',
      drawn: (view) => chartDrawn(view, points),
      after: async (view, { language, theme, device }) => {
        if (device !== 'phone') return;
        // The phone's screen shows the records; the chart and the history are the next screens down.
        await view.getByTestId('exercise-chart').scrollIntoViewIfNeeded();
        await view.evaluate(() => window.scrollBy(0, -80));
        await screenshot(view, `exercise-progress-${language}-${theme}-${device}-chart`);
      },
    });
  });
});
