import assert from 'node:assert/strict';
import type { AnalyticsCounters, AnalyticsPoint } from '@fitness/contracts';
import { countEventStoreReads } from '@fitness/gateway/testing/event-store-reads.ts';
import { startTestServer, type TestServer } from '@fitness/gateway/testing/test-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { seedHistory } from './demo-history.ts';

/**
 * The admin analytics over a year of demo history (thousands of commands through the API): the
 * year and the stats answer from read models. Here rather than beside the admin API tests because
 * the demo history belongs to the tools, which depend on the gateway, not the other way round.
 */
const today = () => new Date().toISOString().slice(0, 10);
const ADMIN_MODELS = ['admin_analytics', 'admin_users'];

describe('a year of demo history in the admin analytics', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer['register']>>;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.register('Ada Admin');
    const demo = await server.register('Demo Athlete');
    await seedHistory({ api: server.api, token: demo.token, until: today(), days: 365 });
    const head = await server.eventStore.headPosition();
    assert.ok(await server.runner.waitFor(['users', ...ADMIN_MODELS], head, 60_000));
  }, 300_000);
  afterAll(() => server?.close());

  it('answers period=year and the stats from read models, without reading the event store', async () => {
    const head = await server.eventStore.headPosition();
    const { reads, stop } = countEventStoreReads(server.eventStore);
    try {
      const year = await server.api('GET', '/admin/analytics?period=year', { token: admin.token });
      const stats = await server.api('GET', '/admin/stats', { token: admin.token });
      assert.deepEqual(reads, { stream: 0, all: 0 }, 'no request replayed events');
      assert.equal(year.status, 200);
      assert.equal(stats.status, 200);

      const { points, totals } = year.body as { points: AnalyticsPoint[]; totals: AnalyticsCounters };
      assert.equal(points.length, 52);
      // Four sessions a week, a few missed; three or four meals a day.
      assert.ok(totals.workouts_completed >= 150, `workouts: ${totals.workouts_completed}`);
      assert.ok(totals.sets_logged > 1000, `sets: ${totals.sets_logged}`);
      assert.ok(totals.volume_lifted > 100_000, `volume: ${totals.volume_lifted}`);
      assert.ok(totals.meals_logged > 1000, `meals: ${totals.meals_logged}`);
      assert.equal(totals.signups, 2);
      assert.equal(totals.active_users, 2);
      const trainedWeeks = points.filter((point) => point.workouts_completed > 0).length;
      assert.ok(trainedWeeks >= 50, `weeks with training: ${trainedWeeks}`);
      assert.ok(points.every((point) => point.active_users <= 2));
      assert.equal(stats.body.users.total, 2);
      // Every projection at the log's head: no lag to count in the log.
      assert.equal(stats.body.log_position, head);
      assert.equal(stats.body.projection_lag.max, 0);
    } finally {
      stop();
    }
  });
});
