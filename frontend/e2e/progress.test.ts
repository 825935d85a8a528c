import assert from 'node:assert/strict';
import { seedHistory } from '@fitness/tools/demo-history.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, DESKTOP, PHONE, screenshot, seriousViolations, startApp, widerThanScreenBy } from './harness.ts';

/** The browser's today (the tests run in the machine's time zone, as the app asks for its own day). */
const TODAY = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

describe('the Progress screen in a real browser', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** What the API answers the signed-in user (its answer is what the screen must show). */
  const answer = async (token: string, url: string) => (await app.api('GET', url, { token })).body;

  async function streakShown(page: Page) {
    return ((await page.getByTestId('streak-current').textContent()) ?? '').trim();
  }

  it('shows the weekly streak, training against body weight and the month, from the dashboard', async () => {
    const { account, context, page } = await app.signedIn({ viewport: DESKTOP });
    const { token } = account;
    await seedHistory({ api: app.api, token, until: TODAY, days: 120, concurrency: 4 });
    const { streak } = await answer(token, `/metrics/achievements?date=${TODAY}`);
    // Four workouts a week (the demo's plan): the goal of three makes a streak of weeks.
    assert.ok(streak.best >= 4, `best streak ${JSON.stringify(streak)}`);

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'See your progress' }).click();
    await page.waitForURL('**/progress');
    await page.getByRole('heading', { level: 1, name: 'Progress' }).waitFor();
    await page.getByTestId('streak-current').waitFor();
    assert.equal(await streakShown(page), `${streak.current} ${streak.current === 1 ? 'week' : 'weeks'}`);
    await page.getByTestId('weekly-streak').getByText(`Best: ${streak.best} weeks`).waitFor();

    // One bar per week with training, the body weight line across them.
    const { weeks } = await answer(token, `/metrics/training-weeks?date=${TODAY}&weeks=26`);
    const trainedWeeks = weeks.filter((week: { volume_kg: number }) => week.volume_kg > 0).length;
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('[data-testid="weight-volume-chart"] .recharts-bar-rectangle path').length === count,
      trainedWeeks,
    );
    await page.locator('[data-testid="weight-volume-chart"] .recharts-line-curve').waitFor();
    await page.getByRole('tab', { name: '12 wk' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="weight-volume-chart"] .recharts-bar-rectangle').length <= 12,
    );

    // The month view: the API's totals, and the month before.
    const month = page.getByTestId('month-view');
    const thisMonth = await answer(token, `/metrics/monthly?date=${TODAY}`);
    await month.getByText('Workouts', { exact: true }).waitFor();
    assert.equal(
      await month.locator('.month-tile').first().locator('dd').textContent(),
      String(thisMonth.totals.workouts),
    );
    await month.getByRole('button', { name: 'Previous month' }).click();
    const previous = new Date(`${TODAY.slice(0, 7)}-01T00:00:00Z`);
    previous.setUTCMonth(previous.getUTCMonth() - 1);
    const lastMonth = await answer(token, `/metrics/monthly?date=${previous.toISOString().slice(0, 10)}`);
    const title = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(previous);
    await month.getByRole('heading', { name: title }).waitFor();
    await page.waitForFunction(
      (workouts) =>
        document.querySelector('[data-testid="month-view"] .month-tile dd')?.textContent === String(workouts),
      lastMonth.totals.workouts,
    );
    await page.locator('[data-testid="month-chart"] .recharts-bar-rectangle').first().waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, 'progress-en-light-desktop');

    // A higher weekly goal, chosen in Settings, counts the streak again.
    await page.goto('/settings');
    await page.getByLabel('Weekly goal').selectOption('5');
    const stricter = await answer(token, `/metrics/achievements?date=${TODAY}&weekly_goal=5`);
    await page.goto('/progress');
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="streak-current"]')?.textContent?.trim() === expected,
      `${stricter.streak.current} ${stricter.streak.current === 1 ? 'week' : 'weeks'}`,
    );
    assert.equal(stricter.streak.weekly_goal, 5);
    await context.close();

    // On a phone: the top bar's icon leads there, the bottom bar keeps its five tabs.
    for (const language of ['en', 'ar'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        // The settings follow the user: a theme chosen for an earlier shot would come back from the server.
        const settings = { language, theme, weeklyWorkoutGoal: 5 };
        const phone = await app.signedInAs(account, { viewport: PHONE, settings });
        const view = await phone.newPage();
        await view.goto('/dashboard');
        await view.locator('.topbar-progress').waitFor();
        assert.equal(await view.locator('.bottom-bar a').count(), 5);
        await view.locator('.topbar-progress').click();
        await view.waitForURL('**/progress');
        await view.getByTestId('streak-current').waitFor();
        await view.locator('[data-testid="weight-volume-chart"] .recharts-line-curve').waitFor();
        const overflow = await widerThanScreenBy(view);
        assert.ok(overflow <= 0, `${language} ${theme}: ${overflow}px wider than the phone`);
        await screenshot(view, `progress-${language}-${theme}-phone`);
        if (language === 'ar' && theme === 'dark') {
          const desktop = await app.signedInAs(account, { viewport: DESKTOP, settings });
          const wide = await desktop.newPage();
          await wide.goto('/progress');
          await wide.locator('[data-testid="month-chart"] .recharts-bar-rectangle').first().waitFor();
          await wide.locator('[data-testid="weight-volume-chart"] .recharts-line-curve').waitFor();
          await screenshot(wide, 'progress-ar-dark-desktop');
          await desktop.close();
        }
        await phone.close();
      }
    }
  });
});
