import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { registerUser } from '@fitness/gateway/testing/api-client.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, expectToast, PHONE, SCREENSHOTS, screenshot, startApp } from './harness.ts';
import { exerciseCard, logSet, waitForLoggedSets } from './logger.ts';

const REPS_MESSAGE = 'Please enter a valid number of reps (greater than 0)';

describe('journeys in a real browser', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends a guest to login with the redirect query, and back there after logging in', async () => {
    const account = await registerUser(app.api, 'Returning');
    const context = await app.context();
    const page = await context.newPage();
    await page.goto('/settings?tab=units');
    await page.waitForURL('**/login?redirect=*');
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/settings?tab=units');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/settings?tab=units');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await context.close();
  });

  it('registers, is offered the onboarding and skips it to the dashboard; a mismatched confirmation and a common password are refused first', async () => {
    const context = await app.context();
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByLabel('Name').fill('Nia New');
    await page.getByLabel('Email').fill(`nia-${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('long enough pass');
    await page.getByLabel('Confirm password').fill('something else');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Passwords do not match').waitFor();
    // A password everyone tries first is refused by the server, with a reason the user can act on.
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByLabel('Confirm password').fill('password123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This password is too easy to guess.', { exact: false }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('long enough pass');
    await page.getByLabel('Confirm password').fill('long enough pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    // A new account is offered the onboarding first (frontend/e2e/first-day.test.ts goes through it).
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Hello, Nia New' }).waitFor();
    await context.close();
  });

  it('logs a whole workout while a second device of the same user sees every change live', async () => {
    const { account, context, page } = await app.signedIn();
    const other = await app.context({
      storage: { auth_token: account.token, auth_user: JSON.stringify(account.user) },
    });
    const watcher = await other.newPage();

    await page.goto('/workouts');
    await page.getByRole('button', { name: 'Start new workout' }).first().click();
    await page.getByLabel('Workout name').fill('Leg day');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.waitForURL(/\/workouts\/[0-9a-f-]{36}$/);
    const workoutUrl = new URL(page.url()).pathname;
    await watcher.goto(workoutUrl);
    await watcher.getByRole('heading', { name: 'Leg day' }).waitFor();

    await page.getByLabel('Exercise name').fill('Back squat');
    await page.getByRole('button', { name: 'Add exercise' }).click();
    await expectToast(page, 'Exercise Added');
    await watcher.getByRole('heading', { name: 'Back squat' }).waitFor({ timeout: 3000 });

    // A refusal shows once, on its row: no toast beside it.
    const row = exerciseCard(page, 'Back squat').getByTestId('planned-row').first();
    await row.getByLabel('Set 1: Reps').fill('0');
    await row.getByRole('button', { name: 'Log Set 1' }).click();
    await page.getByText(REPS_MESSAGE).first().waitFor();
    assert.equal(await page.locator('.toast-error').count(), 0, 'the error shows inline only');

    await logSet(page, 'Back squat', { reps: '5', weight: '100' });
    await logSet(page, 'Back squat', { reps: '8', weight: '' });
    await waitForLoggedSets(watcher, ['5', '8']);
    await waitForLoggedSets(watcher, ['100', ''], 'Weight');

    // A logged value edited where it shows: Escape puts it back, Enter keeps it.
    const reps = page.getByTestId('set-row').first().getByLabel('Set 1: Reps');
    await reps.fill('7');
    await reps.press('Escape');
    assert.equal(await reps.inputValue(), '5', 'Escape cancels the edit');
    await reps.fill('6');
    await reps.press('Enter');
    await waitForLoggedSets(watcher, ['6', '8']);

    await page.getByRole('button', { name: 'Remove Set 2' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Set Removed');
    await waitForLoggedSets(watcher, ['6']);

    await page.getByRole('button', { name: 'End workout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End workout' }).click();
    await expectToast(page, 'Workout Completed!');
    await watcher.getByTestId('workout-status').filter({ hasText: 'Completed' }).waitFor({ timeout: 3000 });

    await context.close();
    await other.close();
  });

  it('speaks Arabic right to left, and German', async () => {
    const { context, page } = await app.signedIn();
    await page.goto('/settings');
    await page.getByLabel('Language').first().selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ar');
    await page.getByRole('heading', { name: 'الإعدادات' }).waitFor();
    await page.getByRole('combobox').first().selectOption('de');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr' && document.documentElement.lang === 'de');
    await page.getByRole('heading', { name: 'Einstellungen' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Einstellungen' }).waitFor();
    await context.close();
  });

  it('edits the profile, shows the BMI, and keeps it after a reload', async () => {
    const { context, page } = await app.signedIn();
    await page.goto('/profile');
    await page.getByLabel('Height (cm)').fill('180');
    await page.getByLabel('Weight (kg)', { exact: true }).fill('81');
    await page.getByLabel('Gender').selectOption('male');
    await page.getByLabel('Build muscle').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Profile updated successfully!');
    await page.getByTestId('bmi').filter({ hasText: '25' }).waitFor();
    await page.getByText('Overweight').waitFor();
    await page.reload();
    assert.equal(await page.getByLabel('Weight (kg)', { exact: true }).inputValue(), '81');
    await page.getByLabel('Weight (kg)', { exact: true }).fill('-3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Failed to update profile. Please try again.');
    await page.getByText('The weight must be from 20 to 500 kg', { exact: false }).waitFor();
    await context.close();
  });

  it('downloads a copy of everything the user logged from Settings', async () => {
    const { account, context, page } = await app.signedIn();
    await app.api('POST', '/workouts', { token: account.token, body: { name: 'Kept for the record' } });
    await page.goto('/settings');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    assert.match(download.suggestedFilename(), /^stride-export-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(exported.user.email, account.email);
    assert.deepEqual(
      exported.data.workouts.map((workout: { name: string }) => workout.name),
      ['Kept for the record'],
    );
    await expectToast(page, 'Your data is downloaded.');
    await context.close();
  });

  it('deletes the account from the profile once the password confirms it, signing out every device', async () => {
    // Someone else holds the admin seat whichever test runs first (the only admin may not leave).
    await registerUser(app.api, 'Keeper');
    const { account, context, page } = await app.signedIn();
    const workout = await app.api('POST', '/workouts', { token: account.token, body: { name: 'Last session' } });
    assert.equal(workout.status, 201);
    // A second device, signed in on its own.
    const login = await app.api('POST', '/auth/login', { body: { email: account.email, password: account.password } });
    const otherDevice = await app.context({
      storage: { auth_token: login.body.token, auth_user: JSON.stringify(login.body.user) },
    });
    const other = await otherDevice.newPage();
    await other.goto('/workouts');
    await other.getByText('Last session').waitFor();

    await page.goto('/settings');
    await page.getByRole('link', { name: 'Delete it on your profile' }).click();
    await page.waitForURL('**/profile#delete-account');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Enter your password.' }).waitFor();
    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'That password is not right.' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/profile-delete-account-en-desktop.png` });
    assert.equal((await app.api('GET', '/workouts', { token: account.token })).body.data.length, 1, 'nothing lost');

    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expectToast(page, 'Your account has been deleted.');
    await page.waitForURL('**/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('auth_token')), null);

    // The other device's session is over: the live channel tells it, and it goes to sign in by itself.
    await other.waitForURL('**/login**', { timeout: 5000 });
    // And the old credentials open nothing.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('These credentials do not match our records.').waitFor();
    await otherDevice.close();
    await context.close();
  });

  it('asks before deleting an account in Arabic too, right to left on a phone', async () => {
    const { context, page } = await app.signedIn({ viewport: PHONE, locale: 'ar' });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'حذف الحساب…' }).click();
    const dialog = page.getByRole('dialog', { name: 'هل تريد حذف حسابك؟' });
    await dialog.getByRole('button', { name: 'احذف حسابي' }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    await screenshot(page, 'profile-delete-account-ar-phone');
    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('applies the dark theme colours', async () => {
    const { context, page } = await app.signedIn();
    await page.goto('/settings');
    await page.getByText('Dark', { exact: true }).click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    const colours = await page.evaluate(() => {
      const style = getComputedStyle(document.body);
      return { background: style.backgroundColor, text: style.color };
    });
    assert.deepEqual(colours, { background: 'rgb(24, 26, 27)', text: 'rgb(232, 230, 227)' });
    await context.close();
  });

  it('shows the 5-tab bottom bar on a 390 px wide phone', async () => {
    const { context, page } = await app.signedIn({ viewport: PHONE });
    await page.goto('/dashboard');
    const bar = page.locator('nav.bottom-bar');
    await bar.waitFor();
    assert.ok(await bar.isVisible());
    assert.equal(await bar.getByRole('link').count(), 5);
    assert.deepEqual(await bar.getByRole('link').allInnerTexts(), [
      'Dashboard',
      'Workouts',
      'Exercises',
      'Meals',
      'Settings',
    ]);
    assert.equal(await page.locator('aside.sidebar').isVisible(), false);
    await context.close();
  });

  it('opens offline once the service worker has cached the app shell', async () => {
    const context = await app.context();
    const page = await context.newPage();
    await page.goto('/login');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(new URL(scope).pathname, '/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await context.close();
  });

  it("says 'Session Expired' and lands on /login when the token has expired", async () => {
    const { account } = await app.signedIn();
    const context = await app.context({
      storage: {
        auth_token: `${account.user.id}.00000000-0000-4000-8000-000000000000.${'x'.repeat(43)}`,
        auth_user: JSON.stringify(account.user),
      },
    });
    const page = await context.newPage();
    await page.goto('/workouts');
    await expectToast(page, 'Session Expired');
    await page.waitForURL('**/login**');
    await page.getByText('Please log in again to continue.').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('auth_token')), null);
    await context.close();
  });
});
