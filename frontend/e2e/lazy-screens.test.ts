import assert from 'node:assert/strict';
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, PHONE, screenshot, startApp } from './harness.ts';

/** The Meals screen's own chunk (Vite names a chunk after its module): what these tests hold back. */
const MEALS_CHUNK = /\/assets\/MealsPage-[\w-]+\.js$/;

describe('screens fetched on first use', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps the shell and bottom bar in place and says it is loading while a screen arrives', async () => {
    const { page } = await app.signedIn({ viewport: PHONE });
    const held: Route[] = [];
    await page.route(MEALS_CHUNK, (route) => {
      held.push(route);
    });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const bar = page.locator('.bottom-bar');
    const barBefore = await bar.boundingBox();
    const topBar = page.locator('.topbar');
    const topBarBefore = await topBar.boundingBox();

    await bar.getByRole('link', { name: 'Meals' }).click();
    const loading = page.getByTestId('screen-loading');
    await loading.waitFor();
    assert.equal(await loading.getAttribute('aria-busy'), 'true');
    assert.equal(await loading.getByRole('status').textContent(), 'Loading…');
    assert.deepEqual(await bar.boundingBox(), barBefore);
    assert.deepEqual(await topBar.boundingBox(), topBarBefore);
    assert.equal(await bar.getByRole('link', { name: 'Meals' }).getAttribute('aria-current'), 'page');
    await screenshot(page, 'screen-loading-phone');

    while (held.length === 0) await page.waitForTimeout(20);
    for (const route of held.splice(0)) await route.continue();
    await page.unroute(MEALS_CHUNK);
    await page.getByTestId('meal-breakfast').waitFor();
    assert.equal(await loading.count(), 0);
    assert.deepEqual(await bar.boundingBox(), barBefore);
  });

  it('offers a reload, in the reader’s language, when a screen’s code cannot be fetched', async () => {
    const { page } = await app.signedIn({ locale: 'ar' });
    // As after a deploy that removed the files this page knows of.
    await page.route(MEALS_CHUNK, (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.locator('.sidebar').getByRole('link', { name: 'الوجبات' }).click();
    const failed = page.getByTestId('screen-failed');
    await failed.waitFor();
    assert.equal(await failed.getAttribute('role'), 'alert');
    assert.equal(await failed.getByRole('heading').textContent(), 'تعذّر تحميل هذه الشاشة');
    await screenshot(page, 'screen-failed-ar-desktop');
    // The shell is still there, so the user can go elsewhere, or reload.
    await page.locator('.sidebar').getByRole('link', { name: 'الملف الشخصي' }).waitFor();

    await page.unroute(MEALS_CHUNK);
    await failed.getByRole('button', { name: 'إعادة التحميل' }).click();
    await page.getByTestId('meal-breakfast').waitFor();
  });
});
