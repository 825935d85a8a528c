import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClient } from '@fitness/gateway/testing/api-client.ts';
import { countEventStoreReads } from '@fitness/gateway/testing/event-store-reads.ts';
import { readModelsRebuiltFromZero, snapshotReadModels } from '@fitness/gateway/testing/read-models.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { startTestServer, type TestServer } from '@fitness/gateway/testing/test-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { seedHistory } from './demo-history.ts';

/**
 * A user with a year of history (thousands of events): the metrics still answer from the read
 * models. The proof: while they answer, nothing reads the event store, so no request replays
 * events.
 */
describe('a year of history', () => {
  let server: TestServer;
  let token: string;
  let seeded: Awaited<ReturnType<typeof seedHistory>>;
  beforeAll(async () => {
    server = await startTestServer();
    ({ token } = await server.register('Demo Athlete'));
    seeded = await seedHistory({ api: server.api, token, until: '2026-11-21', days: 365 });
    // Let every projection finish, so what is measured below is the reads alone.
    const head = await server.eventStore.headPosition();
    assert.ok(await server.runner.waitFor(['workouts', 'meals', 'water', 'steps', 'users'], head, 30_000));
  });
  afterAll(() => server?.close());

  it('is thousands of events written through the API', async () => {
    assert.ok(seeded.commands > 5000, `${seeded.commands} commands`);
    assert.equal(seeded.from, '2025-11-22');
    assert.ok((await server.eventStore.headPosition()) > 5000);
  });

  it('rebuilds from zero into the same read models the live projections keep', async () => {
    // The metrics, records and achievements are worked out from these documents alone.
    assert.deepEqual(await snapshotReadModels(server.readStore), await readModelsRebuiltFromZero(server.eventStore));
  });

  it('answers today, the week, the month, records and achievements without reading the event store', async () => {
    const { reads, stop } = countEventStoreReads(server.eventStore);
    try {
      const get = async (url: string) => {
        const response = await server.api('GET', url, { token });
        assert.equal(response.status, 200, `${url}: ${JSON.stringify(response.body)}`);
        return response.body;
      };
      const today = await get('/metrics/today?date=2026-11-21');
      const week = await get('/metrics/weekly?date=2026-11-21');
      const month = await get('/metrics/monthly?date=2026-10-15');
      const records = await get('/metrics/prs');
      const progress = await get('/metrics/achievements');
      const weighIns = await get('/body-weight?from=2026-01-01');
      assert.deepEqual(reads, { stream: 0, all: 0 }, 'no request replayed events');

      assert.ok(weighIns.data.length >= 45, `weekly weigh-ins: ${weighIns.data.length}`);
      assert.ok(weighIns.data[0].weight > (weighIns.data.at(-1)?.weight ?? 0), 'weight goes down over the year');
      assert.ok(today.calories.consumed > 1000, 'three meals a day');
      assert.ok(today.water.consumed >= 1000);
      assert.ok(today.steps.count >= 3500);
      assert.equal(week.days.length, 7);
      assert.equal(month.days.length, 31);
      assert.ok(month.totals.workouts >= 12, `four sessions a week in October: ${JSON.stringify(month.totals)}`);
      assert.ok(month.totals.calories_burned > 0, 'training burns calories');
      const bench = records.data.find((entry: { name: string }) => entry.name === 'Barbell Bench Press');
      assert.ok(bench, 'a bench press record');
      assert.ok(bench.records.heaviest_weight.value > 70, 'a year of progress');
      assert.ok(bench.records.heaviest_weight.previous, 'beaten before');
      const unlocked = progress.achievements
        .filter((achievement: { unlocked_at: string | null }) => achievement.unlocked_at)
        .map((achievement: { id: string }) => achievement.id);
      for (const id of ['first_workout', 'workouts_10', 'workouts_50', 'workouts_100', 'volume_10000']) {
        assert.ok(unlocked.includes(id), `${id} unlocked: ${unlocked.join(', ')}`);
      }
    } finally {
      stop();
    }
  });
});

describe('npm run demo', () => {
  const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'demo-'));
  const demo = () =>
    spawnSync(process.execPath, [path.join(ROOT, 'tools/src/demo.ts'), '--days', '10'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates a demo account with history and prints credentials that sign in', async () => {
    const made = demo();
    assert.equal(made.status, 0, made.stderr);
    assert.match(made.stdout, /email: +demo@stride\.example/);
    const password = made.stdout.match(/password: +(\S+)/)?.[1] ?? '';
    assert.ok(password.length >= 12);

    const again = demo();
    assert.equal(again.status, 1, 'a second demo account in the same data folder is refused');
    assert.match(again.stderr, /already exists/);

    const server = await startServerProcess(dataDir);
    try {
      const api = apiClient(server.baseUrl);
      const signedIn = await api('POST', '/auth/login', { body: { email: 'demo@stride.example', password } });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      const workouts = await api('GET', '/workouts?per_page=50', { token: signedIn.body.token });
      assert.ok(
        workouts.body.data.length >= 3,
        `ten days hold five or six sessions, a few missed: ${JSON.stringify(workouts.body)}`,
      );
    } finally {
      await server.kill('SIGTERM');
    }
  });
});
