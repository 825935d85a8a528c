import assert from 'node:assert/strict';
import { registerUser } from '@fitness/gateway/testing/api-client.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import ar from '../src/locales/ar.json';
import de from '../src/locales/de.json';
import en from '../src/locales/en.json';
import { type App, expectToast, screenshot, seriousViolations, startApp } from './harness.ts';

/** Adds the first food the search finds to a meal, with the amount the dialog offers. */
async function addFood(page: Page, meal: string, search: string) {
  await page.getByTestId(`meal-${meal}`).getByRole('button', { name: 'Add food' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox').fill(search);
  await dialog
    .getByTestId('food-results')
    .getByRole('button', { name: new RegExp(search, 'i') })
    .first()
    .click();
  await dialog.getByRole('button', { name: 'Add 1 food' }).click();
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

  it('reads in English, German and Arabic (right to left), light and dark, on a phone and a desktop', async () => {
    const account = await registerUser(app.api, 'Robin Runner');
    const { token } = account;
    const today = new Date().toLocaleDateString('sv');
    const meal = (await app.api('POST', '/meals', { token, body: { date: today, type: 'breakfast' } })).body;
    for (const [search, quantity] of [
      ['egg', 2],
      ['oat', 1],
    ] as const) {
      const [food] = (await app.api('GET', `/foods?search=${search}&per_page=1`, { token })).body.data;
      const added = await app.api('POST', `/meals/${meal.id}/entries`, {
        token,
        body: { food_id: food.id, quantity, unit: food.serving ? 'serving' : 'g' },
      });
      assert.equal(added.status, 201, JSON.stringify(added.body));
    }
    await app.api('POST', `/water/${today}`, { token, body: { ml: 500 } });
    const saved = await app.api('POST', '/saved-meals', { token, body: { meal_id: meal.id, name: 'Egg and oats' } });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    const texts = { en, de, ar };

    await app.eachLook(account, {
      address: '/meals',
      name: 'meals',
      languages: ['en', 'de', 'ar'],
      drawn: async (page) => {
        await page.getByTestId('meal-entry').nth(1).waitFor();
        await page.locator('.recharts-bar-rectangle').first().waitFor();
      },
      after: async (page, { language, theme, device }) => {
        const look = `${language}-${theme}-${device}`;
        const words = texts[language].meals;
        // Everyone's first look is checked for what a screen reader or keyboard user would miss.
        const audited = language === 'en' && theme === 'light' && device === 'phone';
        if (audited) assert.deepEqual(await seriousViolations(page), []);
        if (language === 'ar') await page.getByRole('heading', { name: 'الفطور' }).waitFor();
        const breakfast = page.getByTestId('meal-breakfast');
        if (device === 'phone') {
          await breakfast.scrollIntoViewIfNeeded();
          await breakfast
            .getByRole('button', { name: words.moreFor.replace('{{meal}}', words.types.breakfast) })
            .click();
          await page.getByRole('menu').waitFor();
          await screenshot(page, `meals-menu-${look}`);
          await page.keyboard.press('Escape');
          await page.getByRole('menu').waitFor({ state: 'detached' });
        }
        await breakfast.getByRole('button', { name: words.addFood }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByTestId('saved-meals').getByText('Egg and oats').waitFor();
        await dialog.getByTestId('recent-foods').getByRole('button').first().click();
        await dialog.getByTestId('pick').waitFor();
        const overflow = await dialog.evaluate((sheet) => sheet.scrollWidth - sheet.clientWidth);
        assert.ok(overflow <= 0, `${look}: the dialog is ${overflow}px wider than itself`);
        // Picking scrolled the search to the top: the shot shows the sheet from its title.
        await dialog.evaluate((sheet) => {
          sheet.scrollTop = 0;
        });
        await screenshot(page, `meals-add-${look}`);
        if (audited) assert.deepEqual(await seriousViolations(page), []);
      },
    });
  });
});
