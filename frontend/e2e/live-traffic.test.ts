import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type App, startApp } from './harness.ts';
import { exerciseCard, logSet as logInLogger } from './logger.ts';

/** How long both tabs must stay without a request before a set's traffic counts as complete. */
const QUIET_MS = 1000;

/**
 * Records each tab's requests to /api/v1 as "METHOD /path" (ids as :id, no query), and tells
 * when both tabs have been quiet for a while.
 */
function trafficOf(pages: Record<string, Page>) {
  const log: Record<string, string[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  let inFlight = 0;
  let lastEvent = Date.now();
  for (const [name, page] of Object.entries(pages)) {
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (!pathname.startsWith('/api/v1/')) return;
      inFlight++;
      lastEvent = Date.now();
      const path = pathname.slice('/api/v1'.length).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id');
      log[name]?.push(`${request.method()} ${path}`);
    });
    const done = (request: { url(): string }) => {
      if (!new URL(request.url()).pathname.startsWith('/api/v1/')) return;
      inFlight--;
      lastEvent = Date.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  }
  return {
    /** What each tab asked for since the last call, sorted (the order of parallel loads varies). */
    take() {
      const taken = Object.fromEntries(Object.entries(log).map(([name, entries]) => [name, [...entries].sort()]));
      for (const entries of Object.values(log)) entries.length = 0;
      return taken;
    },
    async quiet() {
      const deadline = Date.now() + 15_000;
      while (inFlight > 0 || Date.now() - lastEvent < QUIET_MS) {
        assert.ok(Date.now() < deadline, 'the tabs never went quiet');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

describe('live updates in a real browser: the requests they cost', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('costs the writer one POST per set, the dashboard a few GETs, and a dashboard left behind nothing', async () => {
    const { account, context, page: dashboard } = await app.signedIn();
    const token = account.token;
    // Last week's session set the baselines; this one's records beat them.
    await app.logWorkout(token, 'Push', [{ name: 'Bench press', sets: [{ reps: 5, weight: 40 }] }], {
      date: '2026-11-14',
      completed: true,
    });
    const workout = await app.logWorkout(token, 'Push', [{ name: 'Bench press' }]);

    await dashboard.goto('/dashboard');
    await dashboard.getByTestId('calories-consumed').waitFor();
    await dashboard.getByTestId('recent-records').getByText('40 kg', { exact: true }).first().waitFor();

    const writer = await context.newPage();
    await writer.goto(`/workouts/${workout.id}`);
    const logSet = (reps: number, weight: number) =>
      logInLogger(writer, 'Bench press', { reps: String(reps), weight: String(weight) });
    const heaviest = (kg: number) =>
      dashboard.getByTestId('recent-records').getByText(`${kg} kg`, { exact: true }).first().waitFor();

    const traffic = trafficOf({ writer, dashboard });
    // A first set, not counted: it beats last week's records, and shows each tab what the server announces.
    await logSet(5, 50);
    await heaviest(50);
    await traffic.quiet();
    traffic.take();

    const sets = [
      { reps: 5, weight: 60, record: true },
      { reps: 5, weight: 65, record: true },
      { reps: 1, weight: 20, record: false },
      { reps: 5, weight: 70, record: true },
    ];
    for (const [index, { reps, weight, record }] of sets.entries()) {
      await logSet(reps, weight);
      if (record) await heaviest(weight);
      // The writer shows the workout: a record is a badge on the set's row (no toast), from the records' notice.
      if (index === 0) {
        await exerciseCard(writer, 'Bench press').getByTestId('set-row').nth(1).getByTestId('set-record').waitFor();
      }
      await traffic.quiet();
      const seen = traffic.take();
      // The writer: its POST, whose answer (the set) goes into the workout it shows, so its own
      // change notice fetches nothing; a record it beat comes with the records' change notice,
      // which is put into the records it follows for the row's badge.
      assert.deepEqual(seen.writer, ['POST /workouts/:id/exercises/:id/sets'], `writer, set ${index + 1}`);
      // The dashboard: today and the week, and the workout in progress (one summary). Its recent
      // records take a record beaten from the notice too, and its achievements count completed
      // workouts only, which a set in one in progress leaves as they were.
      assert.deepEqual(
        seen.dashboard,
        ['GET /metrics/today', 'GET /metrics/weekly', 'GET /workouts'].sort(),
        `dashboard, set ${index + 1}`,
      );
    }

    // Away from the dashboard (the app's own navigation, so the stores live on), sets cost it nothing.
    await dashboard.getByRole('link', { name: 'Settings' }).first().click();
    await dashboard.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await traffic.quiet();
    traffic.take();
    await logSet(5, 75);
    await logSet(5, 80);
    await traffic.quiet();
    const away = traffic.take();
    assert.equal(away.writer?.filter((request) => request.startsWith('POST')).length, 2);
    assert.deepEqual(
      away.dashboard?.filter((request) => /\/metrics\/(today|weekly)$/.test(request)),
      [],
      'no metrics reloaded',
    );
    assert.deepEqual(away.dashboard, [], 'nothing at all: no screen there shows what a set changes');
    await context.close();
  });
});
