import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { startOpenMeteoTestServer } from '@fitness/query-service/weather/open-meteo-test-server.ts';
import { CHROMIUM } from '@fitness/tools/chromium.ts';
import { seedHistory } from '@fitness/tools/demo-history.ts';
import { ensureFrontendBuild } from '@fitness/tools/frontend-build.ts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';
import { LOAD_SERVER_ENV } from './load-server-env.ts';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const RUNS = 3;
/** Lighthouse asks to be run again after a trace it could not read (NO_NAVSTART and the like). */
const ATTEMPTS = 3;
/** Two months of a four-sessions-a-week user: records, a full week's chart, achievements. */
const HISTORY_DAYS = 60;

export type LighthouseFigures = {
  /** Lighthouse's performance score, 0-100 (the median run's). */
  performanceScore: number;
  /** Cumulative layout shift (unitless). */
  cls: number;
  /** Largest contentful paint (ms, simulated mobile). */
  lcpMs: number;
  /** Total blocking time (ms, simulated mobile). */
  tbtMs: number;
  /** Main-thread work during the load, all categories (ms, with the 4× CPU slowdown). */
  mainThreadMs: number;
};

class LighthouseRuntimeError extends Error {}

/** The calendar day where the bench runs: the dashboard counts the browser's own day. */
const localToday = () => new Date().toLocaleDateString('sv');

/**
 * A user as the dashboard shows one on an ordinary day: a history of workouts, meals, water,
 * steps and weigh-ins up to today, and a second workout of today under way (the "continue" button).
 */
async function seededAccount(baseUrl: string) {
  const api = apiClient(baseUrl);
  // The first account of a new system is its admin: the athlete is the second, an ordinary user.
  await registerUser(api, 'Bench Admin');
  const account = await registerUser(api, 'Bench Athlete');
  const today = localToday();
  await seedHistory({ api, token: account.token, until: today, days: HISTORY_DAYS });
  const workout = await api('POST', '/workouts', { token: account.token, body: { name: 'Push', date: today } });
  if (workout.status !== 201) throw new Error(`starting today's workout answered ${workout.status}`);
  return account;
}

/**
 * Puts the session where the app looks for it (localStorage, spec section 3) before the audit:
 * a same-origin page that is not the app (the icon) takes it, so no app code and no service
 * worker are cached before Lighthouse loads the dashboard.
 */
async function signIn(port: number, baseUrl: string, storage: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await (browser.contexts()[0] ?? (await browser.newContext())).newPage();
    await page.goto(`${baseUrl}/icon.svg`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    await page.close();
  } finally {
    // Only lets go of the connection: the browser stays up for Lighthouse.
    await browser.close();
  }
}

/**
 * One Lighthouse navigation of the dashboard in a fresh browser (new profile: empty cache, no
 * service worker) with the session in place. Lighthouse's own storage reset would wipe that
 * session, so it is turned off; the fresh profile is what makes the load cold.
 */
async function auditOnce(baseUrl: string, storage: Record<string, string>): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    await signIn(chrome.port, baseUrl, storage);
    const result = await lighthouse(`${baseUrl}/dashboard`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse: ${lhr.runtimeError.code}`);
    // A session that did not take would be sent to /login, and the audit would be of the wrong page.
    if (new URL(lhr.finalDisplayedUrl).pathname !== '/dashboard') {
      throw new Error(`The audit ended on ${lhr.finalDisplayedUrl}, not the signed-in dashboard`);
    }
    return lhr;
  } finally {
    chrome.kill();
  }
}

async function audit(baseUrl: string, storage: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(baseUrl, storage);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === ATTEMPTS) throw error;
      console.error(`${error.message}; running it again`);
    }
  }
}

const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function figuresOf(lhr: Result): LighthouseFigures {
  return {
    performanceScore: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    cls: Math.round(numeric(lhr, 'cumulative-layout-shift') * 1000) / 1000,
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    mainThreadMs: Math.round(numeric(lhr, 'mainthread-work-breakdown')),
  };
}

/**
 * W1: Lighthouse (mobile form factor, its default simulated throttling) on the signed-in
 * dashboard of a user with two months of history, served by `npm start` on a temp DATA_DIR with
 * the current build; the figures of the median of three runs, as Lighthouse picks it (the run
 * nearest the median first paint and time to interactive).
 * Run alone: `node loadtests/src/lighthouse-bench.ts`.
 */
export async function lighthouseFigures(runs = RUNS): Promise<LighthouseFigures & { runs: LighthouseFigures[] }> {
  ensureFrontendBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const weather = await startOpenMeteoTestServer();
  const server = await startServerProcess(dataDir, {
    ...LOAD_SERVER_ENV,
    WEATHER_API_URL: weather.url,
    WEATHER_LATITUDE: '52.52',
    WEATHER_LONGITUDE: '13.405',
    WEATHER_LOCATION_NAME: 'Berlin',
  });
  try {
    const account = await seededAccount(server.baseUrl);
    const storage = { auth_token: account.token, auth_user: JSON.stringify(account.user) };
    // A first audit, not counted, warms the server up (its caches, the JIT): those are not the page's.
    await audit(server.baseUrl, storage);
    const results: Result[] = [];
    for (let run = 0; run < runs; run++) results.push(await audit(server.baseUrl, storage));
    return { ...figuresOf(computeMedianRun(results)), runs: results.map(figuresOf) };
  } finally {
    await server.kill('SIGTERM');
    await weather.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await lighthouseFigures();
  console.log(JSON.stringify(figures, null, 2));
}
