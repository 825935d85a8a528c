import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  type App,
  DESKTOP,
  expectToast,
  liveChannelOpen,
  PHONE,
  screenshot,
  startApp,
  widerThanScreenBy,
} from './harness.ts';

type Entry = { id: string; food_name: string; calories: number; created_at: string };
type Meal = { type: string; entries: Entry[] };
type Water = { entries: { id: string; ml: number; logged_at: string }[]; total_ml: number };

/** The browser's clock now, as the times of what is logged are the browser's. */
const browserNow = (page: Page) => page.evaluate(() => Date.now());

/** The day's entries as the page shows them, meal by meal, [meal, name] in the page's order, once they are `expected`. */
async function waitForEntries(page: Page, expected: string[][]) {
  await page.waitForFunction((want) => {
    const shown = [...document.querySelectorAll('[data-testid^="meal-"][aria-labelledby]')].flatMap((meal) =>
      [...meal.querySelectorAll('[data-testid="meal-entry"] .list-title')].map((name) => [
        meal.getAttribute('data-testid'),
        name.textContent,
      ]),
    );
    return JSON.stringify(shown) === JSON.stringify(want);
  }, expected);
}

/** Closes the toasts, which sit over the top of the page, so a screenshot shows what is under them. */
async function closeToasts(page: Page) {
  const toasts = page.getByTestId('toast');
  while ((await toasts.count()) > 0) {
    const count = await toasts.count();
    await toasts.first().getByRole('button').last().click();
    await page.waitForFunction((before) => document.querySelectorAll('[data-testid="toast"]').length < before, count);
  }
}

/** Quick-adds a name and its calories to a meal, in English. */
async function quickAdd(page: Page, meal: string, name: string, calories: string) {
  await page.getByTestId(`meal-${meal}`).getByRole('button', { name: 'Add food' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Quick add' }).click();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Calories').fill(calories);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Food added');
  await dialog.waitFor({ state: 'hidden' });
}

/** Issue 36, Done when 4: meals, water and a weigh-in logged at a table with no signal, synced exactly once. */
describe('meals and water logged offline', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps entries logged, changed and removed offline, water and a weigh-in, and the server has each once with its time', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const { token } = account;
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));

    // A second device of the user, on the meals page, hears what the first sends later.
    const other = await app.context({
      viewport: PHONE,
      storage: { auth_token: token, auth_user: JSON.stringify(account.user) },
    });
    const watcher = await other.newPage();
    const watching = liveChannelOpen(watcher);
    await watcher.goto('/meals');
    await watcher.getByTestId('meal-breakfast').waitFor();
    await watching;

    await page.goto('/meals');
    await page.getByTestId('meal-breakfast').waitFor();
    // The app's files kept by its service worker: the page opens again without a connection.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // A food picked while the signal lasts; it is logged once it has gone.
    await page.getByTestId('meal-breakfast').getByRole('button', { name: 'Add food' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Breakfast' });
    await dialog.getByRole('searchbox').fill('oat');
    await dialog.getByTestId('food-results').getByRole('button', { name: /oat/i }).first().click();

    await context.setOffline(true);
    await page.getByText('Offline', { exact: true }).waitFor();
    const times: { before: number; after: number }[] = [];
    const timed = async (action: () => Promise<unknown>) => {
      const before = await browserNow(page);
      await action();
      times.push({ before, after: await browserNow(page) });
    };
    await timed(async () => {
      await dialog.getByRole('button', { name: 'Add 1 food' }).click();
      await expectToast(page, 'Food added');
      await dialog.waitFor({ state: 'hidden' });
    });
    const oats = (await page.getByTestId('meal-breakfast').locator('.list-title').first().textContent()) ?? '';
    assert.match(oats, /oat/i);
    await timed(() => quickAdd(page, 'lunch', 'Lentil soup', '250'));
    await quickAdd(page, 'lunch', 'Bread', '120');
    await waitForEntries(page, [
      ['meal-breakfast', oats],
      ['meal-lunch', 'Lentil soup'],
      ['meal-lunch', 'Bread'],
    ]);

    // The soup was a bigger bowl; the bread was never eaten.
    const lunch = page.getByTestId('meal-lunch');
    await lunch.getByRole('button', { name: 'Change Lentil soup' }).click();
    await lunch.getByRole('textbox').fill('300');
    await lunch.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Entry updated');
    await page.getByTestId('meal-lunch-calories').filter({ hasText: '420' }).waitFor();
    await lunch.getByRole('button', { name: 'Remove Bread' }).click();
    await expectToast(page, 'Entry removed');
    await waitForEntries(page, [
      ['meal-breakfast', oats],
      ['meal-lunch', 'Lentil soup'],
    ]);
    await page.getByTestId('meal-lunch-calories').filter({ hasText: '300' }).waitFor();

    const water = page.getByTestId('water');
    await timed(async () => {
      await water.getByRole('button', { name: '250 ml' }).click();
      await water.getByTestId('water-total').filter({ hasText: '250 ml' }).waitFor();
    });
    await timed(async () => {
      await water.getByRole('button', { name: '500 ml' }).click();
      await water.getByTestId('water-total').filter({ hasText: '750 ml' }).waitFor();
    });

    // Weighed in on the profile, still without a connection.
    await page.goto('/profile');
    const weight = page.getByTestId('weight-history');
    await weight.getByPlaceholder("Today's weight (kg)").fill('80');
    await weight.getByRole('button', { name: 'Record' }).click();
    // Kept on the device, not yet saved: the toast says which.
    await expectToast(page, 'Weight kept on this device');
    await weight.getByText(/Latest: 80 kg/).waitFor();

    // Breakfast and lunch opened, the oats, the soup and the bread, the change and the removal, two waters, the weigh-in.
    const waiting = async (view: Page) => {
      const status = view.getByRole('region', { name: 'Changes made offline' });
      await status.getByText('Offline · 10 changes waiting').waitFor();
      return status;
    };
    await waiting(page);

    // Reloaded at the table: the entries and the water are still there, and still waiting.
    await page.goto('/meals');
    await page.reload();
    await waitForEntries(page, [
      ['meal-breakfast', oats],
      ['meal-lunch', 'Lentil soup'],
    ]);
    await page.getByTestId('water-total').filter({ hasText: '750 ml' }).waitFor();
    await waiting(page);
    // The tab closed and opened again, still without a connection.
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto('/meals');
    await waitForEntries(reopened, [
      ['meal-breakfast', oats],
      ['meal-lunch', 'Lentil soup'],
    ]);
    await reopened.getByTestId('water-total').filter({ hasText: '750 ml' }).waitFor();
    const status = await waiting(reopened);
    await screenshot(reopened, 'offline-meals-reopened-en-light-phone');

    const onServer = async () => {
      const [meals, water, weighIns] = await Promise.all([
        app.api('GET', `/meals?date=${today}`, { token }),
        app.api('GET', `/water/${today}`, { token }),
        app.api('GET', `/body-weight?from=${today}`, { token }),
      ]);
      return {
        meals: meals.body.data as Meal[],
        water: water.body as Water,
        weighIns: weighIns.body.data as { date: string; weight: number }[],
      };
    };
    /** What the server answers once `settled` holds of it (its read models follow its writes closely, not at once). */
    const settledOnServer = async (settled: (answer: Awaited<ReturnType<typeof onServer>>) => boolean) => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const answer = await onServer();
        if (settled(answer)) return answer;
        await delay(100);
      }
      return onServer();
    };
    const before = await onServer();
    assert.deepEqual([before.meals, before.water.entries, before.weighIns], [[], [], []], 'nothing reached the server');

    await context.setOffline(false);
    await status.getByText(/changes? waiting|Sending/).waitFor({ state: 'detached' });
    await waitForEntries(watcher, [
      ['meal-breakfast', oats],
      ['meal-lunch', 'Lentil soup'],
    ]);
    await watcher.getByTestId('water-total').filter({ hasText: '750 ml' }).waitFor();
    const server = await settledOnServer((answer) => answer.weighIns.length > 0);
    assert.deepEqual(
      server.meals.map((meal) => [meal.type, meal.entries.map((entry) => entry.food_name)]),
      [
        ['breakfast', [oats]],
        ['lunch', ['Lentil soup']],
      ],
      'each entry once, the removed one gone',
    );
    assert.equal(server.meals[1]?.entries[0]?.calories, 300, 'the change kept');
    assert.deepEqual(
      server.water.entries.map((entry) => entry.ml),
      [250, 500],
    );
    assert.deepEqual(server.weighIns, [{ date: today, weight: 80 }]);
    // Each has the time it was logged at the table, not the time the signal came back.
    const serverTimes = [
      server.meals[0]?.entries[0]?.created_at,
      server.meals[1]?.entries[0]?.created_at,
      ...server.water.entries.map((entry) => entry.logged_at),
    ].map((time) => Date.parse(time ?? ''));
    serverTimes.forEach((time, index) => {
      const span = times[index];
      assert.ok(span && time >= span.before - 1000 && time <= span.after + 1000, `write ${index + 1} at its time`);
    });
    await other.close();
    await context.close();
  });

  const looks = (['en', 'ar'] as const).flatMap((language) =>
    (['light', 'dark'] as const).flatMap((theme) =>
      (['phone', 'desktop'] as const).map((device) => ({ language, theme, device })),
    ),
  );

  it('names a change to an entry deleted on another device as not kept, and sends the water queued after it', async () => {
    for (const { language, theme, device } of looks) {
      const { account, context: first } = await app.signedIn();
      await first.close();
      const { token } = account;
      const context = await app.signedInAs(account, {
        viewport: device === 'phone' ? PHONE : DESKTOP,
        settings: { language, theme },
      });
      const page = await context.newPage();
      const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
      const lunch = (await app.api('POST', '/meals', { token, body: { date: today, type: 'lunch' } })).body;
      const soup = await app.api('POST', `/meals/${lunch.id}/entries`, {
        token,
        body: { name: 'Lentil soup', calories: 250 },
      });
      assert.equal(soup.status, 201);
      await page.goto('/meals');
      await page.waitForFunction((dir) => document.documentElement.dir === dir, language === 'ar' ? 'rtl' : 'ltr');
      await waitForEntries(page, [['meal-lunch', 'Lentil soup']]);

      await context.setOffline(true);
      // Deleted on another device meanwhile.
      assert.equal((await app.api('DELETE', `/meals/${lunch.id}/entries/${soup.body.id}`, { token })).status, 200);
      const row = page.getByTestId('meal-lunch').getByTestId('meal-entry');
      await row.locator('.entry-actions button').first().click();
      await row.locator('.entry-edit input').fill('300');
      await row.locator('.entry-edit button[type="submit"]').click();
      await page
        .getByTestId('meal-lunch-calories')
        .filter({ hasText: /300|٣٠٠/ })
        .waitFor();
      await page.getByTestId('water').locator('.water-actions button').first().click();
      const status = page.locator('section.offline-indicator');
      await status
        .locator('.offline-line')
        .filter({ hasText: language === 'ar' ? 'تغييران' : '2 changes' })
        .waitFor();
      const overflow = await widerThanScreenBy(page);
      assert.ok(overflow <= 0, `${language} ${theme} ${device}: ${overflow}px wider than the screen`);
      await closeToasts(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `offline-meals-waiting-${language}-${theme}-${device}`);

      await context.setOffline(false);
      const notKept = status.locator('.offline-not-kept li');
      await notKept.first().waitFor();
      await status.locator('.offline-line').waitFor({ state: 'detached' });
      assert.equal(
        await notKept.first().textContent(),
        language === 'en'
          ? 'Lentil soup at lunch was not kept: deleted on another device'
          : 'لم يُحفظ Lentil soup في الغداء: حُذف على جهاز آخر',
      );
      assert.equal(await notKept.count(), 1, 'only the change refused');
      await page
        .getByTestId('water-total')
        .filter({ hasText: /250|٢٥٠/ })
        .waitFor();
      let water = (await app.api('GET', `/water/${today}`, { token })).body as Water;
      for (let attempt = 0; attempt < 50 && water.entries.length === 0; attempt += 1) {
        await delay(100);
        water = (await app.api('GET', `/water/${today}`, { token })).body as Water;
      }
      assert.deepEqual(
        water.entries.map((entry) => entry.ml),
        [250],
        'the water queued after it landed',
      );
      await waitForEntries(page, []);
      await closeToasts(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `offline-meals-not-kept-${language}-${theme}-${device}`);
      await context.close();
    }
  });
});
