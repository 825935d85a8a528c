import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '@fitness/tools/chromium.ts';
import { ensureFrontendBuild } from '@fitness/tools/frontend-build.ts';
import { chromium, type Page } from 'playwright-core';
import { LOAD_SERVER_ENV } from './load-server-env.ts';
import { percentile } from './measure.ts';

/** Sets logged and shown before the measured ones, so that neither the server nor the page is cold. */
const WARM_UP_SETS = 5;
/** Sets that beat a record, after the ordinary ones: each makes a screen following records read them again. */
const RECORD_SETS = 5;

/**
 * Runs in the page from its first byte: the wall-clock moment (ms, as Node's
 * performance.timeOrigin + performance.now()) each set row first shows, by its number, seen on
 * every change to the document rather than as late as a poll. Plain source: this package's
 * types have no DOM.
 */
const NOTE_ROWS_SHOWN = `
  window.__rowShownAt = [];
  new MutationObserver(() => {
    const rows = document.querySelectorAll('[data-testid="set-row"]').length;
    const now = performance.timeOrigin + performance.now();
    while (window.__rowShownAt.length < rows) window.__rowShownAt.push(now);
  }).observe(document, { childList: true, subtree: true });
`;

const rowsShown = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __rowShownAt: number[] }).__rowShownAt.slice());

export type LiveRequestFigures = {
  /** Sets logged from Node while the page showed the workout. */
  sets: number;
  /** HTTP requests the page made per set (P2r; target 0). */
  requestsPerSet: number;
  /** From the send of a set to its row showing in the page (ms). */
  p50Ms: number;
  p99Ms: number;
  /** The same page's requests per set that beats a record (its records are worked out by the server and read again). */
  requestsPerRecordSet: number;
  /** What the page asked for during the sets, "METHOD /path" with ids as :id, and how often. */
  requested: Record<string, number>;
};

/**
 * P2r: a second open device of a user, a Chromium page on the workout's page, while `sets` sets
 * are logged elsewhere (over the API from Node, with a session of their own, one after the
 * other as each shows): the HTTP requests the page makes per set, and the time from each send
 * to its row showing. The exercise's records are set first by a heavy set, so these sets beat
 * none, as most sets of a user with a history do; `RECORD_SETS` sets that each beat the last
 * follow, measured apart. `sets` + 34 sets in all: an exercise holds at most 100.
 */
export async function liveRequestsBench(sets = 20): Promise<LiveRequestFigures> {
  ensureFrontendBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-live-requests-'));
  const server = await startServerProcess(dataDir, LOAD_SERVER_ENV);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  try {
    const api = apiClient(server.baseUrl);
    const account = await registerUser(api, 'Bench Athlete');
    const token = account.token;
    const workout = (await api('POST', '/workouts', { token, body: { name: 'Push' } })).body;
    const exercise = (await api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Bench press' } }))
      .body;
    const logSet = async (reps: number, weight: number) => {
      const answer = await api('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, {
        token,
        body: { reps, weight },
      });
      if (answer.status !== 201) throw new Error(`logging a set answered ${answer.status}`);
    };
    await logSet(20, 100);

    const signIn = await api('POST', '/auth/login', { body: { email: account.email, password: account.password } });
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 860 } });
    await context.addInitScript(
      (entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      },
      { auth_token: signIn.body.token, auth_user: JSON.stringify(signIn.body.user) },
    );
    await context.addInitScript({ content: NOTE_ROWS_SHOWN });
    const page = await context.newPage();
    let inFlight = 0;
    let liveSockets = 0;
    const requested: string[] = [];
    page.on('request', (request) => {
      inFlight += 1;
      const { pathname } = new URL(request.url());
      requested.push(`${request.method()} ${pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')}`);
    });
    page.on('requestfinished', () => {
      inFlight -= 1;
    });
    page.on('requestfailed', () => {
      inFlight -= 1;
    });
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname.startsWith('/socket.io/')) liveSockets += 1;
    });
    const loaded = (apiPath: string) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === `/api/v1${apiPath}`);
    const loads = Promise.all([
      loaded(`/workouts/${workout.id}`),
      loaded(`/workouts/${workout.id}/previous`),
      loaded('/metrics/prs'),
    ]);
    await page.goto(`/workouts/${workout.id}`);
    await loads;
    await page.getByTestId('set-row').first().waitFor();
    // Once idle, the app fetches the other screens' code, then registers its service worker: with
    // that ready, it asks for nothing more by itself.
    await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }
      ).navigator.serviceWorker.ready.then(() => undefined),
    );
    await until(() => inFlight === 0 && liveSockets > 0, 'the page to load the workout and open its live channel');

    /** Logs a set and waits for its row; the time from the send to the row showing (ms). */
    const logAndSee = async (reps: number, weight: number) => {
      const rows = (await rowsShown(page)).length;
      const sentAt = performance.timeOrigin + performance.now();
      await logSet(reps, weight);
      await page.waitForFunction(
        (count) => (globalThis as unknown as { __rowShownAt: number[] }).__rowShownAt.length > count,
        rows,
        { polling: 'raf', timeout: 10_000 },
      );
      return ((await rowsShown(page))[rows] ?? Number.NaN) - sentAt;
    };
    const measure = async (weights: number[]) => {
      requested.length = 0;
      const delays: number[] = [];
      for (const weight of weights) delays.push(await logAndSee(5, weight));
      // The last set's notices may come after its row (its records, say): one set more, which beats
      // nothing, is pushed after them all, so once its row shows, whatever they asked for was asked.
      await logAndSee(1, 1);
      await until(() => inFlight === 0, 'the page to finish what it asked for');
      return { delays, requests: [...requested] };
    };
    // Lighter than the first set: no record beaten. The first few warm up the server and the page.
    await measure(Array.from({ length: WARM_UP_SETS }, (_, index) => 30 + index));
    const ordinary = await measure(Array.from({ length: sets }, (_, index) => 40 + (index % 10)));
    // Each heavier than the one before.
    const records = await measure(Array.from({ length: RECORD_SETS }, (_, index) => 101 + index));
    await context.close();
    return {
      sets,
      requestsPerSet: ordinary.requests.length / sets,
      p50Ms: percentile(ordinary.delays, 50),
      p99Ms: percentile(ordinary.delays, 99),
      requestsPerRecordSet: records.requests.length / RECORD_SETS,
      requested: Object.fromEntries(
        [...new Set([...ordinary.requests, ...records.requests])].map((request) => [
          request,
          [...ordinary.requests, ...records.requests].filter((other) => other === request).length,
        ]),
      ),
    };
  } finally {
    await browser.close();
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits for a condition of this process's own bookkeeping (the page's requests), checked every 20 ms. */
async function until(condition: () => boolean, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

if (import.meta.main) {
  const figures = await liveRequestsBench(Number(process.argv[2] ?? 20));
  console.log(
    `P2r HTTP requests another open device makes per set logged elsewhere (${figures.sets} sets): ${figures.requestsPerSet} (target 0)`,
  );
  console.log(
    `    send to the set showing on that device: p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms`,
  );
  console.log(`    per set that beats a record (its records read again): ${figures.requestsPerRecordSet}`);
  console.log(`    requested: ${JSON.stringify(figures.requested)}`);
}
