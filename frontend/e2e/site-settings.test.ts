import assert from 'node:assert/strict';
import { registerUser } from '@fitness/gateway/testing/api-client.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, liveChannelOpen, PHONE, screenshot, startApp } from './harness.ts';

/** The front-end effects of the system settings: the site's name and closed registration, live. */
describe('system settings in the web app', () => {
  let app: App;
  let adminToken: string;
  const put = async (body: object) => {
    const response = await app.api('PUT', '/admin/settings', { token: adminToken, body });
    assert.equal(response.status, 200, JSON.stringify(response.body));
  };

  beforeAll(async () => {
    app = await startApp();
    adminToken = (await registerUser(app.api, 'Ada Admin')).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows the admins' site name in the title and header, and follows a change without reloading", async () => {
    await put({ site_name: 'Iron Gym' });
    const { context, page } = await app.signedIn();
    try {
      const live = liveChannelOpen(page);
      await page.goto('/dashboard');
      await page.locator('.brand', { hasText: 'Iron Gym' }).first().waitFor();
      assert.equal(await page.title(), 'Iron Gym');
      await live;
      await put({ site_name: 'Oak Gym' });
      await page.locator('.brand', { hasText: 'Oak Gym' }).first().waitFor({ timeout: 5000 });
      assert.equal(await page.title(), 'Oak Gym');
    } finally {
      await context.close();
      await put({ site_name: 'Stride' });
    }
  });

  it('shows a change made while the page was loading, before its live channel opened', async () => {
    const { context, page } = await app.signedIn();
    try {
      // The live channel is held back until the admin's rename is done: the page heard nothing of it.
      let release: () => void = () => undefined;
      const renamed = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.routeWebSocket(/\/socket\.io\//, async (socket) => {
        await renamed;
        socket.connectToServer();
      });
      await page.goto('/dashboard');
      await page.locator('.brand', { hasText: 'Stride' }).first().waitFor();
      await put({ site_name: 'Birch Gym' });
      release();
      await page.locator('.brand', { hasText: 'Birch Gym' }).first().waitFor({ timeout: 5000 });
    } finally {
      await context.close();
      await put({ site_name: 'Stride' });
    }
  });

  it('says registration is closed on the register screen, in English and Arabic', async () => {
    await put({ allow_registration: false });
    try {
      for (const [locale, text] of [
        ['en', 'Registration is closed'],
        ['ar', 'التسجيل مغلق'],
      ] as const) {
        for (const viewport of [undefined, PHONE]) {
          const context = await app.context({ storage: { locale }, viewport });
          const page = await context.newPage();
          await page.goto('/register');
          await page.getByRole('heading', { name: text }).waitFor();
          assert.equal(await page.locator('input[name="password"]').count(), 0, 'no form to fill in');
          await screenshot(page, `register-closed-${locale}-${viewport ? 'phone' : 'desktop'}`);
          await context.close();
        }
      }
    } finally {
      await put({ allow_registration: true });
    }
    const context = await app.context();
    const page = await context.newPage();
    await page.goto('/register');
    await page.locator('input[name="password"]').waitFor();
    await context.close();
  });
});
