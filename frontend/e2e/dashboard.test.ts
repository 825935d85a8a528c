import { after, before, describe, it } from 'node:test';
import { type App, screenshot, startApp } from './harness.ts';

describe('dashboard in a real browser', () => {
  let app: App;
  before(async () => {
    app = await startApp();
  });
  after(async () => {
    await app?.close();
  });

  it('follows what another device logs — a meal, water, steps, a workout — without reloading', async () => {
    const { account, context, page } = await app.signedIn();
    const token = account.token;
    await page.goto('/dashboard');
    await page.getByTestId('calories-consumed').filter({ hasText: /^0$/ }).waitFor();
    const date = await page.evaluate(() => {
      const now = new Date();
      return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    });

    const meal = (await app.api('POST', '/meals', { token, body: { date, type: 'breakfast' } })).body;
    await app.api('POST', `/meals/${meal.id}/entries`, {
      token,
      body: { name: 'Porridge', calories: 420, protein: 15, carbs: 60, fat: 10 },
    });
    await page.getByTestId('calories-consumed').filter({ hasText: '420' }).waitFor({ timeout: 3000 });

    await app.api('POST', `/water/${date}`, { token, body: { ml: 500 } });
    await page.getByTestId('water-consumed').filter({ hasText: '500 ml' }).waitFor({ timeout: 3000 });

    await app.api('PUT', `/steps/${date}`, { token, body: { count: 4321 } });
    await page.getByTestId('steps-count').filter({ hasText: '4,321' }).waitFor({ timeout: 3000 });

    const workout = (await app.api('POST', '/workouts', { token, body: { name: 'Quick', date } })).body;
    await app.api('PATCH', `/workouts/${workout.id}`, { token, body: { status: 'completed', duration: 30 } });
    await page.getByTestId('workouts-completed').filter({ hasText: '1' }).waitFor({ timeout: 3000 });

    await page.getByLabel('Steps today').fill('8000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('steps-count').filter({ hasText: '8,000' }).waitFor();
    await screenshot(page, 'dashboard-live-en-desktop');
    await context.close();
  });
});
