import assert from 'node:assert/strict';
import { registerUser } from '@fitness/gateway/testing/api-client.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, expectToast, screenshot, startApp } from './harness.ts';

type Account = Awaited<ReturnType<typeof registerUser>>;

/** The number a stat card shows, as a number (the app formats with grouping in English). */
async function shown(page: Page, testId: string) {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** Waits until the card shows `expected`, without reloading the page. */
async function waitForShown(page: Page, testId: string, expected: number, timeout = 8000) {
  await page.waitForFunction(
    ([id, value]) => {
      const element = document.querySelector(`[data-testid="${id}"]`);
      return element !== null && Number((element.textContent ?? '').replace(/[^\d]/g, '')) === value;
    },
    [testId, expected] as const,
    { timeout },
  );
}

describe('the admin area in a real browser', () => {
  let app: App;
  let admin: Account;
  beforeAll(async () => {
    app = await startApp();
    // The first account of an empty system is its admin.
    admin = await registerUser(app.api, 'Ada Admin');
    assert.equal(admin.user.role, 'admin');
  });
  afterAll(async () => {
    await app?.close();
  });

  const adminContext = (account: Account = admin) =>
    app.context({ storage: { auth_token: account.token, auth_user: JSON.stringify(account.user) } });

  it("moves the admin's numbers while a new user registers and trains in another browser, without a reload", async () => {
    const context = await adminContext();
    const analytics = await context.newPage();
    await analytics.goto('/admin/analytics');
    await analytics.getByTestId('admin-total-signups-value').waitFor();
    await analytics.getByTestId('admin-chart-people').waitFor();
    const dashboard = await context.newPage();
    await dashboard.goto('/admin');
    await dashboard.getByTestId('admin-stat-users-value').waitFor();

    const before = {
      users: await shown(dashboard, 'admin-stat-users-value'),
      workoutsToday: await shown(dashboard, 'admin-stat-workouts-today-value'),
      setsToday: await shown(dashboard, 'admin-stat-sets-today-value'),
      signups: await shown(analytics, 'admin-total-signups-value'),
      workouts: await shown(analytics, 'admin-total-workouts_completed-value'),
      sets: await shown(analytics, 'admin-total-sets_logged-value'),
    };
    // Nothing failed, so the spec's "Backend Integration Required" is nowhere.
    assert.equal(await dashboard.getByTestId('admin-backend-required').count(), 0);
    assert.equal(await analytics.getByTestId('admin-backend-required').count(), 0);

    // A stranger registers through the web app in their own browser...
    const strangerContext = await app.context();
    const stranger = await strangerContext.newPage();
    await stranger.goto('/register');
    await stranger.getByLabel('Name').fill('Sam Stranger');
    await stranger.getByLabel('Email').fill(`sam-${Date.now()}@example.com`);
    await stranger.getByLabel('Password', { exact: true }).fill('long enough pass');
    await stranger.getByLabel('Confirm password').fill('long enough pass');
    await stranger.getByRole('button', { name: 'Create account' }).click();
    // A new account is offered the onboarding first.
    await stranger.waitForURL('**/onboarding');

    await waitForShown(dashboard, 'admin-stat-users-value', before.users + 1);
    await waitForShown(analytics, 'admin-total-signups-value', before.signups + 1);

    // ...and trains: a workout with two sets, completed.
    const token = await stranger.evaluate(() => localStorage.getItem('auth_token'));
    assert.ok(token);
    const workout = (await app.api('POST', '/workouts', { token, body: { name: 'Push day' } })).body;
    const bench = (await app.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Bench press' } }))
      .body;
    for (const weight of [50, 60]) {
      const set = await app.api('POST', `/workouts/${workout.id}/exercises/${bench.id}/sets`, {
        token,
        body: { reps: 5, weight },
      });
      assert.equal(set.status, 201);
    }
    const done = await app.api('PATCH', `/workouts/${workout.id}`, {
      token,
      body: { status: 'completed', duration: 30 },
    });
    assert.equal(done.status, 200);

    await waitForShown(dashboard, 'admin-stat-sets-today-value', before.setsToday + 2);
    await waitForShown(dashboard, 'admin-stat-workouts-today-value', before.workoutsToday + 1);
    await waitForShown(analytics, 'admin-total-sets_logged-value', before.sets + 2);
    await waitForShown(analytics, 'admin-total-workouts_completed-value', before.workouts + 1);
    await screenshot(analytics, 'admin-analytics-live-en-desktop');
    await screenshot(dashboard, 'admin-dashboard-live-en-desktop');

    // The year view answers too, one point a week.
    await analytics.getByRole('tab', { name: 'Year' }).click();
    await analytics.getByTestId('admin-chart-training').waitFor();
    await waitForShown(analytics, 'admin-total-workouts_completed-value', before.workouts + 1);
    await screenshot(analytics, 'admin-analytics-year-en-desktop');

    await strangerContext.close();
    await context.close();
  });

  it('finds users accent- and case-free, filters by role, changes a role and deletes a user, guarding the last admin', async () => {
    const zoe = await registerUser(app.api, 'Zoë Ångström');
    await registerUser(app.api, 'Yusuf Young');
    const context = await adminContext();
    const page = await context.newPage();
    await page.goto('/admin/users');
    await page.getByTestId('admin-user-row').first().waitFor();

    await page.getByLabel('Search users').fill('zoe angstrom');
    await page.getByTestId('admin-user-row').filter({ hasText: 'Zoë Ångström' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-user-row"]').length === 1);

    await page.getByTestId('admin-user-row').getByRole('button', { name: /View/ }).click();
    const detail = page.getByTestId('admin-user-detail');
    await detail.getByTestId('admin-user-role').filter({ hasText: 'User' }).waitFor();
    await detail.getByLabel('Role').selectOption('admin');
    await detail.getByRole('button', { name: 'Change role' }).click();
    await page.locator('dialog[open] form').getByRole('button', { name: 'Change role' }).click();
    await expectToast(page, 'Role changed');
    await detail.getByTestId('admin-user-role').filter({ hasText: 'Admin' }).waitFor();
    await screenshot(page, 'admin-user-detail-en-desktop');
    await detail.getByRole('button', { name: 'Close' }).click();

    // The role filter: Zoë and Ada are the admins now.
    await page.getByLabel('Search users').fill('');
    await page.locator('#admin-role-filter').selectOption('admin');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-user-row"]').length === 2);
    await page.getByTestId('admin-user-row').filter({ hasText: 'Zoë Ångström' }).waitFor();
    assert.equal(await page.getByTestId('admin-user-row').filter({ hasText: 'Yusuf Young' }).count(), 0);

    await page
      .getByTestId('admin-user-row')
      .filter({ hasText: 'Zoë Ångström' })
      .getByRole('button', { name: /View/ })
      .click();
    await detail.getByRole('button', { name: 'Delete user' }).click();
    await page.locator('dialog[open] form').getByRole('button', { name: 'Delete user' }).click();
    await expectToast(page, 'User deleted');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-user-row"]').length === 1);
    assert.equal((await app.api('GET', '/auth/me', { token: zoe.token })).status, 401, "the deleted user's token died");

    // Ada is the last admin: deleting her own account is refused, and the dialog says why.
    await page.getByTestId('admin-user-row').getByRole('button', { name: /View/ }).click();
    await detail.getByRole('button', { name: 'Delete user' }).click();
    const confirm = page.locator('dialog[open] form');
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await confirm.getByTestId('admin-confirm-error').waitFor();
    assert.match((await confirm.getByTestId('admin-confirm-error').textContent()) ?? '', /admin/i);
    await screenshot(page, 'admin-last-admin-en-desktop');
    assert.equal((await app.api('GET', '/auth/me', { token: admin.token })).status, 200);
    await context.close();
  });

  it('pages the users table by the users-per-page setting', async () => {
    const perPage = await app.api('PUT', '/admin/settings', { token: admin.token, body: { users_per_page: 5 } });
    assert.equal(perPage.status, 200);
    for (let index = 1; index <= 7; index += 1) await registerUser(app.api, `Pat Pager ${index}`);
    const context = await adminContext();
    const page = await context.newPage();
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill('pat pager');
    await page.getByTestId('admin-users-total').filter({ hasText: 'Page 1 of 2 · 7 users' }).waitFor();
    assert.equal(await page.getByTestId('admin-user-row').count(), 5);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('admin-users-total').filter({ hasText: 'Page 2 of 2 · 7 users' }).waitFor();
    assert.equal(await page.getByTestId('admin-user-row').count(), 2);
    assert.equal(await page.getByRole('button', { name: 'Next' }).isDisabled(), true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByTestId('admin-users-total').filter({ hasText: 'Page 1 of 2' }).waitFor();
    await context.close();
    await app.api('PUT', '/admin/settings', { token: admin.token, body: { users_per_page: 20 } });
  });

  it('says "Backend Integration Required" only once an admin API call has failed, not while it loads', async () => {
    const context = await adminContext();
    const page = await context.newPage();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/v1/admin/stats', async (route) => {
      await answered;
      await route.fulfill({ status: 502, contentType: 'application/json', body: '{"message":"Bad gateway"}' });
    });
    await page.goto('/admin');
    await page.getByRole('status').first().waitFor();
    assert.equal(await page.getByTestId('admin-backend-required').count(), 0, 'not while loading');
    answer();
    await page
      .getByTestId('admin-backend-required')
      .filter({ hasText: 'Backend Integration Required: Admin API endpoints need to be implemented' })
      .waitFor();
    assert.equal(await page.getByTestId('admin-stat-users').count(), 0, 'no invented numbers');
    await context.close();
  });

  it('takes the admin screens from an admin demoted while they watch, without a reload', async () => {
    const second = await registerUser(app.api, 'Bea Backup');
    const promoted = await app.api('PATCH', `/admin/users/${second.user.id}/role`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    assert.equal(promoted.status, 200);
    const context = await adminContext({ ...second, user: promoted.body });
    const page = await context.newPage();
    await page.goto('/admin');
    await page.getByTestId('admin-stat-users-value').waitFor();

    const demoted = await app.api('PATCH', `/admin/users/${second.user.id}/role`, {
      token: admin.token,
      body: { role: 'user' },
    });
    assert.equal(demoted.status, 200);
    await page.waitForURL('**/dashboard', { timeout: 8000 });
    assert.equal(await page.getByRole('link', { name: 'Admin' }).count(), 0);
    await context.close();
  });

  it('saves the system settings, with field messages, and follows another admin', async () => {
    const context = await adminContext();
    const page = await context.newPage();
    await page.goto('/admin/settings');
    const form = page.getByTestId('admin-settings-form');
    await form.waitFor();
    await form.getByLabel('Users per page').fill('3');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a whole number from 5 to 100.').waitFor();
    await screenshot(page, 'admin-settings-errors-en-desktop');

    await form.getByLabel('Users per page').fill('25');
    await form.getByLabel('Site name').fill('Iron Club');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Settings Saved');
    const saved = (await app.api('GET', '/admin/settings', { token: admin.token })).body;
    assert.equal(saved.users_per_page, 25);
    assert.equal(saved.site_name, 'Iron Club');

    // Another admin's change shows in a form this admin has not touched, without a reload.
    await page.reload();
    await form.getByLabel('Site name').waitFor();
    const other = await app.api('PUT', '/admin/settings', { token: admin.token, body: { site_name: 'Stride' } });
    assert.equal(other.status, 200);
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[maxlength="60"]')?.value === 'Stride',
    );

    await context.close();
  });
});
