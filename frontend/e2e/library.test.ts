import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, expectToast, screenshot, startApp } from './harness.ts';

/** The names of the cards on screen. */
async function cardNames(page: Page) {
  return page.locator('[data-testid="exercise-card"] h3').allInnerTexts();
}

async function waitForCards(page: Page, predicate: (names: string[]) => boolean, what: string) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const names = await cardNames(page);
    if (names.length > 0 && predicate(names)) return names;
    if (Date.now() > deadline) throw new Error(`${what}: got ${JSON.stringify(names.slice(0, 10))}`);
    await page.waitForTimeout(50);
  }
}

describe('exercise library in a real browser', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('searches and filters in English, and in Arabic', async () => {
    const { account, context, page } = await app.signedIn();
    await page.goto('/exercises');
    await waitForCards(page, (names) => names.length >= 20, 'the first page');
    await page.getByRole('searchbox').fill('squat');
    await waitForCards(page, (names) => names.every((name) => /squat/i.test(name)), 'searching squat');
    await page.getByRole('searchbox').fill('');
    await page.getByRole('search').getByLabel('Category').selectOption('cardio');
    await page.waitForFunction(() => {
      const badges = [...document.querySelectorAll('[data-testid="exercise-card"] .badge-progress')].map(
        (b) => b.textContent,
      );
      return badges.length > 0 && badges.every((badge) => badge === 'Cardio');
    });
    await screenshot(page, 'library-en-desktop');

    const arabic = (
      await app.api('GET', '/exercises?per_page=1&category=strength', {
        token: account.token,
        headers: { 'accept-language': 'ar' },
      })
    ).body.data[0];
    await page.getByLabel('Language').first().selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('searchbox').fill(arabic.name.split(' ')[0]);
    await page.getByRole('search').locator('select:has(option[value="cardio"])').selectOption('');
    await waitForCards(page, (names) => names.includes(arabic.name), `searching ${arabic.name} in Arabic`);
    await screenshot(page, 'library-ar-desktop');
    await context.close();
  });

  it('creates, edits and deletes a custom exercise, and refuses a duplicate name', async () => {
    const { context, page } = await app.signedIn();
    await page.goto('/exercises');
    await page.getByRole('button', { name: 'New exercise' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Sled push');
    await dialog.getByLabel('Muscle').selectOption('legs');
    await dialog.getByLabel('Instructions').fill('Lean into the sled\nDrive with short steps');
    await dialog.getByRole('button', { name: 'Save exercise' }).click();
    await expectToast(page, 'Exercise created');

    await page.getByRole('button', { name: 'New exercise' }).click();
    await dialog.getByLabel('Name').fill('SLED PUSH');
    await dialog.getByRole('button', { name: 'Save exercise' }).click();
    await dialog.getByText('An exercise named "SLED PUSH" already exists. Please choose a different name.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Mine' }).click();
    await waitForCards(page, (names) => names.length === 1 && names[0] === 'Sled push', 'my exercises');
    await page.getByRole('button', { name: 'Details of Sled push' }).click();
    await page.getByRole('dialog').getByText('Drive with short steps').waitFor();
    await screenshot(page, 'exercise-details-en-desktop');
    await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Heavy sled push');
    await page.getByRole('dialog').getByRole('button', { name: 'Save exercise' }).click();
    await expectToast(page, 'Exercise updated');
    await waitForCards(page, (names) => names[0] === 'Heavy sled push', 'the renamed exercise');

    await page.getByRole('button', { name: 'Details of Heavy sled push' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Heavy sled push?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Exercise deleted');
    await page.getByText('You have no exercises of your own yet.').waitFor();
    await context.close();
  });

  it('stars an exercise and finds it under favorites, and starts a workout with it', async () => {
    const { context, page } = await app.signedIn();
    await page.goto('/exercises');
    const [first] = await waitForCards(page, (names) => names.length > 1, 'the library');
    await page.getByRole('button', { name: 'Add to favorites' }).first().click();
    await page.getByRole('tab', { name: 'Favorites' }).click();
    await waitForCards(page, (names) => names.length === 1 && names[0] === first, 'favorites');
    await page.getByRole('button', { name: `Details of ${first}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start workout' }).click();
    await page.waitForURL(/\/workouts\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: first ?? '', level: 2 }).waitFor();
    await context.close();
  });
});
