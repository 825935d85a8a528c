import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { type App, DESKTOP, PHONE, screenshot, seriousViolations, startApp, widerThanScreenBy } from './harness.ts';
import { exerciseCard, logSet } from './logger.ts';

type Token = { token: string };

describe('the workout logger', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A library exercise by what its name contains. */
  const libraryExercise = async ({ token }: Token, search: string) =>
    (await app.api('GET', `/exercises?search=${encodeURIComponent(search)}&per_page=1`, { token })).body.data[0] as {
      id: string;
      name: string;
    };

  it('opens at the first set still to do, and a reload finds the rows typed into as they were', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const done = { reps: 5, weight: 50 };
    const workout = await app.logWorkout(account.token, 'Long day', [
      ...['Press', 'Row', 'Curl', 'Dip'].map((name) => ({ name, sets: [done, done] })),
      { name: 'Shrug', sets: [] },
    ]);
    await page.goto('/workouts');
    await page.getByRole('link', { name: 'Continue' }).first().click();
    const row = exerciseCard(page, 'Shrug').getByTestId('planned-row').first();
    await row.waitFor();
    await page.waitForFunction(() => window.scrollY > 0);
    const box = await row.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= PHONE.height, `the first row to do is on screen: ${box?.y}`);

    await row.getByLabel('Set 1: Weight (kg)').fill('42.5');
    await row.getByLabel('Set 1: Reps').fill('12');
    await row.getByRole('button', { name: /Set 1: Working set/ }).click();
    await exerciseCard(page, 'Shrug').getByRole('button', { name: 'Add set' }).click();
    await page.reload();
    const again = exerciseCard(page, 'Shrug').getByTestId('planned-row');
    await again.nth(1).waitFor();
    assert.equal(await again.first().getByLabel('Set 1: Weight (kg)').inputValue(), '42.5');
    assert.equal(await again.first().getByLabel('Set 1: Reps').inputValue(), '12');
    assert.equal(await again.first().getAttribute('data-set-type'), 'warmup');
    assert.equal(
      await again.nth(1).getByLabel('Set 2: Weight (kg)').inputValue(),
      '42.5',
      'added, a copy of the row above',
    );
    assert.equal(await again.nth(1).getAttribute('data-set-type'), 'working', 'the warm-up does not carry down');

    // Logged, the row is everyone's: its draft is gone, and a second device shows the set.
    await again.first().getByRole('button', { name: 'Log Set 1' }).click();
    await exerciseCard(page, 'Shrug').getByTestId('set-row').first().waitFor();
    const drafts = await page.evaluate(() => JSON.parse(localStorage.getItem('set_drafts') ?? '{}'));
    const values = Object.values(drafts).flatMap((entry) =>
      Object.values((entry as { exercises: Record<string, { values: object }> }).exercises).map((e) => e.values),
    );
    assert.deepEqual(values, [{}], 'the logged row left no draft');
    assert.equal(workout.exercises.length, 5);
    await context.close();
  });

  it('asks before logging an empty weight on a barbell, and Escape puts an edited value back', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const bench = await libraryExercise(account, 'barbell bench press');
    const workout = await app.logWorkout(account.token, 'Bench', [{ name: bench.name, exercise_id: bench.id }]);
    await page.goto(`/workouts/${workout.id}`);
    const row = exerciseCard(page, bench.name).getByTestId('planned-row').first();
    await row.getByLabel('Set 1: Reps').fill('5');

    const weight = row.getByLabel('Set 1: Weight (kg)');
    await weight.fill('70');
    await weight.press('Escape');
    assert.equal(await weight.inputValue(), '', 'Escape cancels the edit');

    await row.getByRole('button', { name: 'Log Set 1' }).click();
    await page.getByText('No weight entered. Was it bodyweight?').waitFor();
    await screenshot(page, 'logger-ask-weight-en-phone');
    await page.getByRole('button', { name: 'Enter weight' }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Set 1: Weight (kg)');
    await page.keyboard.type('60');
    await row.getByRole('button', { name: 'Log Set 1' }).click();
    const logged = exerciseCard(page, bench.name).getByTestId('set-row').first();
    await logged.waitFor();
    assert.equal(await logged.getByLabel('Set 1: Weight (kg)').inputValue(), '60');

    // A logged value: Escape puts it back, Enter keeps it.
    const reps = logged.getByLabel('Set 1: Reps');
    await reps.fill('9');
    await reps.press('Escape');
    assert.equal(await reps.inputValue(), '5');
    await reps.fill('6');
    await reps.press('Enter');
    await page.waitForFunction(async (id) => {
      const token = localStorage.getItem('auth_token');
      const response = await fetch(`/api/v1/workouts/${id}`, { headers: { Authorization: `Bearer ${token}` } });
      return (await response.json()).exercises[0].sets[0].reps === 6;
    }, workout.id);
    await context.close();
  });

  it('groups exercises in a superset, whose rest timer starts after the last exercise of the round', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE, settings: { autoStartTimer: true } });
    const workout = await app.logWorkout(account.token, 'Arms', [
      { name: 'Curl' },
      { name: 'Pushdown' },
      { name: 'Plank' },
    ]);
    await page.goto(`/workouts/${workout.id}`);
    await exerciseCard(page, 'Curl').getByRole('button', { name: 'More for Curl' }).click();
    await page.getByRole('menuitem', { name: 'Superset with the next exercise' }).click();
    await exerciseCard(page, 'Pushdown').getByTestId('superset').filter({ hasText: 'Superset A' }).waitFor();
    await exerciseCard(page, 'Curl').getByTestId('superset').filter({ hasText: 'Superset A' }).waitFor();
    assert.equal(await exerciseCard(page, 'Plank').getByTestId('superset').count(), 0);

    const timer = page.getByTestId('rest-timer');
    await logSet(page, 'Curl', { weight: '15', reps: '10' });
    // The timer starts with the check's tap, before the set is sent: none by the time the row shows.
    assert.equal(await timer.count(), 0, 'no rest between the exercises of a round');
    await logSet(page, 'Pushdown', { weight: '25', reps: '12' });
    await timer.filter({ hasText: 'Rest after Pushdown' }).waitFor();
    await timer.getByRole('button', { name: 'Skip rest' }).click();

    // Moved away from its partner, an exercise is in no round: its sets rest again.
    await exerciseCard(page, 'Curl').getByRole('button', { name: 'More for Curl' }).click();
    await page.getByRole('menuitem', { name: 'Take out of the superset' }).click();
    await exerciseCard(page, 'Curl').getByTestId('superset').waitFor({ state: 'detached' });
    await exerciseCard(page, 'Plank').getByRole('button', { name: 'More for Plank' }).click();
    await page.getByRole('menuitem', { name: 'Move up' }).click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="exercise"] h2')].map((h) => h.textContent).join(',') ===
        'Curl,Plank,Pushdown',
    );
    await logSet(page, 'Curl', { weight: '15', reps: '10' });
    await timer.filter({ hasText: 'Rest after Curl' }).waitFor();
    await context.close();
  });

  it('rates a set with an RPE once the setting is on: picked before the check, changed after it, shown everywhere', async () => {
    const narrow = { width: 360, height: 760 };
    const { account, context, page } = await app.signedIn({ viewport: narrow });
    const workout = await app.logWorkout(account.token, 'Pull', [{ name: 'Row', sets: [{ reps: 8, weight: 60 }] }]);
    const setsOnServer = async () =>
      (await app.api('GET', `/workouts/${workout.id}`, { token: account.token })).body.exercises[0].sets.map(
        (set: { rpe: number | null }) => set.rpe,
      );
    await page.goto(`/workouts/${workout.id}`);
    await exerciseCard(page, 'Row').getByTestId('set-row').first().waitFor();
    assert.equal(await page.getByRole('columnheader', { name: 'RPE' }).count(), 0, 'off until the user asks for it');

    await page.goto('/settings');
    const rate = page.getByRole('switch', { name: 'Rate how hard each set felt (RPE)' });
    await rate.check();
    const settingOnServer = async () =>
      (await app.api('GET', '/me/settings', { token: account.token })).body.settings.trackRpe as boolean;
    await vi.waitFor(async () => assert.equal(await settingOnServer(), true), { timeout: 5000 });
    await page.goto(`/workouts/${workout.id}`);
    const card = exerciseCard(page, 'Row');
    await card.getByRole('button', { name: 'Add set' }).click();
    const planned = card.getByTestId('planned-row').first();
    await planned.getByLabel('Set 2: Effort (RPE, 1–10)').selectOption('8.5');
    await planned.getByRole('button', { name: 'Log Set 2' }).click();
    await card.getByTestId('set-row').nth(1).waitFor();
    assert.deepEqual(await setsOnServer(), [null, 8.5], 'its answer drew the row: the set is stored');

    await card.getByTestId('set-row').first().getByLabel('Set 1: Effort (RPE, 1–10)').selectOption('9');
    await vi.waitFor(async () => assert.deepEqual(await setsOnServer(), [9, 8.5]), { timeout: 5000 });
    const overflow = await widerThanScreenBy(page);
    assert.ok(overflow <= 0, `${overflow}px wider than a 360 px phone`);
    await screenshot(page, 'logger-rpe-en-phone');

    // Rated sets show their RPE to a user who does not track it, on another device.
    await app.api('PATCH', '/me/settings', { token: account.token, body: { trackRpe: false } });
    const other = await app.signedInAs(account, { viewport: narrow, settings: { language: 'ar' } });
    const otherPage = await other.newPage();
    await otherPage.goto(`/workouts/${workout.id}`);
    const shown = otherPage.getByTestId('set-row').first().locator('select');
    await shown.waitFor();
    assert.equal(await shown.inputValue(), '9');
    await screenshot(otherPage, 'logger-rpe-ar-phone');
    await other.close();
    await context.close();
  });

  it('marks a record on its set the moment it is logged, with no toast on the workout shown', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    await app.logWorkout(account.token, 'Legs', [{ name: 'Squat', sets: [{ reps: 5, weight: 100 }] }], {
      date: '2026-11-14',
      completed: true,
    });
    const today = await app.logWorkout(account.token, 'Legs', [{ name: 'Squat' }]);
    await page.goto(`/workouts/${today.id}`);
    await exerciseCard(page, 'Squat').getByTestId('planned-row').filter({ hasText: '100 × 5' }).waitFor();
    await logSet(page, 'Squat', { weight: '105' });
    const badge = exerciseCard(page, 'Squat').getByTestId('set-row').first().getByTestId('set-record');
    await badge.waitFor();
    assert.match((await badge.textContent()) ?? '', /heaviest weight/);
    assert.equal(await page.getByTestId('toast').count(), 0, 'the badge is the news: no toast over the rows');
    await screenshot(page, 'logger-record-badge-en-phone');
    await context.close();
  });

  /**
   * A user in the middle of leg day: squats (one set logged, two to do as last week), lunges and
   * calf raises in a superset, notes on the workout and an exercise. Their settings follow them
   * from device to device, so each language and theme gets a user of its own.
   */
  async function legDay() {
    const { account, context } = await app.signedIn();
    await context.close();
    const { token } = account;
    const squat = await libraryExercise(account, 'barbell back squat');
    const week = [
      { reps: 8, weight: 60 },
      { reps: 5, weight: 100 },
      { reps: 5, weight: 100 },
    ];
    await app.logWorkout(
      token,
      'Legs',
      [
        { name: squat.name, exercise_id: squat.id, sets: week },
        { name: 'Walking lunge', sets: [{ reps: 12, weight: 20 }] },
      ],
      { date: '2026-11-14', completed: true },
    );
    const today = await app.logWorkout(token, 'Legs', [
      { name: squat.name, exercise_id: squat.id, sets: week.slice(0, 1) },
      { name: 'Walking lunge' },
      { name: 'Calf raise' },
    ]);
    const [, lunge, calf] = today.exercises;
    await app.api('PATCH', `/workouts/${today.id}`, { token, body: { notes: 'Belt on for the heavy sets.' } });
    for (const exercise of [lunge, calf]) {
      await app.api('PATCH', `/workouts/${today.id}/exercises/${exercise?.id}`, { token, body: { superset: 'legs' } });
    }
    await app.api('PATCH', `/workouts/${today.id}/exercises/${calf?.id}`, {
      token,
      body: { notes: 'Slow on the way down.' },
    });
    return { account, workoutId: today.id };
  }

  it('looks right in English, Arabic and German, light and dark, on a phone and a desktop', async () => {
    for (const language of ['en', 'ar', 'de'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        const { account, workoutId } = await legDay();
        const context = await app.context({
          viewport: PHONE,
          storage: {
            auth_token: account.token,
            auth_user: JSON.stringify(account.user),
            locale: language,
            app_settings: JSON.stringify({ language, theme }),
          },
        });
        const page = await context.newPage();
        for (const [device, viewport] of [
          ['phone', PHONE],
          ['desktop', DESKTOP],
        ] as const) {
          await page.setViewportSize(viewport);
          await page.goto(`/workouts/${workoutId}`);
          await page.getByTestId('planned-row').nth(2).waitFor();
          await page.getByTestId('superset').nth(1).waitFor();
          await page.waitForFunction(
            ([lang, dark]) =>
              document.documentElement.lang === lang && (document.documentElement.dataset.theme === 'dark') === dark,
            [language, theme === 'dark'] as const,
          );
          const overflow = await widerThanScreenBy(page);
          assert.ok(overflow <= 0, `${language} ${theme} ${device}: ${overflow}px wider than the screen`);
          // The screen opens at its first set to do, a frame after its rows are drawn: shot from the top.
          await page.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          await page.evaluate(() => window.scrollTo(0, 0));
          await screenshot(page, `logger-${language}-${theme}-${device}`);
          if (device === 'desktop') assert.deepEqual(await seriousViolations(page), [], `${language} ${theme}`);
        }
        await context.close();
      }
    }
  });
});
