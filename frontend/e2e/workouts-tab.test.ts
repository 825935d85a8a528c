import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, DESKTOP, PHONE, screenshot, startApp } from './harness.ts';

const WORKOUT_URL = /\/workouts\/([0-9a-f-]{36})$/;

/** The id of the workout the page shows, once its screen has drawn. */
async function openedWorkout(page: Page, name: string) {
  await page.waitForURL(WORKOUT_URL);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return WORKOUT_URL.exec(new URL(page.url()).pathname)?.[1] ?? '';
}

describe('the Workouts tab in a real browser', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('starts a template in one tap, and offers to resume, finish or discard the workout in progress', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const token = account.token;
    const status = async (id: string) => (await app.api('GET', `/workouts/${id}`, { token })).body.status;

    await page.goto('/workouts');
    const shortcuts = page.getByTestId('template-shortcuts');
    await shortcuts.getByRole('button', { name: 'Start Push Day' }).click();
    const push = await openedWorkout(page, 'Push Day');
    assert.equal(await status(push), 'in_progress');

    // Another start while Push Day is in progress asks first; resuming opens Push Day.
    await page.getByRole('link', { name: 'Workouts' }).last().click();
    await shortcuts.getByRole('button', { name: 'Start Pull Day' }).click();
    const asked = page.getByRole('dialog', { name: 'A workout is in progress' });
    await asked.getByText(/Push Day started .* and has 0 sets/).waitFor();
    await screenshot(page, 'workout-in-progress-en-phone');
    await asked.getByRole('button', { name: 'Resume it' }).click();
    assert.equal(await openedWorkout(page, 'Push Day'), push);

    // Finishing it completes Push Day and starts Pull Day.
    await page.getByRole('link', { name: 'Workouts' }).last().click();
    await shortcuts.getByRole('button', { name: 'Start Pull Day' }).click();
    await asked.getByRole('button', { name: 'Finish it and start the new one' }).click();
    const pull = await openedWorkout(page, 'Pull Day');
    assert.equal(await status(push), 'completed');

    // From the start dialog (the dashboard's too): discarding deletes Pull Day, then starts.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Start workout' }).click();
    await page.getByLabel('Workout name').fill('Evening run');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await asked.getByText(/Pull Day started/).waitFor();
    await asked.getByRole('button', { name: 'Discard it and start the new one' }).click();
    const run = await openedWorkout(page, 'Evening run');
    assert.equal((await app.api('GET', `/workouts/${pull}`, { token })).status, 404);

    // One started on another device a moment ago counts too, though this screen never heard of it.
    await app.api('PATCH', `/workouts/${run}`, { token, body: { status: 'completed' } });
    await page.goto('/templates');
    await page.getByRole('button', { name: 'Start Leg Day' }).waitFor();
    const elsewhere = (await app.api('POST', '/workouts', { token, body: { name: 'Started on the tablet' } })).body;
    await page.getByRole('button', { name: 'Start Leg Day' }).click();
    await asked.getByText(/Started on the tablet started/).waitFor();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'hidden' });
    assert.equal(await status(elsewhere.id), 'in_progress');
    const list = (await app.api('GET', '/workouts?status=in_progress', { token })).body;
    assert.deepEqual(
      list.data.map((workout: { id: string }) => workout.id),
      [elsewhere.id],
      'never two in progress',
    );
    await context.close();
  });

  it('folds the template filters away on a phone and keeps them open on a wide screen', async () => {
    const { context, page } = await app.signedIn({ viewport: PHONE });
    await page.goto('/templates');
    await page.getByTestId('template-card').first().waitFor();
    const difficulty = page.getByLabel('Difficulty');
    assert.equal(await difficulty.isVisible(), false, 'folded on a phone');
    const toggle = page.getByRole('button', { name: 'Filters' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.click();
    await difficulty.selectOption('advanced');
    await page.getByRole('button', { name: 'Filters (1)', expanded: true }).waitFor();
    await screenshot(page, 'templates-filters-en-phone');

    await page.setViewportSize(DESKTOP);
    await page.reload();
    await page.getByTestId('template-card').first().waitFor();
    assert.equal(await page.getByLabel('Difficulty').isVisible(), true, 'open on a wide screen');
    assert.equal(await page.getByRole('button', { name: 'Filters' }).isVisible(), false);
    await context.close();
  });
});
