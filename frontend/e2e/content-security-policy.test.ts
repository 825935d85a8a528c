import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, screenshot, startApp } from './harness.ts';

/** Every screen, charts and the live channel included, must work under the strict CSP the server sends. */
describe('the web app under its Content-Security-Policy', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('runs the inline theme script and every screen with nothing refused', async () => {
    const { context, page } = await app.signedIn({ settings: { theme: 'dark' } });
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
      );
    });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });

    for (const path of ['/dashboard', '/workouts', '/exercises', '/templates', '/meals', '/profile', '/settings']) {
      const response = await page.goto(path);
      assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self' 'sha256-/);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
      assert.deepEqual(violations, [], path);
    }
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the inline script ran');
    await page.goto('/admin/analytics');
    await page.locator('.recharts-surface').first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), []);
    await screenshot(page, 'csp-admin-analytics-dark');
    assert.deepEqual(refused, []);
    await context.close();
  });
});
