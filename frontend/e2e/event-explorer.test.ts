import assert from 'node:assert/strict';
import { registerUser } from '@fitness/gateway/testing/api-client.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, DESKTOP, PHONE, screenshot, seriousViolations, startApp, widerThanScreenBy } from './harness.ts';

type Account = Awaited<ReturnType<typeof registerUser>>;

describe('the event explorer in a real browser', () => {
  let app: App;
  let admin: Account;
  let workoutId: string;

  beforeAll(async () => {
    app = await startApp();
    admin = await registerUser(app.api, 'Ada Admin');
    assert.equal(admin.user.role, 'admin');
    const user = await registerUser(app.api, 'Uma User');
    const ok = async (method: string, url: string, body?: unknown) => {
      const response = await app.api(method, url, { token: user.token, body });
      assert.ok(response.status < 300, `${method} ${url}: ${response.status}`);
      return response.body;
    };
    workoutId = (await ok('POST', '/workouts', { name: 'Pull day' })).id;
    const exercise = await ok('POST', `/workouts/${workoutId}/exercises`, { name: 'Row' });
    await ok('POST', `/workouts/${workoutId}/exercises/${exercise.id}/sets`, { reps: 8, weight: 60 });
    await ok('PATCH', `/workouts/${workoutId}`, { name: 'Heavy pull day' });
  });
  afterAll(async () => {
    await app?.close();
  });

  const explorerAs = async (options: { locale?: string; theme?: string; viewport?: typeof DESKTOP } = {}) => {
    const { locale = 'en', theme = 'light', viewport = DESKTOP } = options;
    // Settings follow the account: the admin's own choice for this look, as another device would have made it.
    const chosen = await app.api('PATCH', '/me/settings', { token: admin.token, body: { theme, language: locale } });
    assert.equal(chosen.status, 200);
    const context = await app.context({
      viewport,
      storage: {
        auth_token: admin.token,
        auth_user: JSON.stringify(admin.user),
        locale,
        app_settings: JSON.stringify({ theme, language: locale }),
      },
    });
    const page = await context.newPage();
    await page.goto('/admin/events');
    return { context, page };
  };

  it("finds a workout's stream, travels back to its first revision, and rebuilds a projection to 100 %", async () => {
    const { context, page } = await explorerAs();
    const stream = page.getByRole('button', { name: new RegExp(`workout-${workoutId}`) });
    await stream.click();
    const state = page.getByTestId('explorer-state');
    await state.getByText('"Heavy pull day"').first().waitFor();
    assert.equal(await page.getByTestId('explorer-revision').inputValue(), '3');

    // The first event, with its metadata.
    await page
      .getByTestId('explorer-stream')
      .getByRole('button', { name: /WorkoutStarted/ })
      .click();
    const event = page.getByTestId('explorer-event');
    await event.getByText('WorkoutStarted').first().waitFor();
    await event.getByText('Command id').waitFor();

    // Time travel: at revision 0 the workout had its first name and no exercises.
    await page.getByTestId('explorer-revision').fill('0');
    await page.getByText('Revision 0 of 3').waitFor();
    await state.getByText('"Pull day"').first().waitFor();
    assert.equal(await state.getByText('"Heavy pull day"').count(), 0);

    // A rebuild whose progress bar reaches 100 %.
    const workouts = page.getByTestId('projection-workouts');
    await workouts.getByText('up to date').waitFor();
    await workouts.getByRole('button', { name: 'Rebuild workouts' }).click();
    await page.getByTestId('rebuild-workouts').getByText('Rebuilt (100 %)').waitFor({ timeout: 15_000 });
    assert.equal(await workouts.locator('progress').evaluate((bar) => (bar as HTMLProgressElement).value), 100);
    await workouts.getByText('up to date').waitFor();
    await screenshot(page, 'event-explorer-rebuilt-en-light-desktop');

    // The user's timeline, newest first, from the stream's first event's actor.
    const userId = (await event.locator('dd').nth(4).textContent()) ?? '';
    await page.getByLabel('User id').fill(userId);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByRole('list', { name: "A user's timeline" }).getByRole('button').first().waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();
  });

  it('refuses the explorer to a user who is not an admin', async () => {
    const user = await registerUser(app.api, 'Not Admin');
    const context = await app.context({
      storage: { auth_token: user.token, auth_user: JSON.stringify(user.user) },
    });
    const page = await context.newPage();
    await page.goto('/admin/events');
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    await context.close();
  });

  for (const locale of ['en', 'ar']) {
    for (const theme of ['light', 'dark']) {
      for (const [device, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        it(`${locale} ${theme} ${device}: shows a stream at a revision and the projections`, async () => {
          const { context, page } = await explorerAs({ locale, theme, viewport });
          await page.waitForFunction((dir) => document.documentElement.dir === dir, locale === 'ar' ? 'rtl' : 'ltr');
          await page.getByRole('button', { name: new RegExp(`workout-${workoutId}`) }).click();
          await page.getByTestId('explorer-state').waitFor();
          await page
            .getByTestId('explorer-stream')
            .getByRole('button', { name: /WorkoutStarted/ })
            .click();
          await page.getByTestId('explorer-event').waitFor();
          await page.getByTestId('projection-workouts').waitFor();
          // Nothing wider than the screen: the JSON scrolls inside its own box.
          const overflow = await widerThanScreenBy(page);
          assert.ok(overflow <= 1, `the page is ${overflow}px wider than the screen`);
          await screenshot(page, `event-explorer-${locale}-${theme}-${device}`);
          if (device === 'desktop') assert.deepEqual(await seriousViolations(page), []);
          await context.close();
        });
      }
    }
  }
});
