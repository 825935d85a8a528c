import assert from 'node:assert/strict';
import { shiftDay } from '@fitness/contracts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ApiResponse } from '../testing/api-client.ts';
import { connectLive, heardOwnWrite, waitUntil } from '../testing/live-client.ts';
import { readModelsRebuiltFromZero, snapshotReadModels } from '../testing/read-models.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const today = () => new Date().toISOString().slice(0, 10);
const positionOf = (response: ApiResponse) => response.headers.get('x-event-position') ?? '0';
const ADMIN_MODELS = ['admin_analytics', 'admin_users'];

type Point = {
  date: string;
  signups: number;
  active_users: number;
  workouts_completed: number;
  sets_logged: number;
  volume_lifted: number;
  meals_logged: number;
};

describe('admin analytics', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer['register']>>;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.register('Ada Admin');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.close();
  });

  const analytics = async (period: string, position = '0') => {
    const response = await server.api('GET', `/admin/analytics?period=${period}`, {
      token: admin.token,
      headers: { 'x-min-position': position },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body as {
      period: string;
      bucket: string;
      from: string;
      to: string;
      points: Point[];
      totals: Point;
    };
  };

  /** A completed workout on `date` with sets of (reps, kg), and a meal that day. */
  async function train(token: string, date: string, sets: [number, number | null][]) {
    const workout = await server.api('POST', '/workouts', { token, body: { name: 'Session', date } });
    const exercise = await server.api('POST', `/workouts/${workout.body.id}/exercises`, {
      token,
      body: { name: 'Squat' },
    });
    for (const [reps, weight] of sets) {
      await server.api('POST', `/workouts/${workout.body.id}/exercises/${exercise.body.id}/sets`, {
        token,
        body: { reps, ...(weight !== null && { weight }) },
      });
    }
    await server.api('PATCH', `/workouts/${workout.body.id}`, { token, body: { status: 'completed', duration: 50 } });
    const meal = await server.api('POST', '/meals', { token, body: { date, type: 'lunch' } });
    assert.equal(meal.status, 201);
    return { workoutId: workout.body.id as string };
  }

  it('answers a week and a month one point a day, and a year one point a week, ending today', async () => {
    const week = await analytics('week');
    assert.equal(week.bucket, 'day');
    assert.equal(week.points.length, 7);
    assert.equal(week.to, today());
    assert.equal(week.from, shiftDay(today(), -6));
    assert.deepEqual(
      week.points.map((point) => point.date),
      Array.from({ length: 7 }, (_, day) => shiftDay(week.from, day)),
    );
    assert.equal((await analytics('month')).points.length, 30);
    const year = await analytics('year');
    assert.equal(year.bucket, 'week');
    assert.equal(year.points.length, 52);
    const lastWeek = year.points.at(-1) as Point;
    assert.equal(new Date(`${lastWeek.date}T00:00:00Z`).getUTCDay(), 1, 'weeks start on Monday');
    assert.ok(lastWeek.date <= today() && shiftDay(lastWeek.date, 6) >= today(), 'the last week holds today');
    // Without a period: the week.
    const plain = await server.api('GET', '/admin/analytics', { token: admin.token });
    assert.equal(plain.body.period, 'week');
  });

  it('counts sign-ups, active users, workouts, sets, volume and meals on the days they are for', async () => {
    const before = await analytics('week');
    const athlete = await server.register('Athlete');
    const twoDaysAgo = shiftDay(today(), -2);
    await train(athlete.token, twoDaysAgo, [
      [5, 100],
      [5, 100],
      [10, null],
    ]);
    const { workoutId } = await train(athlete.token, today(), [[8, 60]]);
    // An unfinished workout is not completed; a set logged and removed is not counted.
    const unfinished = await server.api('POST', '/workouts', {
      token: athlete.token,
      body: { name: 'Not yet', date: today() },
    });
    const squat = await server.api('POST', `/workouts/${unfinished.body.id}/exercises`, {
      token: athlete.token,
      body: { name: 'Squat' },
    });
    const sets = `/workouts/${unfinished.body.id}/exercises/${squat.body.id}/sets`;
    const extra = await server.api('POST', sets, { token: athlete.token, body: { reps: 3, weight: 200 } });
    assert.equal(extra.status, 201, JSON.stringify(extra.body));
    const removed = await server.api('DELETE', `${sets}/${extra.body.id}`, { token: athlete.token });
    assert.ok(removed.status < 300, JSON.stringify(removed.body));

    const after = await analytics('week', positionOf(removed));
    const delta = (date: string, field: keyof Omit<Point, 'date'>) => {
      const was = before.points.find((point) => point.date === date)?.[field] ?? 0;
      const is = after.points.find((point) => point.date === date)?.[field] ?? 0;
      return is - was;
    };
    assert.equal(delta(today(), 'signups'), 1);
    assert.equal(delta(today(), 'active_users'), 1);
    assert.equal(delta(twoDaysAgo, 'active_users'), 1, 'active on the day trained for');
    assert.equal(delta(twoDaysAgo, 'workouts_completed'), 1);
    assert.equal(delta(twoDaysAgo, 'sets_logged'), 3);
    assert.equal(delta(twoDaysAgo, 'volume_lifted'), 1000);
    assert.equal(delta(twoDaysAgo, 'meals_logged'), 1);
    assert.equal(delta(today(), 'workouts_completed'), 1);
    assert.equal(delta(today(), 'sets_logged'), 1);
    assert.equal(delta(today(), 'volume_lifted'), 480);
    assert.equal(delta(today(), 'meals_logged'), 1);
    assert.equal(after.totals.active_users, before.totals.active_users + 1, 'a user counts once in the totals');
    assert.equal(after.totals.sets_logged, before.totals.sets_logged + 4);
    for (const field of ['signups', 'workouts_completed', 'sets_logged', 'meals_logged'] as const) {
      assert.equal(
        after.totals[field],
        after.points.reduce((sum, point) => sum + point[field], 0),
        `${field} totals add up`,
      );
    }

    // A workout moved to another day takes its counts along; a deleted one takes them away.
    const moved = await server.api('PATCH', `/workouts/${workoutId}`, {
      token: athlete.token,
      body: { date: shiftDay(today(), -1) },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const afterMove = await analytics('week', positionOf(moved));
    const on = (result: typeof after, date: string) => result.points.find((point) => point.date === date) as Point;
    assert.equal(on(afterMove, today()).sets_logged, on(after, today()).sets_logged - 1);
    assert.equal(on(afterMove, shiftDay(today(), -1)).sets_logged, on(after, shiftDay(today(), -1)).sets_logged + 1);
    const deleted = await server.api('DELETE', `/workouts/${workoutId}`, { token: athlete.token });
    const afterDelete = await analytics('week', positionOf(deleted));
    assert.equal(afterDelete.totals.sets_logged, after.totals.sets_logged - 1);
    assert.equal(afterDelete.totals.workouts_completed, after.totals.workouts_completed - 1);
  });

  it('pushes analytics changes live to admins, and to nobody else', async () => {
    const watcher = await connectLive(server.baseUrl, admin.token);
    const bystander = await server.register('Bystander');
    const other = await connectLive(server.baseUrl, bystander.token);
    sockets.push(watcher.socket, other.socket);
    const newcomer = await server.register('Newcomer');
    await train(newcomer.token, today(), [[5, 50]]);
    assert.ok(
      await waitUntil(() =>
        watcher.received.some(
          (r) => r.notice.model === 'admin_analytics' && r.notice.id === `day:${today()}:${newcomer.user.id}`,
        ),
      ),
      "the admin hears of today's numbers",
    );
    assert.ok(await waitUntil(() => watcher.received.some((r) => r.notice.model === 'admin_users')));
    // Once the bystander heard of a later write of their own, whatever they were going to hear of
    // the newcomer's has come.
    await heardOwnWrite(server.api, other, bystander.token, 'Later');
    assert.deepEqual(
      other.received.filter((r) => ADMIN_MODELS.includes(r.notice.model)),
      [],
      'a user hears nothing of the admin models',
    );
  });

  it('rebuilds the analytics and users tables from zero into the same documents', async () => {
    const head = await server.eventStore.headPosition();
    assert.ok(await server.runner.waitFor(ADMIN_MODELS, head, 10_000));
    const live = await snapshotReadModels(server.readStore);
    const rebuilt = await readModelsRebuiltFromZero(server.eventStore);
    for (const model of ADMIN_MODELS) {
      assert.ok((live[model] ?? []).length > 0, `${model} has documents`);
      assert.deepEqual(rebuilt[model], live[model], model);
    }
  });
});
