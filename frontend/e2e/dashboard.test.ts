import assert from 'node:assert/strict';
import { shiftDay } from '@fitness/contracts/calendar.ts';
import {
  type OpenMeteoTestServer,
  startOpenMeteoTestServer,
} from '@fitness/query-service/weather/open-meteo-test-server.ts';
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, expectToast, PHONE, screenshot, startApp } from './harness.ts';
import { exerciseCard, logSet } from './logger.ts';

describe('dashboard in a real browser', () => {
  let app: App;
  let openMeteo: OpenMeteoTestServer;
  beforeAll(async () => {
    openMeteo = await startOpenMeteoTestServer();
    app = await startApp({
      WEATHER_API_URL: openMeteo.url,
      WEATHER_LATITUDE: '52.52',
      WEATHER_LONGITUDE: '13.405',
      WEATHER_LOCATION_NAME: 'Berlin',
      WEATHER_CACHE_SECONDS: '0',
      // Generous: the fake answers at once or fails at once, but on a loaded two-core CI (the web
      // app building beside it) 500 ms was once too short for the first answer.
      WEATHER_TIMEOUT_MS: '5000',
    });
  });
  afterAll(async () => {
    await app?.close();
    await openMeteo?.close();
  });

  it('shows the weather where the user shares their position, and says when it is unavailable', async () => {
    const { context, page } = await app.signedIn({ settings: { units: 'imperial' } });
    await page.goto('/dashboard');
    const card = page.getByTestId('weather-card');
    await card.getByText('Berlin').waitFor();
    await card.getByTestId('weather-temperature').filter({ hasText: '44 °F' }).waitFor(); // 6.4 °C is 43.5 °F
    await card.getByText('Rain').waitFor();

    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 48.8566, longitude: 2.3522 });
    await card.getByRole('button', { name: 'Use my location' }).click();
    await card.getByText('48.86, 2.35').waitFor();
    assert.equal(openMeteo.state.requests.at(-1)?.searchParams.get('latitude'), '48.86');
    await screenshot(page, 'dashboard-weather-en-desktop');

    openMeteo.state.behaviour = 'fail';
    await page.reload();
    await card.getByText('Weather is unavailable right now.').waitFor();
    assert.equal(await card.getByTestId('weather-temperature').count(), 0, 'no invented weather');
    openMeteo.state.behaviour = 'answer';
    await context.close();
  });

  it('keeps every card in place while its numbers arrive, and reads only the workout in progress of the list', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const token = account.token;
    for (const name of ['Monday run', 'Leg day']) {
      const workout = (await app.api('POST', '/workouts', { token, body: { name } })).body;
      if (name === 'Monday run') {
        await app.api('PATCH', `/workouts/${workout.id}`, { token, body: { status: 'completed', duration: 30 } });
      }
    }
    await context.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const lists: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/workouts') lists.push(url.search);
    });
    // Today's numbers held back until the page has drawn their cards without them.
    const held: Route[] = [];
    let released = false;
    await page.route(/\/api\/v1\/metrics\/today\?/, (route) => {
      // Held until the cards were drawn without them; a read that comes later (once the live
      // channel opens, the dashboard reads again) goes through.
      if (released) return route.continue();
      held.push(route);
    });
    await page.goto('/dashboard');
    while (held.length === 0) await page.waitForTimeout(20);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Two frames drawn without them, then they come.
    await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
    released = true;
    for (const route of held.splice(0)) await route.continue();
    await page.unroute(/\/api\/v1\/metrics\/today\?/);

    await page.getByTestId('calories-consumed').waitFor();
    await page.getByTestId('recent-records').getByText('No records yet').waitFor();
    await page.getByTestId('achievements').getByText('First workout').waitFor();
    await page.getByTestId('weather-temperature').waitFor();
    const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    const cls = shifted.reduce((sum, value) => sum + value, 0);
    assert.ok(cls <= 0.05, `cumulative layout shift ${cls} (${shifted.join(', ')})`);
    // Read again when the live channel opens, which the first screen does not wait for.
    assert.ok(lists.length > 0, 'the workout in progress is read');
    assert.deepEqual(
      new Set(lists),
      new Set(['?status=in_progress&per_page=1']),
      'one summary, not a page of the list',
    );

    const resume = page.getByTestId('continue-workout');
    await resume.filter({ hasText: 'Leg day' }).click();
    await page.waitForURL('**/workouts/*');
    await context.close();
  });

  it("counts each user's own calendar day, wherever in the world they are", async () => {
    // Honolulu (UTC−10) and Kiritimati (UTC+14) are a day apart at every moment, so each
    // dashboard must show its own local day, whatever the server's clock says.
    for (const [timezoneId, calories] of [
      ['Pacific/Honolulu', 310],
      ['Pacific/Kiritimati', 640],
    ] as const) {
      const { account, context, page } = await app.signedIn({ timezoneId });
      await page.goto('/dashboard');
      await page.getByTestId('calories-consumed').filter({ hasText: /^0$/ }).waitFor();
      const local = await page.evaluate(() => {
        const now = new Date();
        return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
      });
      for (const date of [local, shiftDay(local, -1), shiftDay(local, 1)]) {
        const meal = (await app.api('POST', '/meals', { token: account.token, body: { date, type: 'lunch' } })).body;
        await app.api('POST', `/meals/${meal.id}/entries`, {
          token: account.token,
          body: { name: 'Poke bowl', calories: date === local ? calories : 999 },
        });
      }
      await page
        .getByTestId('calories-consumed')
        .filter({ hasText: String(calories) })
        .waitFor({ timeout: 3000 });
      await context.close();
    }
  });

  it('records weigh-ins in pounds on the profile and draws the history, following other devices', async () => {
    const { account, context, page } = await app.signedIn({ settings: { units: 'imperial' } });
    await page.goto('/profile');
    const history = page.getByTestId('weight-history');
    await history.getByText('No weigh-ins yet', { exact: false }).waitFor();

    await history.getByLabel("Today's weight (lb)").fill('5');
    await history.getByRole('button', { name: 'Record' }).click();
    await history.getByText('Enter your weight, from 44 to 1,102 lb.').waitFor();

    await history.getByLabel("Today's weight (lb)").fill('165');
    await history.getByRole('button', { name: 'Record' }).click();
    await history.getByText('Latest: 165 lb', { exact: false }).waitFor();
    const stored = (await app.api('GET', '/body-weight', { token: account.token })).body.data;
    assert.equal(stored.length, 1);
    assert.equal(stored[0].weight, 74.84, '165 lb kept as kilograms');
    const me = (await app.api('GET', '/me', { token: account.token })).body;
    assert.equal(me.profile.weight, 74.84, "today's weigh-in is the current weight");
    assert.equal(
      await page.getByLabel('Weight (lb)', { exact: true }).inputValue(),
      '165',
      'and the form shows it as typed',
    );

    // A weigh-in a week earlier from another device: the chart appears without a reload.
    const earlier = shiftDay(stored[0].date, -7);
    await app.api('PUT', `/body-weight/${earlier}`, { token: account.token, body: { weight: 76 } });
    await history.getByRole('figure', { name: 'Body weight over the last year' }).waitFor({ timeout: 3000 });
    await screenshot(page, 'profile-weight-en-desktop');
    await context.close();
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

  it('marks a personal record on its row where it is logged, and announces it on the open dashboard', async () => {
    const { account, context, page } = await app.signedIn();
    const token = account.token;
    const past = (await app.api('POST', '/workouts', { token, body: { name: 'Last week', date: '2026-11-14' } })).body;
    const pastBench = (
      await app.api('POST', `/workouts/${past.id}/exercises`, { token, body: { name: 'Bench press' } })
    ).body;
    await app.api('POST', `/workouts/${past.id}/exercises/${pastBench.id}/sets`, {
      token,
      body: { reps: 5, weight: 80 },
    });
    await page.goto('/dashboard');
    await page.getByTestId('recent-records').getByText('Bench press').first().waitFor();

    const phone = await app.context({
      viewport: { width: 390, height: 844 },
      storage: { auth_token: token, auth_user: JSON.stringify(account.user) },
    });
    const logger = await phone.newPage();
    const today = (await app.api('POST', '/workouts', { token, body: { name: 'Push' } })).body;
    await app.api('POST', `/workouts/${today.id}/exercises`, { token, body: { name: 'Bench press' } });
    await logger.goto(`/workouts/${today.id}`);
    await logSet(logger, 'Bench press', { reps: '5', weight: '85' });
    // The tab showing the workout marks the set's row; the other tab, the dashboard, tells with a toast.
    await exerciseCard(logger, 'Bench press').getByTestId('set-row').first().getByTestId('set-record').waitFor();
    assert.equal(await logger.getByTestId('toast').filter({ hasText: 'New personal record!' }).count(), 0);
    await page.getByTestId('recent-records').getByText('before: 80 kg').first().waitFor();
    await expectToast(page, 'New personal record!');
    await screenshot(logger, 'logger-record-en-phone');
    await screenshot(page, 'dashboard-records-en-desktop');
    await phone.close();
    await context.close();
  });

  it('announces an achievement unlocked on another device, and the profile lists it with the stats', async () => {
    const { account, context, page } = await app.signedIn();
    await page.goto('/dashboard');
    await page.getByTestId('achievements').waitFor();
    const workout = (await app.api('POST', '/workouts', { token: account.token, body: { name: 'First ever' } })).body;
    await app.api('PATCH', `/workouts/${workout.id}`, {
      token: account.token,
      body: { status: 'completed', duration: 35 },
    });
    await expectToast(page, 'Achievement unlocked!');
    await page.getByTestId('achievements').getByText('First workout').waitFor();
    await page.goto('/profile');
    await page
      .getByTestId('fitness-stats')
      .getByText('35 min', { exact: false })
      .or(page.getByTestId('fitness-stats').getByText('0.6 h'))
      .first()
      .waitFor();
    await page.getByTestId('achievements').getByText('10 workouts').waitFor();
    await screenshot(page, 'profile-achievements-en-desktop');
    await context.close();
  });

  it("reads the week chart's tooltip in Arabic, right to left and in words", async () => {
    const { account, context, page } = await app.signedIn({ locale: 'ar' });
    const today = await page.evaluate(() =>
      new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10),
    );
    const meal = (await app.api('POST', '/meals', { token: account.token, body: { date: today, type: 'lunch' } })).body;
    await app.api('POST', `/meals/${meal.id}/entries`, {
      token: account.token,
      body: { name: 'Soup', calories: 1200 },
    });
    await page.goto('/dashboard');
    // The chart is drawn once it comes near the screen.
    await page.locator('#week-title').scrollIntoViewIfNeeded();
    const chart = page.locator('figure.chart').first();
    const bar = chart.locator('.recharts-bar-rectangle').first();
    await bar.waitFor();
    await bar.scrollIntoViewIfNeeded();
    const box = await bar.boundingBox();
    assert.ok(box);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tooltip = chart.locator('.recharts-tooltip-wrapper');
    await tooltip.getByText('المتناوَل').waitFor();
    assert.equal(await tooltip.evaluate((element) => getComputedStyle(element).direction), 'rtl');
    await context.close();
  });
});
