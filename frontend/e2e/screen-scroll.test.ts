import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, PHONE, startApp } from './harness.ts';

/** Scrolls the page as a reader would, and waits until it is there. */
async function scrollTo(page: Page, top: number) {
  await page.mouse.wheel(0, top - (await scrollTop(page)));
  await page.waitForFunction((want) => window.scrollY === want, top);
}

const scrollTop = (page: Page) => page.evaluate(() => window.scrollY);

/** Waits until the page is scrolled to `top` (a return puts it there once its screen is tall enough). */
const scrolledTo = (page: Page, top: number) => page.waitForFunction((want) => window.scrollY === want, top);

const tab = (page: Page, href: string) => page.locator(`nav.bottom-bar a[href="${href}"]`);

describe('screens and the scroll position, on a phone', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens a new screen at its top, and Back, Forward and a reload put the reader back where they were', async () => {
    const { account, context, page } = await app.signedIn({ viewport: PHONE });
    // Enough finished workouts that the list scrolls; the oldest sits at its bottom.
    const workouts = [];
    for (let day = 10; day <= 21; day += 1) {
      const body = { name: `Leg day ${day}`, date: `2026-03-${day}` };
      const workout = (await app.api('POST', '/workouts', { token: account.token, body })).body;
      await app.api('PATCH', `/workouts/${workout.id}`, { token: account.token, body: { status: 'completed' } });
      workouts.push(workout);
    }
    const oldest = workouts[0];

    await page.goto('/exercises');
    await page.getByTestId('exercise-card').nth(20).waitFor();
    await scrollTo(page, 1500);

    // A tab: the dashboard opens at its top, not where the library was.
    await tab(page, '/dashboard').click();
    await page.getByTestId('calories-consumed').waitFor();
    assert.equal(await scrollTop(page), 0);
    await scrollTo(page, 300);

    // Back: the library where it was left; Forward: the dashboard where it was left.
    await page.goBack();
    await page.getByTestId('exercise-card').first().waitFor();
    await scrolledTo(page, 1500);
    await page.goForward();
    await page.getByTestId('calories-consumed').waitFor();
    await scrolledTo(page, 300);

    // A link inside a screen: the workouts list scrolled down, the workout opens at its top.
    await tab(page, '/workouts').click();
    const link = page.locator(`a[href="/workouts/${oldest.id}"]`).first();
    await link.waitFor();
    await link.scrollIntoViewIfNeeded();
    const listTop = await scrollTop(page);
    assert.ok(listTop > 0, 'the workouts list scrolls');
    await link.click();
    await page.getByRole('heading', { name: 'Leg day 10' }).waitFor();
    assert.equal(await scrollTop(page), 0);
    await page.goBack();
    await link.waitFor();
    await scrolledTo(page, listTop);

    // A reload keeps the place too, once the screen has drawn again.
    await page.goBack();
    await page.goBack();
    await page.getByTestId('exercise-card').first().waitFor();
    await scrolledTo(page, 1500);
    await page.reload();
    await page.getByTestId('exercise-card').first().waitFor();
    await scrolledTo(page, 1500);
    await context.close();
  });
});
