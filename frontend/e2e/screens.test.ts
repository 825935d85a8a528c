import assert from 'node:assert/strict';
import { registerUser } from '@fitness/gateway/testing/api-client.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, DESKTOP, PHONE, screenshot, seriousViolations, startApp } from './harness.ts';

describe('every screen, in English and Arabic, light and dark, desktop and phone', () => {
  let app: App;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    app = await startApp();
    // The first account of an empty system is its admin; every other account is a user.
    admin = await registerUser(app.api, 'Ada Admin');
  });
  afterAll(async () => {
    await app?.close();
  });

  const variants = ['en', 'ar'].flatMap((locale) =>
    (['light', 'dark'] as const).flatMap((theme) =>
      [
        { name: 'desktop', viewport: DESKTOP },
        { name: 'phone', viewport: PHONE },
      ].map((device) => ({ locale, theme, device })),
    ),
  );

  for (const { locale, theme, device } of variants) {
    it(`${locale} ${theme} ${device.name}: looks right and has no serious accessibility violation`, async () => {
      const settings = { theme, language: locale };
      const guestContext = await app.context({
        viewport: device.viewport,
        storage: { locale, app_settings: JSON.stringify(settings) },
      });
      const guest = await guestContext.newPage();
      const problems: string[] = [];
      const visit = async (page: Page, path: string, name: string, ready: (page: Page) => Promise<unknown>) => {
        await page.goto(path);
        await ready(page);
        await page.waitForFunction((dir) => document.documentElement.dir === dir, locale === 'ar' ? 'rtl' : 'ltr');
        await screenshot(page, `${name}-${locale}-${theme}-${device.name}`);
        if (device.name === 'desktop') problems.push(...(await seriousViolations(page)).map((p) => `${name}: ${p}`));
      };

      await visit(guest, '/login', 'login', (p) => p.locator('form').waitFor());
      await visit(guest, '/register', 'register', (p) => p.locator('form').waitFor());
      await guestContext.close();

      const { account, context, page } = await app.signedIn({ viewport: device.viewport, settings, locale });
      const workoutPath = await seedWorkouts(app, account.token);
      await visit(page, '/dashboard', 'dashboard', (p) => p.getByTestId('calories-consumed').waitFor());
      await visit(page, '/workouts', 'workouts', (p) =>
        p.getByTestId('recent-workouts').locator('li').first().waitFor(),
      );
      await visit(page, workoutPath, 'workout-detail', (p) => p.getByTestId('set-row').first().waitFor());
      await visit(page, '/settings', 'settings', (p) => p.locator('.switch').first().waitFor());
      await visit(page, '/profile', 'profile', (p) => p.locator('form').first().waitFor());
      await visit(page, '/meals', 'nutrition', (p) => p.getByTestId('meal-breakfast').waitFor());
      await visit(page, '/exercises', 'library', (p) => p.getByTestId('exercise-card').first().waitFor());
      await visit(page, '/exercises', 'exercise-details', async (p) => {
        await p.getByTestId('exercise-card').first().locator('.exercise-open').click();
        await p.locator('dialog[open] ol.steps li').first().waitFor();
      });
      await visit(page, '/templates', 'templates', (p) => p.getByTestId('template-card').first().waitFor());
      await visit(page, '/templates', 'template-preview', async (p) => {
        // A card's actions: Start, then its preview.
        await p.getByTestId('template-card').first().getByRole('button').last().click();
        await p.locator('dialog[open] [data-testid="template-exercises"] li').first().waitFor();
      });
      await visit(page, '/no/such/page', 'not-found', (p) => p.locator('.empty').waitFor());
      await visit(page, '/workouts/00000000-0000-4000-8000-000000000000', 'workout-not-found', (p) =>
        p.getByRole('alert').first().waitFor(),
      );
      await context.close();

      // Settings follow the account: the admin's own choice for this look, as another device would have made it.
      const chosen = await app.api('PATCH', '/me/settings', { token: admin.token, body: settings });
      assert.equal(chosen.status, 200);
      const adminContext = await app.context({
        viewport: device.viewport,
        storage: {
          auth_token: admin.token,
          auth_user: JSON.stringify(admin.user),
          locale,
          app_settings: JSON.stringify(settings),
        },
      });
      const adminPage = await adminContext.newPage();
      await visit(adminPage, '/admin', 'admin-dashboard', (p) => p.getByTestId('admin-stat-users-value').waitFor());
      await visit(adminPage, '/admin/users', 'admin-users', (p) => p.getByTestId('admin-user-row').first().waitFor());
      await visit(adminPage, '/admin/users', 'admin-user-detail', async (p) => {
        await p.getByTestId('admin-user-row').first().getByRole('button').click();
        await p.getByTestId('admin-user-workouts').waitFor();
      });
      await visit(adminPage, '/admin/analytics', 'admin-analytics', (p) =>
        p.getByTestId('admin-chart-meals').locator('.recharts-surface').first().waitFor(),
      );
      await visit(adminPage, '/admin/settings', 'admin-settings', (p) =>
        p.getByTestId('admin-settings-form').waitFor(),
      );
      await adminContext.close();

      assert.deepEqual(problems, []);
    });
  }
});

/** A workout in progress with two exercises and a completed one, for the screens to show. */
async function seedWorkouts(app: App, token: string) {
  const workout = (await app.api('POST', '/workouts', { token, body: { name: 'Upper body' } })).body;
  const bench = (await app.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Bench press' } }))
    .body;
  for (const [reps, weight] of [
    [10, 40],
    [8, 60],
    [6, 70],
  ]) {
    await app.api('POST', `/workouts/${workout.id}/exercises/${bench.id}/sets`, {
      token,
      body: { reps, weight, rest_time: 120 },
    });
  }
  const pullUps = (await app.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Pull-up' } }))
    .body;
  await app.api('POST', `/workouts/${workout.id}/exercises/${pullUps.id}/sets`, {
    token,
    body: { reps: 8, weight: '', rest_time: 90 },
  });
  const done = (await app.api('POST', '/workouts', { token, body: { name: 'Morning run', date: '2026-11-20' } })).body;
  await app.api('PATCH', `/workouts/${done.id}`, { token, body: { status: 'completed', duration: 42 } });
  return `/workouts/${workout.id}`;
}
