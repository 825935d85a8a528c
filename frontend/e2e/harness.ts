import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '@fitness/tools/chromium.ts';
import { ensureFrontendBuild } from '@fitness/tools/frontend-build.ts';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Where screenshots go; CI leaves the folder in place for people to look at. */
export const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

export type App = Awaited<ReturnType<typeof startApp>>;
type Account = Awaited<ReturnType<typeof registerUser>>;

/** How a user has the app: their language and theme, and the device. */
export type Look = { language: 'en' | 'de' | 'ar'; theme: 'light' | 'dark'; device: 'phone' | 'desktop' };
const looks = (languages: Look['language'][]): Look[] =>
  languages.flatMap((language) =>
    (['light', 'dark'] as const).flatMap((theme) =>
      (['phone', 'desktop'] as const).map((device) => ({ language, theme, device })),
    ),
  );

/**
 * `npm start` on a temp DATA_DIR (with the current web app built) and a headless Chromium.
 * Helpers open pages as a signed-in user by putting the session where the app keeps it.
 */
export async function startApp(env: Record<string, string> = {}) {
  ensureFrontendBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  const server = await startServerProcess(dataDir, { AUTH_RATE_LIMIT: '1000', ...env });
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  const api = apiClient(server.baseUrl);
  mkdirSync(SCREENSHOTS, { recursive: true });

  async function context(
    options: {
      viewport?: { width: number; height: number };
      storage?: Record<string, string>;
      timezoneId?: string;
    } = {},
  ) {
    const ctx: BrowserContext = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: options.viewport ?? DESKTOP,
      ...(options.timezoneId && { timezoneId: options.timezoneId }),
    });
    if (options.storage) {
      await ctx.addInitScript((entries) => {
        // Only on the first load of each page: a later sign-out must not be undone by a reload.
        if (sessionStorage.getItem('__seeded__')) return;
        sessionStorage.setItem('__seeded__', '1');
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      }, options.storage);
    }
    return ctx;
  }

  /** A new user registered over the API, and a browser context already signed in as them. */
  async function signedIn(
    options: {
      viewport?: { width: number; height: number };
      settings?: object;
      locale?: string;
      timezoneId?: string;
    } = {},
  ) {
    const account = await registerUser(api, 'Robin Runner');
    const storage: Record<string, string> = { auth_token: account.token, auth_user: JSON.stringify(account.user) };
    if (options.settings) storage.app_settings = JSON.stringify(options.settings);
    if (options.locale) storage.locale = options.locale;
    const ctx = await context({ viewport: options.viewport, storage, timezoneId: options.timezoneId });
    return { account, context: ctx, page: await ctx.newPage() };
  }

  /**
   * A workout logged over the API, as another device would: these exercises (library ones by
   * `exercise_id`), each with these sets, on `date` (today if none), completed if asked. Every
   * call must succeed. Its id, and its exercises as added.
   */
  async function logWorkout(
    token: string,
    name: string,
    exercises: {
      name: string;
      exercise_id?: string;
      sets?: ({ reps: number; weight: number | null } & Record<string, unknown>)[];
    }[],
    options: { date?: string; completed?: boolean } = {},
  ) {
    const call = async (method: string, url: string, body: object) => {
      const answer = await api(method, url, { token, body });
      assert.ok(answer.status < 300, `${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    const workout = await call('POST', '/workouts', { name, ...(options.date && { date: options.date }) });
    const added: { id: string; name: string }[] = [];
    for (const { sets = [], ...exercise } of exercises) {
      const entry = await call('POST', `/workouts/${workout.id}/exercises`, exercise);
      for (const set of sets) await call('POST', `/workouts/${workout.id}/exercises/${entry.id}/sets`, set);
      added.push(entry);
    }
    if (options.completed) await call('PATCH', `/workouts/${workout.id}`, { status: 'completed' });
    return { id: workout.id as string, exercises: added };
  }

  /**
   * A browser signed in as `account` with these settings (a language, a theme...), which its
   * settings on the server say too: they follow the user, and win over the browser's when the
   * app starts.
   */
  async function signedInAs(
    account: Account,
    options: { viewport?: { width: number; height: number }; settings: { language: string } & Record<string, unknown> },
  ) {
    const saved = await api('PATCH', '/me/settings', { token: account.token, body: options.settings });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    return context({
      viewport: options.viewport,
      storage: {
        auth_token: account.token,
        auth_user: JSON.stringify(account.user),
        locale: options.settings.language,
        app_settings: JSON.stringify(options.settings),
      },
    });
  }

  /**
   * `address` as `account` sees it in English and Arabic (or the `languages` given), light and
   * dark, on a phone and a desktop. In each look: the page opened there, in its direction; `drawn` waits for what it
   * shows; the page must be no wider than the screen; its screenshot is
   * `<name>-<language>-<theme>-<device>`; then `after`, if given (a second shot further down).
   */
  async function eachLook(
    account: Account,
    options: {
      address: string;
      name: string;
      drawn: (page: Page) => Promise<unknown>;
      after?: (page: Page, look: Look) => Promise<unknown>;
      languages?: Look['language'][];
    },
  ) {
    for (const look of looks(options.languages ?? ['en', 'ar'])) {
      const { language, theme, device } = look;
      const shot = await signedInAs(account, {
        viewport: device === 'phone' ? PHONE : DESKTOP,
        settings: { language, theme },
      });
      const view = await shot.newPage();
      await view.goto(options.address);
      await view.waitForFunction((dir) => document.documentElement.dir === dir, language === 'ar' ? 'rtl' : 'ltr');
      await options.drawn(view);
      const overflow = await widerThanScreenBy(view);
      assert.ok(overflow <= 0, `${language} ${theme} ${device}: ${overflow}px wider than the screen`);
      await screenshot(view, `${options.name}-${language}-${theme}-${device}`);
      await options.after?.(view, look);
      await shot.close();
    }
  }

  return {
    baseUrl: server.baseUrl,
    api,
    browser,
    context,
    signedIn,
    signedInAs,
    eachLook,
    logWorkout,
    async close() {
      await browser.close();
      await server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Desktop shots take the whole page; phone shots the screen as held, so the bottom bar sits where users see it. */
/** How many pixels the page is wider than the screen (0 or less: it fits, nothing scrolls sideways). */
export function widerThanScreenBy(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

export async function screenshot(page: Page, name: string) {
  const fullPage = (page.viewportSize()?.width ?? 0) > 768;
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * Settles on the live channel's handshake answer (socket.io's "40" packet): from then on the page
 * hears changes. Ask before the page opens the channel.
 */
export function liveChannelOpen(page: Page) {
  return new Promise<void>((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      }),
    );
  });
}

/** Waits for the app's toast with this title. */
export async function expectToast(page: Page, title: string) {
  await page.getByTestId('toast').filter({ hasText: title }).first().waitFor({ timeout: 5000 });
}

/** axe-core's script, read once, when a test first checks a page. */
let axeSource: string | null = null;

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** axe-core on the page as it is; only serious and critical findings fail. */
export async function seriousViolations(page: Page) {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol: an injected <script> would be refused by the app's CSP.
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
