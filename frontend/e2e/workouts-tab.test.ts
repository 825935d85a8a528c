import assert from 'node:assert/strict';
import { shiftDay } from '@fitness/contracts/calendar.ts';
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

  /** A workout of sets logged over the API (the logger is tested on its own), ended or left in progress. */
  const logged = async (
    token: string,
    name: string,
    date: string,
    exercises: Parameters<App['logWorkout']>[2],
    end = true,
  ) => (await app.logWorkout(token, name, exercises, { date, completed: end })).id;

  it('finishes with a summary: empty exercises dropped when asked, records broken, last time beside it', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const token = account.token;
    await logged(token, 'Push Day', '2026-11-13', [
      { name: 'Bench press', sets: [95, 95].map((weight) => ({ reps: 5, weight })) },
      { name: 'Dips', sets: [{ reps: 10, weight: null }] },
    ]);
    const today = await logged(
      token,
      'Push Day',
      '2026-11-20',
      [
        { name: 'Bench press', sets: [100, 100].map((weight) => ({ reps: 5, weight })) },
        { name: 'Dips', sets: [{ reps: 12, weight: null }] },
        { name: 'Cable flyes', sets: [] },
      ],
      false,
    );

    await page.goto('/workouts');
    await page.getByRole('button', { name: 'End workout' }).click();
    const confirm = page.getByRole('dialog', { name: 'End this workout?' });
    const drop = confirm.getByRole('checkbox', { name: 'Also remove Cable flyes, which has no sets' });
    assert.equal(await drop.isChecked(), true, 'asked, yes by default');
    await confirm.getByRole('button', { name: 'End workout' }).click();
    await page.waitForURL(`**/workouts/${today}/summary`);

    const summary = page.getByTestId('workout-summary');
    await summary.getByRole('heading', { name: 'Push Day', level: 1 }).waitFor();
    await summary.getByText('Workout complete').waitFor();
    const stat = (label: string) => summary.locator('.stat').filter({ has: page.getByText(label, { exact: true }) });
    await stat('Sets').getByText('3').waitFor();
    await stat('Volume').getByText('1,000 kg').waitFor();
    // 100 kg beats 95 kg three ways; Dips' 12 reps beat 10 too; nothing from a first time.
    await stat('Records').getByText('4').waitFor();
    const records = page.getByTestId('finish-records');
    const texts = await records.locator('.list-item').allInnerTexts();
    assert.deepEqual(texts.map((text) => text.replace(/\s+/g, ' ')).sort(), [
      'Bench press best estimated 1RM · before: 110.8 kg 116.7 kg',
      'Bench press best set volume · before: 475 kg 500 kg',
      'Bench press heaviest weight · before: 95 kg 100 kg',
      'Dips most reps · before: 10 12',
    ]);
    const comparison = page.getByTestId('finish-comparison');
    await comparison.getByText('Volume +5% against Nov 13, 2026.').waitFor();
    await comparison.locator('.list-item').filter({ hasText: 'Bench press' }).getByText('+5%').waitFor();
    await comparison.locator('.list-item').filter({ hasText: 'Dips' }).getByText('+2 reps').waitFor();
    const names = (await app.api('GET', `/workouts/${today}`, { token })).body.exercises.map(
      (exercise: { name: string }) => exercise.name,
    );
    assert.deepEqual(names, ['Bench press', 'Dips'], 'the empty exercise dropped');
    await screenshot(page, 'finish-summary-en-light-phone');
    await context.close();

    await app.eachLook(account, {
      address: `/workouts/${today}/summary`,
      name: 'finish-summary',
      drawn: async (view) => {
        await view.getByTestId('finish-records').locator('.list-item').nth(3).waitFor();
        await view.getByTestId('finish-comparison').locator('.badge').nth(1).waitFor();
      },
    });
  });

  it('opens the summary when the workout ends on its own screen, and drops empty exercises there', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const token = account.token;
    const id = await logged(
      token,
      'Leg Day',
      '2026-11-20',
      [
        { name: 'Back squat', sets: [{ reps: 5, weight: 120 }] },
        { name: 'Leg curl', sets: [] },
      ],
      false,
    );
    await page.goto(`/workouts/${id}`);
    await page.getByRole('button', { name: 'End workout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End workout' }).click();
    await page.waitForURL(`**/workouts/${id}/summary`);
    // A first time with every exercise: baselines, nothing broken, nothing to compare.
    await page.getByText('Nothing to compare yet: these exercises are new to you.').waitFor();
    await page.getByTestId('workout-summary').locator('.stat').filter({ hasText: 'Records' }).getByText('0').waitFor();
    await page.getByText('Leg curl has no sets.').waitFor();
    await page.getByRole('button', { name: 'Remove it' }).click();
    await page.getByText('Leg curl has no sets.').waitFor({ state: 'detached' });
    const names = (await app.api('GET', `/workouts/${id}`, { token })).body.exercises.map(
      (exercise: { name: string }) => exercise.name,
    );
    assert.deepEqual(names, ['Back squat']);
    await context.close();
  });

  it('shows history rows with duration, sets, volume and records, and a calendar of training days', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const token = account.token;
    // The browser's today, whatever the machine's: a month to mark, and the one before it.
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
    const month = today.slice(0, 7);
    const first = `${month}-01`;
    const before = `${shiftDay(first, -1).slice(0, 7)}-15`;
    await logged(token, 'Push Day', before, [
      { name: 'Bench press', sets: [95, 95].map((weight) => ({ reps: 5, weight })) },
    ]);
    await logged(token, 'Push Day', first, [
      { name: 'Bench press', sets: [100, 100].map((weight) => ({ reps: 5, weight })) },
      { name: 'Dips', sets: [{ reps: 10, weight: null }] },
    ]);
    const open = await logged(token, 'Evening run', today, [], false);

    await page.goto('/workouts');
    const rows = page.getByTestId('recent-workouts').getByRole('listitem');
    await rows.nth(1).waitFor();
    const firstRow = rows.filter({
      hasText: new Date(`${first}T12:00:00Z`).toLocaleDateString('en', {
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }),
    });
    await firstRow.getByText('3 sets').waitFor();
    await firstRow.getByText('1,000 kg').waitFor();
    await firstRow.getByText('0 min').waitFor();
    // Heaviest weight, best 1RM and best set volume beat last month's; the Dips are a first time.
    await firstRow.getByTestId('history-records').filter({ hasText: '3 records' }).waitFor();
    const beforeRow = rows.filter({ hasText: '950 kg' });
    assert.equal(await beforeRow.getByTestId('history-records').count(), 0, 'a first time holds baselines');

    const calendar = page.getByRole('table', {
      name: new Date(`${first}T12:00:00Z`).toLocaleDateString('en', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    });
    const day = (date: string) => page.locator(`td[data-day="${date}"]`);
    await day(first).and(page.locator('.trained')).waitFor();
    assert.match((await day(first).textContent()) ?? '', /1 workout$/);
    if (today !== first)
      assert.equal(await day(today).getAttribute('class'), null, 'a workout in progress is no training day yet');
    assert.equal(await day(today).getAttribute('aria-current'), 'date');
    await calendar.waitFor();
    await screenshot(page, 'workouts-tab-en-light-phone');

    // Ended on another device: today is a training day, with no reload.
    await app.api('PATCH', `/workouts/${open}`, { token, body: { status: 'completed' } });
    await day(today).and(page.locator('.trained')).waitFor();

    // The month before, by keyboard.
    await page.getByRole('button', { name: 'Previous month' }).focus();
    await page.keyboard.press('Enter');
    await day(before).and(page.locator('.trained')).waitFor();
    await page.getByText('1 day trained').waitFor();
    await context.close();

    await app.eachLook(account, {
      address: '/workouts',
      name: 'workouts-tab',
      drawn: async (view) => {
        await view.getByTestId('template-card').nth(5).waitFor();
        await view.locator(`td[data-day="${today}"].trained`).waitFor();
        await view.getByTestId('history-records').waitFor();
      },
      after: async (view, { language, theme, device }) => {
        if (device !== 'phone') return;
        // The phone's screen shows the templates; the calendar and the history are the next screens down.
        await view.getByTestId('training-calendar').scrollIntoViewIfNeeded();
        await view.evaluate(() => window.scrollBy(0, -120));
        await screenshot(view, `workouts-tab-${language}-${theme}-${device}-history`);
      },
    });
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
