import assert from 'node:assert/strict';
import { shiftDay } from '@fitness/contracts/calendar.ts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, expectToast, screenshot, startApp } from './harness.ts';

/** The narrowest phone the app is made for, with its bottom bar. */
const SMALL_PHONE = { width: 360, height: 780 };

/** Every tap the user makes goes through `tap`, so a test can say how many a task took. */
function tapCounter() {
  let taps = 0;
  return {
    async tap(target: Locator) {
      taps += 1;
      await target.click();
    },
    get count() {
      return taps;
    },
  };
}

const kcalOf = async (target: Locator) => Number(((await target.textContent()) ?? '').replace(/[^\d]/g, ''));

describe('the kitchen flow on a phone', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A food of the library as the API finds it for `search`, the first whose name starts with `name`. */
  async function food(token: string, search: string, name: RegExp) {
    const { body } = await app.api('GET', `/foods?search=${encodeURIComponent(search)}&per_page=50`, { token });
    const found = body.data.find((candidate: { name: string }) => name.test(candidate.name));
    assert.ok(found, `${search}: ${body.data.map((f: { name: string }) => f.name).join(', ')}`);
    return found as { id: string; name: string; serving: { grams: number } | null };
  }

  /** A meal of `type` on `date` logged over the API, as on another day or device. */
  async function logMeal(
    token: string,
    date: string,
    type: string,
    entries: { food_id: string; quantity: number; unit: string }[],
  ) {
    const meal = await app.api('POST', '/meals', { token, body: { date, type } });
    assert.ok(meal.status < 300, JSON.stringify(meal.body));
    for (const entry of entries) {
      const added = await app.api('POST', `/meals/${meal.body.id}/entries`, { token, body: entry });
      assert.equal(added.status, 201, JSON.stringify(added.body));
    }
    return meal.body.id as string;
  }

  async function openMeals(page: Page) {
    await page.goto('/meals');
    await page.getByTestId('meal-breakfast').waitFor();
  }

  it('logs a breakfast of three foods, one of them logged before, in five taps', async () => {
    const { account, context, page } = await app.signedIn({ viewport: SMALL_PHONE });
    const { token } = account;
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
    const banana = await food(token, 'banana', /^Banana/);
    const oats = await food(token, 'oat', /^Rolled oats/);
    const milk = await food(token, 'milk', /^Milk, semi-skimmed/);
    // Yesterday's breakfast had a banana of 140 g: it is a recent food, offered at that amount.
    await logMeal(token, shiftDay(today, -1), 'breakfast', [{ food_id: banana.id, quantity: 140, unit: 'g' }]);
    await openMeals(page);

    const taps = tapCounter();
    await taps.tap(page.getByTestId('meal-breakfast').getByRole('button', { name: 'Add food' }));
    const dialog = page.getByRole('dialog', { name: 'Add to Breakfast' });
    await page.waitForFunction(() => document.activeElement?.id === 'food-search');
    await taps.tap(dialog.getByTestId('recent-foods').getByRole('button', { name: banana.name }));
    await page.keyboard.type('oat');
    await taps.tap(dialog.getByTestId('food-results').getByRole('button', { name: oats.name }));
    // The search has the focus back, its word selected: the next word is typed over it.
    await page.keyboard.type('milk');
    await taps.tap(dialog.getByTestId('food-results').getByRole('button', { name: milk.name }));

    const picks = dialog.getByTestId('pick');
    assert.equal(await picks.count(), 3);
    assert.equal(await dialog.getByRole('textbox', { name: `Amount of ${banana.name}` }).inputValue(), '140');
    const each = await Promise.all([0, 1, 2].map((at) => kcalOf(picks.nth(at).locator('.pick-kcal'))));
    assert.ok(
      each.every((kcal) => kcal > 0),
      `each pick previews its calories: ${each}`,
    );
    const total = await kcalOf(dialog.getByTestId('picks-total').locator('.pick-kcal'));
    assert.equal(
      total,
      each.reduce((sum, kcal) => sum + kcal, 0),
    );
    await screenshot(page, 'meals-add-picks-en-light-phone');

    await taps.tap(dialog.getByRole('button', { name: 'Add 3 foods' }));
    await expectToast(page, '3 foods added');
    const breakfast = page.getByTestId('meal-breakfast');
    await breakfast.getByTestId('meal-entry').nth(2).waitFor();
    assert.deepEqual(await breakfast.getByTestId('meal-entry').locator('.list-title').allTextContents(), [
      banana.name,
      oats.name,
      milk.name,
    ]);
    assert.equal(await kcalOf(page.getByTestId('meal-breakfast-calories')), total);
    assert.ok(taps.count <= 6, `a breakfast of three foods took ${taps.count} taps`);
    assert.equal(taps.count, 5);
    await context.close();
  });

  it("copies yesterday's breakfast into today in two taps", async () => {
    const { account, context, page } = await app.signedIn({ viewport: SMALL_PHONE });
    const { token } = account;
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
    const egg = await food(token, 'egg', /^Egg, hard-boiled/);
    const bread = await food(token, 'bread', /^Whole wheat bread/);
    await logMeal(token, shiftDay(today, -1), 'breakfast', [
      { food_id: egg.id, quantity: 2, unit: egg.serving ? 'serving' : 'g' },
      { food_id: bread.id, quantity: 60, unit: 'g' },
    ]);
    await openMeals(page);

    const taps = tapCounter();
    await taps.tap(page.getByRole('button', { name: 'More for Breakfast' }));
    await taps.tap(page.getByRole('menuitem', { name: "Copy yesterday's Breakfast" }));
    await expectToast(page, 'Breakfast copied');
    const breakfast = page.getByTestId('meal-breakfast');
    await breakfast.getByTestId('meal-entry').nth(1).waitFor();
    assert.deepEqual(await breakfast.getByTestId('meal-entry').locator('.list-title').allTextContents(), [
      egg.name,
      bread.name,
    ]);
    assert.equal(taps.count, 2);

    // A day with no lunch the day before says so, and copies nothing.
    await page.getByRole('button', { name: 'More for Lunch' }).click();
    await page.getByRole('menuitem', { name: "Copy yesterday's Lunch" }).click();
    await expectToast(page, 'Nothing was logged at Lunch the day before: nothing to copy.');
    assert.equal(await page.getByTestId('meal-lunch').getByTestId('meal-entry').count(), 0);

    // "Copy to…" any day: from today, tomorrow is offered (planning ahead).
    await page.getByRole('button', { name: 'More for Breakfast' }).click();
    await page.getByRole('menuitem', { name: 'Copy to…' }).click();
    const copy = page.getByRole('dialog', { name: 'Copy Breakfast' });
    assert.equal(await copy.getByLabel('To the day').inputValue(), shiftDay(today, 1));
    await copy.getByRole('button', { name: 'Copy', exact: true }).click();
    await expectToast(page, 'Breakfast copied');
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.getByTestId('meal-breakfast').getByTestId('meal-entry').nth(1).waitFor();
    await context.close();
  });

  it("copies a past day's meal, or the whole day, to today from that day's view, and reuses a saved meal in one tap", async () => {
    const { account, context, page } = await app.signedIn({ viewport: SMALL_PHONE });
    const { token } = account;
    const today = await page.evaluate(() => new Date().toLocaleDateString('sv'));
    const rice = await food(token, 'rice', /^White rice, cooked/);
    const banana = await food(token, 'banana', /^Banana/);
    await logMeal(token, shiftDay(today, -2), 'lunch', [{ food_id: rice.id, quantity: 180, unit: 'g' }]);
    await logMeal(token, shiftDay(today, -2), 'snacks', [{ food_id: banana.id, quantity: 120, unit: 'g' }]);
    await openMeals(page);
    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.getByTestId('meal-entry').first().waitFor();

    const taps = tapCounter();
    await taps.tap(page.getByRole('button', { name: 'More for Lunch' }));
    await taps.tap(page.getByRole('menuitem', { name: 'Copy to today' }));
    await expectToast(page, 'Lunch copied');
    assert.equal(taps.count, 2);

    // Kept as a saved meal, then logged to today's dinner in one tap from the add dialog.
    await page.getByRole('button', { name: 'More for Lunch' }).click();
    await page.getByRole('menuitem', { name: 'Save as meal' }).click();
    const save = page.getByRole('dialog', { name: 'Save as meal' });
    await save.getByRole('textbox', { name: 'Name' }).fill('Rice bowl');
    await save.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Meal saved');

    await page.getByRole('button', { name: 'Copy this day to today' }).click();
    await expectToast(page, 'Day copied');

    await page.getByRole('button', { name: 'Today', exact: true }).click();
    const lunch = page.getByTestId('meal-lunch');
    // The lunch copied twice (the meal, then the day), the snack once.
    await lunch.getByTestId('meal-entry').nth(1).waitFor();
    await page.getByTestId('meal-snacks').getByTestId('meal-entry').first().waitFor();

    await page.getByTestId('meal-dinner').getByRole('button', { name: 'Add food' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Dinner' });
    const logs = tapCounter();
    await logs.tap(dialog.getByTestId('saved-meals').getByRole('button', { name: /^Rice bowl/ }));
    await expectToast(page, 'Saved meal logged');
    await page.getByTestId('meal-dinner').getByTestId('meal-entry').first().waitFor();
    assert.equal(logs.count, 1);
    assert.equal(await dialog.isVisible(), false, 'the dialog closes once the saved meal is logged');
    await context.close();
  });

  it('keeps water as one total: +250, +500, any amount, an undo, and the entries folded', async () => {
    const { context, page } = await app.signedIn({ viewport: SMALL_PHONE });
    await openMeals(page);
    const water = page.getByTestId('water');
    await water.getByRole('button', { name: '250 ml' }).click();
    await water.getByTestId('water-total').filter({ hasText: '250 ml' }).waitFor();
    await water.getByRole('button', { name: '500 ml' }).click();
    await water.getByTestId('water-total').filter({ hasText: '750 ml' }).waitFor();
    await water.getByRole('textbox', { name: 'Other amount (ml)' }).fill('330');
    await water.getByRole('button', { name: 'Add', exact: true }).click();
    await water.getByTestId('water-total').filter({ hasText: '1,080 ml' }).waitFor();

    // Undo takes back the entry just added, and only that one.
    await water.getByRole('button', { name: 'Undo 330 ml' }).click();
    await expectToast(page, 'Water taken back');
    await water.getByTestId('water-total').filter({ hasText: '750 ml' }).waitFor();
    await water.getByRole('button', { name: /^Undo/ }).waitFor({ state: 'detached' });

    // The entries are one line until asked for.
    const entries = water.getByRole('list', { name: 'Water logged today' });
    assert.equal(await entries.isVisible(), false);
    await water.getByText('2 entries').click();
    assert.equal(await entries.getByRole('listitem').count(), 2);

    await water.getByRole('textbox', { name: 'Other amount (ml)' }).fill('9000');
    await water.getByRole('button', { name: 'Add', exact: true }).click();
    await water.getByRole('alert').filter({ hasText: 'Enter an amount from 1 to 5,000 ml.' }).waitFor();
    await screenshot(page, 'meals-water-en-light-phone');
    await context.close();
  });

  it('keeps the picks a refused add did not log, and says which', async () => {
    const { account, context, page } = await app.signedIn({ viewport: SMALL_PHONE });
    const { token } = account;
    const banana = await food(token, 'banana', /^Banana/);
    const granola = await app.api('POST', '/foods', {
      token,
      body: { name: 'Home granola', category: 'carbs', per_100g: { kcal: 450, protein: 10, carbs: 60, fat: 18 } },
    });
    assert.equal(granola.status, 201, JSON.stringify(granola.body));
    await openMeals(page);
    await page.getByTestId('meal-lunch').getByRole('button', { name: 'Add food' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Lunch' });
    await page.keyboard.type('banana');
    await dialog.getByTestId('food-results').getByRole('button', { name: banana.name }).click();
    await page.keyboard.type('granola');
    await dialog.getByTestId('food-results').getByRole('button', { name: 'Home granola' }).click();
    // Deleted on another device meanwhile: the server refuses the second entry, after the first.
    assert.equal((await app.api('DELETE', `/foods/${granola.body.id}`, { token })).status, 200);
    await dialog.getByRole('button', { name: 'Add 2 foods' }).click();
    await dialog.getByRole('alert').filter({ hasText: '1 of 2 added. Home granola could not be added' }).waitFor();
    assert.deepEqual(await dialog.getByTestId('pick').locator('.list-title').allTextContents(), ['Home granola']);
    const lunch = page.getByTestId('meal-lunch').getByTestId('meal-entry');
    await lunch.first().waitFor({ state: 'attached' });
    assert.deepEqual(await lunch.locator('.list-title').allTextContents(), [banana.name]);
    await dialog.getByRole('button', { name: 'Take Home granola out of the picks' }).click();
    assert.equal(await dialog.getByRole('button', { name: 'Add', exact: true }).isDisabled(), true);
    await context.close();
  });

  it('quick-adds what no database holds, with the field the server refused marked', async () => {
    const { context, page } = await app.signedIn({ viewport: SMALL_PHONE });
    await openMeals(page);
    await page.getByTestId('meal-dinner').getByRole('button', { name: 'Add food' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Dinner' });
    await dialog.getByRole('tab', { name: 'Quick add' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Grandma soup');
    await dialog.getByRole('textbox', { name: 'Calories (kcal)' }).fill('20000');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The calories must be a number from 0 to 10000.' }).waitFor();
    await dialog.getByRole('textbox', { name: 'Calories (kcal)' }).fill('350');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Food added');
    const dinner = page.getByTestId('meal-dinner');
    await dinner.getByTestId('meal-entry').filter({ hasText: 'Grandma soup' }).waitFor();
    assert.equal(await kcalOf(page.getByTestId('meal-dinner-calories')), 350);
    await context.close();
  });

  it('reaches every result of a search from the dialog, which scrolls as a whole', async () => {
    const { context, page } = await app.signedIn({ viewport: SMALL_PHONE });
    await openMeals(page);
    await page.getByTestId('meal-snacks').getByRole('button', { name: 'Add food' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Snacks' });
    const answered = page.waitForResponse((response) => response.url().includes('search=a&'));
    await page.keyboard.type('a');
    const { meta } = await (await answered).json();
    const results = dialog.getByTestId('food-results').getByRole('button');
    await dialog.getByTestId('food-results').locator('li').nth(19).waitFor();
    while ((await results.count()) < meta.total) {
      const shown = await results.count();
      await dialog.getByRole('button', { name: 'Show more' }).click();
      await dialog
        .getByTestId('food-results')
        .locator('li')
        .nth(Math.min(shown + 19, meta.total - 1))
        .waitFor();
    }
    assert.equal(await results.count(), meta.total);
    await dialog.getByRole('button', { name: 'Show more' }).waitFor({ state: 'detached' });
    const boxes = await dialog.evaluate((sheet) =>
      [...sheet.querySelectorAll('*')]
        .filter((element) => element !== sheet && element.scrollHeight > element.clientHeight + 1)
        .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowY))
        .map((element) => element.className),
    );
    assert.deepEqual(boxes, [], 'no scroll box inside the dialog');
    const sheet = await dialog.boundingBox();
    assert.deepEqual(
      [sheet?.width, sheet?.height],
      [SMALL_PHONE.width, SMALL_PHONE.height],
      'a full-screen sheet on a phone',
    );
    await context.close();
  });
});
