import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, DESKTOP, expectToast, PHONE, screenshot, startApp } from './harness.ts';

/** Adds the first food the search finds to a meal, with the default quantity the dialog offers. */
async function addFood(page: Page, meal: string, search: string) {
  await page.getByTestId(`meal-${meal}`).getByRole('button', { name: 'Add food' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox').fill(search);
  await dialog.locator('.food-option').first().waitFor();
  await page.waitForTimeout(300); // let the search settle on the typed word
  await dialog.locator('.food-option').first().click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, 'Food added');
}

const number = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d]/g, ''));

describe('meals and nutrition in a real browser', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('logs meals and water, edits and removes an entry, and a second device follows live', async () => {
    const { account, context, page } = await app.signedIn();
    const other = await app.context({
      storage: { auth_token: account.token, auth_user: JSON.stringify(account.user) },
    });
    const watcher = await other.newPage();
    await page.goto('/meals');
    await watcher.goto('/meals');
    await page.getByTestId('meal-breakfast').waitFor();
    await watcher.getByTestId('meal-breakfast').waitFor();

    await addFood(page, 'breakfast', 'oat');
    await addFood(page, 'lunch', 'rice');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="meal-entry"]').length === 2);
    const afterTwo = await number(page, 'day-calories');
    assert.ok(afterTwo > 0);
    await watcher.waitForFunction(
      () => document.querySelectorAll('[data-testid="meal-entry"]').length === 2,
      undefined,
      { timeout: 3000 },
    );

    const lunch = page.getByTestId('meal-lunch');
    const lunchBefore = await number(page, 'meal-lunch-calories');
    await lunch.getByRole('button', { name: /^Change / }).click();
    await lunch.getByRole('textbox').fill('300');
    await lunch.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Entry updated');
    await page.waitForFunction((before) => {
      const text = document.querySelector('[data-testid="meal-lunch-calories"]')?.textContent ?? '';
      return Number(text.replace(/[^\d]/g, '')) !== before;
    }, lunchBefore);
    const lunchAfter = await number(page, 'meal-lunch-calories');
    await watcher.waitForFunction(
      (expected) =>
        Number(
          (document.querySelector('[data-testid="meal-lunch-calories"]')?.textContent ?? '').replace(/[^\d]/g, ''),
        ) === expected,
      lunchAfter,
      { timeout: 3000 },
    );
    await page.getByTestId('water').getByRole('button', { name: /250/ }).click();
    await expectToast(page, 'Water logged');
    await page.getByTestId('water-total').filter({ hasText: '250 ml' }).waitFor();
    await watcher.getByTestId('water-total').filter({ hasText: '250 ml' }).waitFor({ timeout: 3000 });
    await screenshot(page, 'nutrition-en-light-desktop');

    await page
      .getByTestId('meal-breakfast')
      .getByRole('button', { name: /^Remove / })
      .click();
    await expectToast(page, 'Entry removed');
    await watcher.waitForFunction(
      () => document.querySelectorAll('[data-testid="meal-entry"]').length === 1,
      undefined,
      { timeout: 3000 },
    );
    assert.ok((await number(page, 'day-calories')) < afterTwo + 10_000);
    assert.equal((await page.locator('.recharts-bar-rectangle').count()) > 0, true, 'the macro chart draws bars');
    await context.close();
    await other.close();
  });

  it('is right-to-left and translated in Arabic, and looks right on a phone in dark', async () => {
    for (const [locale, theme, viewport, name] of [
      ['ar', 'light', DESKTOP, 'nutrition-ar-light-desktop'],
      ['en', 'dark', PHONE, 'nutrition-en-dark-phone'],
      ['ar', 'dark', PHONE, 'nutrition-ar-dark-phone'],
      ['en', 'light', PHONE, 'nutrition-en-light-phone'],
      ['en', 'dark', DESKTOP, 'nutrition-en-dark-desktop'],
    ] as const) {
      const { account, context, page } = await app.signedIn({
        viewport,
        locale,
        settings: { theme, language: locale },
      });
      const meal = (
        await app.api('POST', '/meals', {
          token: account.token,
          body: { date: new Date().toISOString().slice(0, 10), type: 'breakfast' },
        })
      ).body;
      const [food] = (await app.api('GET', '/foods?search=egg&per_page=1', { token: account.token })).body.data;
      await app.api('POST', `/meals/${meal.id}/entries`, {
        token: account.token,
        body: { food_id: food.id, quantity: 2, unit: food.serving ? 'serving' : 'g' },
      });
      await page.goto('/meals');
      await page.getByTestId('meal-entry').first().waitFor();
      if (locale === 'ar') {
        assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
        await page.getByRole('heading', { name: 'الفطور' }).waitFor();
      }
      await screenshot(page, name);
      await context.close();
    }
  });
});
