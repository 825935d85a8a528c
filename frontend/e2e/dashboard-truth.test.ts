import assert from 'node:assert/strict';
import type { registerUser } from '@fitness/gateway/testing/api-client.ts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, PHONE, screenshot, seriousViolations, startApp, widerThanScreenBy } from './harness.ts';

type Account = Awaited<ReturnType<typeof registerUser>>;

/**
 * The widths the dashboard is laid out for: two phones, a tablet (no sidebar yet), a desktop, and
 * a wide one where the content stops growing (where the weather once sat alone).
 */
const WIDTHS = [360, 390, 768, 1280, 1440];

/** The browser's calendar day, which is the dashboard's "today". */
const localDay = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  });

/**
 * The rows of a grid, each as the cards it crosses from one side to the other (a card spanning
 * two rows crosses both), and where holes are: a stretch of the row wider than the grid's gap
 * that no card covers. A lone card beside empty space is such a hole.
 */
async function holesIn(grid: Locator) {
  return grid.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const gap = Number.parseFloat(getComputedStyle(element).columnGap) || 0;
    const cards = [...element.children]
      .map((child) => child.getBoundingClientRect())
      .filter((rect) => rect.width > 0 && rect.height > 0);
    const holes: string[] = [];
    for (const top of new Set(cards.map((rect) => Math.round(rect.top)))) {
      const line = top + 2;
      const crossing = cards.filter((rect) => rect.top <= line && rect.bottom > line).sort((a, b) => a.left - b.left);
      let reached = box.left;
      for (const rect of crossing) {
        if (rect.left - reached > gap + 1) holes.push(`row at ${top}: ${Math.round(rect.left - reached)}px empty`);
        reached = Math.max(reached, rect.right);
      }
      if (box.right - reached > 1) holes.push(`row at ${top}: ${Math.round(box.right - reached)}px empty at the end`);
    }
    return { holes, cards: cards.length };
  });
}

/** How many lines of text an element's words take (its text's line boxes, by their tops). */
const linesOf = (target: Locator) =>
  target.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)))
      .size;
  });

describe('a dashboard that tells the truth', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A meal entry of `calories` (and macros) logged today over the API, as another device would. */
  async function eat(token: string, date: string, entry: Record<string, number | string>) {
    const meal = await app.api('POST', '/meals', { token, body: { date, type: 'lunch' } });
    assert.ok(meal.status < 300, JSON.stringify(meal.body));
    const added = await app.api('POST', `/meals/${meal.body.id}/entries`, { token, body: entry });
    assert.equal(added.status, 201, JSON.stringify(added.body));
  }

  /** A workout of `minutes` completed on `date`. */
  async function train(token: string, date: string, minutes: number) {
    const workout = await app.api('POST', '/workouts', { token, body: { name: 'Intervals', date } });
    const done = await app.api('PATCH', `/workouts/${workout.body.id}`, {
      token,
      body: { status: 'completed', duration: minutes },
    });
    assert.equal(done.status, 200, JSON.stringify(done.body));
  }

  const targetsOf = async (token: string) =>
    (await app.api('GET', '/nutrition/targets', { token })).body as { kcal: number; protein: number };

  it('says "N kcal over" in the warning colour, ring and words, once a day is past its target, and "N kcal left" before', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    const token = account.token;
    const targets = await targetsOf(token);
    await page.goto('/dashboard');
    const date = await localDay(page);
    const card = page.getByTestId('calories-card');
    const balance = card.getByTestId('calorie-balance');
    const kcal = (value: number) => value.toLocaleString('en');

    await eat(token, date, { name: 'Pasta', calories: targets.kcal - 300, protein: 20 });
    await balance.filter({ hasText: '300 kcal left' }).waitFor();
    assert.equal(await card.getAttribute('data-balance'), 'under');
    assert.equal(await balance.getAttribute('class'), 'calorie-balance');
    await card
      .getByRole('img', { name: `${kcal(targets.kcal - 300)} of ${kcal(targets.kcal)} kcal eaten, 300 kcal left` })
      .waitFor();

    // Past the target (nothing trained today, so the target is the whole allowance), on another device.
    await eat(token, date, { name: 'Cake', calories: 529, protein: targets.protein });
    await balance.filter({ hasText: '229 kcal over' }).waitFor();
    assert.equal(await card.getAttribute('data-balance'), 'over');
    assert.match((await balance.getAttribute('class')) ?? '', /\bis-over\b/);
    assert.equal(await card.getByText('Left to eat').count(), 0, 'no "left to eat 0 kcal" on a day past its target');
    const ring = card.getByRole('img', {
      name: `${kcal(targets.kcal + 229)} of ${kcal(targets.kcal)} kcal eaten, 229 kcal over your target`,
    });
    await ring.waitFor();
    assert.match((await ring.getAttribute('class')) ?? '', /\bring-warning\b/);
    const colours = await card.evaluate((element) => {
      const warning = document.createElement('span');
      warning.style.color = 'var(--warning)';
      element.append(warning);
      const expected = getComputedStyle(warning).color;
      warning.remove();
      const stroke = getComputedStyle(element.querySelector('.ring-value') as Element).stroke;
      const words = getComputedStyle(element.querySelector('[data-testid="calorie-balance"]') as Element).color;
      return { expected, stroke, words };
    });
    assert.equal(colours.stroke, colours.expected, 'the ring is drawn in the warning colour');
    assert.equal(colours.words, colours.expected, 'and so are its words');

    // Protein past its target too: its line says by how much, and its meter's name says so.
    const protein = page.getByTestId('macro-protein');
    await protein.filter({ hasText: '20 g over' }).waitFor();
    assert.match((await protein.getAttribute('class')) ?? '', /\bis-over\b/);
    await protein
      .getByRole('progressbar', { name: `Protein: ${targets.protein + 20} of ${targets.protein} g, 20 g over` })
      .waitFor();
    assert.doesNotMatch((await page.getByTestId('macro-fat').getAttribute('class')) ?? '', /is-over/);
    // The warning colour reads on its card, and the page stays usable with a screen reader.
    assert.deepEqual(await seriousViolations(page), []);
    await context.close();
  });

  it('shows what was trained each day of the week under what was eaten, and the week’s workouts and minutes', async () => {
    const { account, context, page } = await app.signedIn();
    const token = account.token;
    await page.goto('/dashboard');
    const date = await localDay(page);
    await eat(token, date, { name: 'Rice bowl', calories: 900 });
    await train(token, date, 45);

    const week = page.getByTestId('week-card');
    await week.getByTestId('week-workouts').filter({ hasText: /^1$/ }).waitFor();
    await week.getByTestId('week-minutes').filter({ hasText: '45 min' }).waitFor();
    const calories = week.getByRole('figure', { name: 'Calories eaten each day this week, against your daily target' });
    const training = week.getByRole('figure', { name: 'Minutes trained each day this week' });
    const weekday = new Date(`${date}T00:00:00Z`).toLocaleDateString('en', { weekday: 'long', timeZone: 'UTC' });
    await training
      .locator('figcaption')
      .filter({ hasText: `${weekday}: 45 min · 1 workout` })
      .waitFor();
    await calories
      .locator('figcaption')
      .filter({ hasText: `${weekday}: 900 kcal` })
      .waitFor();
    // Both drawn, one above the other, today's bar in each.
    await training.locator('.recharts-bar-rectangle path').first().waitFor();
    await calories.locator('.recharts-bar-rectangle path').first().waitFor();
    const [above, below] = [await calories.boundingBox(), await training.boundingBox()];
    assert.ok(above && below && above.y + above.height <= below.y, 'the training chart sits under the calories chart');
    await context.close();
  });

  it('puts the quick actions at the top of a 390 px phone, above the first card and on the first screen', async () => {
    const { context, page } = await app.signedIn({ viewport: PHONE });
    await page.goto('/dashboard');
    await page.getByTestId('calories-consumed').waitFor();
    const actions = page.getByTestId('quick-actions');
    const start = actions.getByRole('button', { name: 'Start workout' });
    const logMeal = actions.getByRole('link', { name: 'Log meal' });
    const [box, first] = [await actions.boundingBox(), await page.getByTestId('calories-card').boundingBox()];
    assert.ok(box && first);
    assert.ok(
      box.y + box.height <= first.y,
      `the actions (to ${box.y + box.height}) are above the first card (${first.y})`,
    );
    const bar = await page.locator('.bottom-bar').boundingBox();
    assert.ok(bar);
    for (const action of [start, logMeal]) {
      const place = await action.boundingBox();
      assert.ok(place && place.y + place.height <= bar.y, 'on the first screen, above the bottom bar');
    }
    await screenshot(page, 'dashboard-actions-en-phone');
    await context.close();
  });

  it('fills every row of its grids, with no card alone beside a hole, at 360, 390, 768, 1280 and 1440 px', async () => {
    const account = await setUpDay();
    for (const language of ['en', 'de'] as const) {
      for (const width of WIDTHS) {
        const context = await app.signedInAs(account, { viewport: { width, height: 900 }, settings: { language } });
        const page = await context.newPage();
        await page.goto('/dashboard');
        await page.getByTestId('calorie-balance').filter({ hasText: /\d/ }).waitFor();
        await page.getByTestId('weather-card').and(page.locator('[aria-busy="false"]')).waitFor();
        await page.getByTestId('achievements').waitFor();
        for (const grid of ['.quick-actions', '.dashboard-grid', '.dashboard-more']) {
          const { holes, cards } = await holesIn(page.locator(grid));
          assert.ok(cards >= 4, `${grid}: its cards are drawn`);
          assert.deepEqual(holes, [], `${language} ${width} px, ${grid}`);
        }
        const overflow = await widerThanScreenBy(page);
        assert.ok(overflow <= 0, `${language} ${width} px: ${overflow}px wider than the screen`);
        await context.close();
      }
    }
  });

  it('keeps every value on one line with its unit, a long record’s "106.7 kg" beside a long exercise name included', async () => {
    const { account, context, page } = await app.signedIn({ viewport: { width: 360, height: 780 } });
    await app.logWorkout(
      account.token,
      'Pull day',
      [{ name: 'Single-arm dumbbell Romanian deadlift from a deficit', sets: [{ reps: 5, weight: 106.7 }] }],
      { completed: true },
    );
    await page.goto('/dashboard');
    const records = page.getByTestId('recent-records');
    const heaviest = records.locator('.list-item').filter({ hasText: 'heaviest weight' }).locator('strong');
    await heaviest.filter({ hasText: '106.7 kg' }).waitFor();
    const line = await heaviest.evaluate((element) => Number.parseFloat(getComputedStyle(element).lineHeight));
    const box = await heaviest.boundingBox();
    assert.ok(box && box.height <= line + 1, `"106.7 kg" is ${box?.height}px high, one line is ${line}px`);
    assert.equal(await linesOf(heaviest), 1);
    // Every other value of the dashboard too, wherever its card is narrowest.
    await page.getByTestId('calories-consumed').waitFor();
    const values = page.locator('.dashboard :is(.value, .stat-value, .facts dd, .list-item > strong)');
    for (const value of await values.all()) {
      const text = (await value.textContent())?.trim() ?? '';
      if (/\d/.test(text)) assert.equal(await linesOf(value), 1, `"${text}" on one line`);
    }
    await context.close();
  });

  it('is shot over its target in English, Arabic and German, light and dark, on a phone and a desktop', async () => {
    const account = await setUpDay();
    await app.eachLook(account, {
      address: '/dashboard',
      name: 'dashboard-over-target',
      languages: ['en', 'ar', 'de'],
      drawn: async (page) => {
        await page.getByTestId('calories-card').and(page.locator('[data-balance="over"]')).waitFor();
        await page.getByTestId('achievements').waitFor();
        await page.getByTestId('weather-card').and(page.locator('[aria-busy="false"]')).waitFor();
        // The week's charts are drawn once near the screen: brought there, then back to the top.
        await page.getByTestId('week-card').scrollIntoViewIfNeeded();
        await page.getByTestId('week-training').locator('.recharts-bar-rectangle path').first().waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
      },
      after: async (page, look) => {
        if (look.device !== 'phone') return;
        await page.getByTestId('week-card').scrollIntoViewIfNeeded();
        await screenshot(page, `dashboard-over-target-week-${look.language}-${look.theme}-phone`);
      },
    });
  });

  /**
   * A user past today's target (with protein past its own), who trained today and two days ago
   * and set a record: what the screenshots and the grid checks show.
   */
  async function setUpDay(): Promise<Account> {
    const { account, context, page } = await app.signedIn();
    const token = account.token;
    const date = await localDay(page);
    await context.close();
    const targets = await targetsOf(token);
    const yesterday = new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await eat(token, yesterday, { name: 'Soup', calories: Math.round(targets.kcal * 0.8), protein: 90 });
    // Past the target by more than today's training burned, which the allowance counts too.
    await eat(token, date, { name: 'Burger', calories: targets.kcal + 600, protein: targets.protein + 12 });
    await train(token, date, 50);
    await train(token, yesterday, 35);
    await app.logWorkout(token, 'Pull day', [{ name: 'Deadlift', sets: [{ reps: 5, weight: 106.7 }] }], {
      completed: true,
    });
    await app.api('POST', `/water/${date}`, { token, body: { ml: 1250 } });
    await app.api('PUT', `/steps/${date}`, { token, body: { count: 6400 } });
    return account;
  }
});
