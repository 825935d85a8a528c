import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, expectToast, PHONE, screenshot, startApp } from './harness.ts';
import { exerciseCard } from './logger.ts';

describe('templates and the workout logger in a real browser', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('previews a template whose exercise is gone, flags it, and starts it anyway', async () => {
    const { account, context, page } = await app.signedIn();
    const token = account.token;
    const custom = (
      await app.api('POST', '/exercises', {
        token,
        body: { name: 'Zercher carry', category: 'strength', primary_muscle: 'core', equipment: 'barbell' },
      })
    ).body;
    const workout = (await app.api('POST', '/workouts', { token, body: { name: 'Strongman' } })).body;
    const entry = (
      await app.api('POST', `/workouts/${workout.id}/exercises`, {
        token,
        body: { exercise_id: custom.id, name: custom.name },
      })
    ).body;
    await app.api('POST', `/workouts/${workout.id}/exercises/${entry.id}/sets`, {
      token,
      body: { reps: 3, weight: 80, rest_time: 120 },
    });
    // Finished first: with a workout in progress, starting another asks what to do with it.
    await app.api('PATCH', `/workouts/${workout.id}`, { token, body: { status: 'completed' } });
    await app.api('POST', `/workouts/${workout.id}/template`, { token, body: { name: 'Strongman day' } });
    await app.api('DELETE', `/exercises/${custom.id}`, { token });

    await page.goto('/templates');
    await page.getByRole('tab', { name: 'Mine' }).click();
    await page.getByRole('button', { name: 'Preview of Strongman day' }).click();
    const preview = page.getByRole('dialog');
    await preview.getByText('Zercher carry').waitFor();
    await preview.getByText('not found in database').waitFor();
    await screenshot(page, 'template-preview-en-desktop');
    await preview.getByRole('button', { name: 'Start workout' }).click();
    await page.waitForURL(/\/workouts\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Strongman day', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Zercher carry', level: 2 }).waitFor();
    await page.getByText('Planned: 1 × 3').waitFor();
    await context.close();
  });

  it('filters system templates and starts one with its planned exercises', async () => {
    const { context, page } = await app.signedIn({ viewport: PHONE });
    await page.goto('/templates');
    // On a phone the filters fold away behind a button.
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Difficulty').selectOption('beginner');
    await page.waitForFunction(() => {
      const badges = [...document.querySelectorAll('[data-testid="template-card"] .badge:nth-child(2)')].map(
        (b) => b.textContent,
      );
      return badges.length > 0 && badges.every((badge) => badge === 'Beginner');
    });
    await page
      .getByRole('button', { name: /^Preview of / })
      .first()
      .click();
    await screenshot(page, 'template-preview-en-phone');
    await page.getByRole('dialog').getByRole('button', { name: 'Start workout' }).click();
    await page.waitForURL(/\/workouts\/[0-9a-f-]{36}$/);
    // The address changes before the workout's screen has drawn (React renders it as a transition).
    await page.getByTestId('exercise').nth(3).waitFor();
    assert.ok((await page.getByTestId('exercise').count()) >= 4);
    await context.close();
  });

  it('shows last time, prefills it, and runs the rest timer across screens', async () => {
    const { account, context, page } = await app.signedIn({ settings: { autoStartTimer: true, defaultRestTime: 90 } });
    const token = account.token;
    const squat = (await app.api('GET', '/exercises?search=back%20squat&per_page=1', { token })).body.data[0];
    const before = (await app.api('POST', '/workouts', { token, body: { name: 'Last week', date: '2026-11-14' } }))
      .body;
    const past = (
      await app.api('POST', `/workouts/${before.id}/exercises`, {
        token,
        body: { exercise_id: squat.id, name: squat.name },
      })
    ).body;
    for (const reps of [5, 5]) {
      await app.api('POST', `/workouts/${before.id}/exercises/${past.id}/sets`, {
        token,
        body: { reps, weight: 100, rest_time: 75 },
      });
    }
    await app.api('PATCH', `/workouts/${before.id}`, { token, body: { status: 'completed' } });

    const today = (await app.api('POST', '/workouts', { token, body: { name: 'Squat day' } })).body;
    await page.goto(`/workouts/${today.id}`);
    await page.getByLabel('Exercise name').fill(squat.name);
    await page.getByRole('button', { name: 'Add exercise' }).click();
    await expectToast(page, 'Exercise Added');
    // Last time's sets, weight then reps, in the "previous" column, and in the rows to do.
    const rows = exerciseCard(page, squat.name).getByTestId('planned-row');
    await rows.nth(1).filter({ hasText: '100 × 5' }).waitFor();
    assert.equal(await rows.first().getByLabel('Set 1: Weight (kg)').inputValue(), '100');
    assert.equal(await rows.first().getByLabel('Set 1: Reps').inputValue(), '5');
    await rows.first().getByRole('button', { name: 'Log Set 1' }).click();
    await exerciseCard(page, squat.name).getByTestId('set-row').first().waitFor();

    const timer = page.getByTestId('rest-timer');
    await timer.waitFor();
    assert.match((await timer.textContent()) ?? '', /1:1\d|1:0\d/);
    await page.getByTestId('workout-volume').filter({ hasText: '1 set · 500 kg volume' }).waitFor();
    await screenshot(page, 'running-workout-en-desktop');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard');
    await timer.waitFor();
    await timer.getByRole('button', { name: 'Skip rest' }).click();
    await timer.waitFor({ state: 'detached' });
    await context.close();
  });
});
