import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '@fitness/tools/chromium.ts';
import { ensureFrontendBuild } from '@fitness/tools/frontend-build.ts';
import { type Browser, chromium } from 'playwright-core';
import { LOAD_SERVER_ENV } from './load-server-env.ts';
import { percentile } from './measure.ts';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../frontend/dist');
const COLD_LOADS = 5;
/**
 * Runs in the page from its first byte: notes the moment the screen's main heading is in place
 * and visible (ms since navigation start), checked on every change to the document, so the time
 * is exact rather than as late as a poll. Plain source: this package's types have no DOM.
 */
const NOTE_HEADING_SHOWN = `
  new MutationObserver((_changes, observer) => {
    const heading = document.querySelector('main h1');
    if (!heading || !heading.checkVisibility()) return;
    window.__headingShownAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true });
`;

/** What the page noted: when the heading showed, and when each script it fetched was asked for. */
function pageTimeline() {
  const page = globalThis as unknown as {
    __headingShownAt?: number;
    performance: { getEntriesByType(type: 'resource'): { name: string; startTime: number; initiatorType: string }[] };
  };
  if (page.__headingShownAt === undefined) return false;
  return {
    shownAt: page.__headingShownAt,
    scripts: page.performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
  };
}

export type FrontendFigures = {
  /** The larger of the two first screens' JavaScript, gzipped (KB): what the budget of 150 is about. */
  initialJsGzipKb: number;
  /** JavaScript a new visitor fetches before the sign-in screen shows, gzipped (KB). */
  signInJsGzipKb: number;
  /** JavaScript a signed-in user fetches before the dashboard shows, gzipped (KB). */
  dashboardJsGzipKb: number;
  /** The bytes of that JavaScript as they came over the wire (KB; whatever encoding the server chose). */
  signInJsTransferKb: number;
  dashboardJsTransferKb: number;
  /** From the build alone: the entry chunk and the chunks it imports statically, gzipped (KB). */
  staticEntryJsGzipKb: number;
  /** Median time from navigation start to the screen's main heading being visible (ms, localhost, cold). */
  firstScreenMs: number;
  signInFirstScreenMs: number;
  dashboardFirstScreenMs: number;
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The entry script and what index.html preloads with it: the JavaScript every first screen needs. */
function staticEntryJsGzipBytes() {
  const page = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = [
    ...page.matchAll(/<script[^>]*type="module"[^>]*src="\/([^"]+\.js)"/g),
    ...page.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g),
  ].map((match) => match[1] ?? '');
  return [...new Set(files)].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file))).length, 0);
}

/**
 * One cold load (a fresh browser context: no cache, no service worker) of `url`: the time until
 * the main heading is visible, and the JavaScript the page asked for before then, both gzipped
 * (so the figure compares whatever the server sends) and as transferred.
 */
async function coldLoad(browser: Browser, baseUrl: string, url: string, storage: Record<string, string> = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 860 } });
  try {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    await context.addInitScript({ content: NOTE_HEADING_SHOWN });
    const page = await context.newPage();
    const scripts = new Map<string, Promise<{ gzip: number; transfer: number }>>();
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      const sizes = request.response().then(async (response) => {
        if (!response) return { gzip: 0, transfer: 0 };
        const body = await response.body();
        return { gzip: gzipSync(body).length, transfer: (await request.sizes()).responseBodySize };
      });
      sizes.catch(() => undefined); // a background fetch cut off by closing the page
      scripts.set(request.url(), sizes);
    });
    await page.goto(url, { waitUntil: 'commit' });
    const timeline = (await (await page.waitForFunction(pageTimeline, null, { timeout: 30_000 })).jsonValue()) as {
      shownAt: number;
      scripts: { url: string; startTime: number }[];
    };
    // What the first screen needed: the scripts asked for before it showed (the other screens,
    // fetched in the background once it is up, are not).
    const needed = timeline.scripts.filter((script) => script.startTime < timeline.shownAt);
    const fetched = await Promise.all(needed.map((script) => scripts.get(script.url) ?? { gzip: 0, transfer: 0 }));
    return {
      ms: timeline.shownAt,
      gzip: fetched.reduce((sum, script) => sum + script.gzip, 0),
      transfer: fetched.reduce((sum, script) => sum + script.transfer, 0),
    };
  } finally {
    await context.close();
  }
}

async function screenFigures(browser: Browser, baseUrl: string, url: string, storage?: Record<string, string>) {
  // One warm-up load first: the server's own first answers (its caches, the JIT) are not the page's.
  await coldLoad(browser, baseUrl, url, storage);
  const loads = [];
  for (let i = 0; i < COLD_LOADS; i++) loads.push(await coldLoad(browser, baseUrl, url, storage));
  const last = loads.at(-1);
  return {
    ms: Math.round(
      percentile(
        loads.map((load) => load.ms),
        50,
      ),
    ),
    gzipKb: kb(last?.gzip ?? 0),
    transferKb: kb(last?.transfer ?? 0),
  };
}

/**
 * The web app's first-load figures: JavaScript fetched before the first screen (a new visitor's
 * sign-in screen, a signed-in user's dashboard) and the time until it shows, on the real server
 * (`npm start` on a temp DATA_DIR, the current build) in headless Chromium.
 * Run alone: `node -e "import('./loadtests/src/frontend-bench.ts').then(async (m) => console.log(await m.frontendFigures()))"`.
 */
export async function frontendFigures(): Promise<FrontendFigures> {
  ensureFrontendBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-frontend-'));
  const server = await startServerProcess(dataDir, LOAD_SERVER_ENV);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  try {
    const account = await registerUser(apiClient(server.baseUrl), 'Bench Visitor');
    const signIn = await screenFigures(browser, server.baseUrl, '/login');
    const dashboard = await screenFigures(browser, server.baseUrl, '/dashboard', {
      auth_token: account.token,
      auth_user: JSON.stringify(account.user),
    });
    return {
      initialJsGzipKb: Math.max(signIn.gzipKb, dashboard.gzipKb),
      signInJsGzipKb: signIn.gzipKb,
      dashboardJsGzipKb: dashboard.gzipKb,
      signInJsTransferKb: signIn.transferKb,
      dashboardJsTransferKb: dashboard.transferKb,
      staticEntryJsGzipKb: kb(staticEntryJsGzipBytes()),
      firstScreenMs: Math.max(signIn.ms, dashboard.ms),
      signInFirstScreenMs: signIn.ms,
      dashboardFirstScreenMs: dashboard.ms,
    };
  } finally {
    await browser.close();
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
