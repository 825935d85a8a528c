import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ownWrites } from '../testing/api-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('metrics API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers a day's metrics from meals, water, workouts and steps — and only the caller's", async () => {
    const { token } = await server.register('Metric');
    await server.api('PATCH', '/me', { token, body: { weight: 80 } });
    const date = '2026-11-21';
    const meal = (await server.api('POST', '/meals', { token, body: { date, type: 'lunch' } })).body;
    await server.api('POST', `/meals/${meal.id}/entries`, {
      token,
      body: { name: 'Sandwich', calories: 600, protein: 30, carbs: 60, fat: 20 },
    });
    await server.api('POST', `/water/${date}`, { token, body: { ml: 500 } });
    const [squat] = (await server.api('GET', '/exercises?search=back%20squat&per_page=1', { token })).body.data;
    const workout = (await server.api('POST', '/workouts', { token, body: { name: 'Legs', date } })).body;
    const exercise = (
      await server.api('POST', `/workouts/${workout.id}/exercises`, {
        token,
        body: { exercise_id: squat.id, name: squat.name },
      })
    ).body;
    await server.api('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, {
      token,
      body: { reps: 5, weight: 100 },
    });
    await server.api('PATCH', `/workouts/${workout.id}`, { token, body: { status: 'completed', duration: 60 } });
    const steps = await server.api('PUT', `/steps/${date}`, { token, body: { count: 9000 } });
    assert.equal(steps.status, 200);

    const position = steps.headers.get('x-event-position') ?? '0';
    const today = await server.api('GET', `/metrics/today?date=${date}`, {
      token,
      headers: { 'x-min-position': position },
    });
    assert.equal(today.status, 200, JSON.stringify(today.body));
    assert.deepEqual(
      {
        calories: today.body.calories,
        workouts: today.body.workouts,
        water: today.body.water.consumed,
        steps: today.body.steps,
      },
      {
        calories: {
          consumed: 600,
          burned: 400,
          target: today.body.calories.target,
          remaining: today.body.calories.target + 400 - 600,
        },
        workouts: { completed: 1, duration: 60 },
        water: 500,
        steps: { count: 9000, target: 10000 },
      },
    );
    assert.equal(today.body.macros.protein.consumed, 30);

    const week = await server.api('GET', `/metrics/weekly?date=${date}&start_of_week=sunday`, { token });
    assert.equal(week.body.from, '2026-11-15');
    assert.equal(week.body.days.length, 7);
    assert.equal(week.body.totals.calories_consumed, 600);
    assert.equal(week.body.totals.steps, 9000);
    const month = await server.api('GET', `/metrics/monthly?date=${date}`, { token });
    assert.equal(month.body.days.length, 30);

    const stranger = (await server.register('Stranger')).token;
    const theirs = await server.api('GET', `/metrics/today?date=${date}`, { token: stranger });
    assert.deepEqual(
      [theirs.body.calories.consumed, theirs.body.steps.count, theirs.body.workouts.completed],
      [0, 0, 0],
    );
    assert.equal((await server.api('PUT', `/steps/${date}`, { token, body: { count: -1 } })).status, 422);
    assert.equal((await server.api('GET', '/metrics/today?date=yesterday', { token })).status, 422);
  });

  it('keeps one weigh-in per day, the latest standing, listed oldest first — and only the caller’s', async () => {
    const { token } = await server.register('Weigher');
    const other = await server.register('Someone else');
    const put = (date: string, weight: unknown, as = token) =>
      server.api('PUT', `/body-weight/${date}`, { token: as, body: { weight } });
    assert.equal((await put('2026-11-02', 80.004)).body.weight, 80, 'kept to 0.01 kg');
    await put('2026-11-09', 79.5);
    await put('2026-11-09', 79.2); // weighed again that day: the latest stands
    await put('2026-10-26', 81);
    await put('2026-11-09', 90, other.token);

    const all = await server.api('GET', '/body-weight', { token });
    assert.deepEqual(all.body.data, [
      { date: '2026-10-26', weight: 81 },
      { date: '2026-11-02', weight: 80 },
      { date: '2026-11-09', weight: 79.2 },
    ]);
    const november = await server.api('GET', '/body-weight?from=2026-11-01&to=2026-11-05', { token });
    assert.deepEqual(november.body.data, [{ date: '2026-11-02', weight: 80 }]);

    for (const [date, weight] of [
      ['2026-11-31', 80],
      ['2026-11-10', 10],
      ['2026-11-10', '80'],
      ['2026-11-10', 501],
    ] as const) {
      const refused = await put(date, weight);
      assert.equal(refused.status, 422, `${date} ${weight}`);
    }
    assert.equal((await server.api('GET', '/body-weight?from=yesterday', { token })).status, 422);
    assert.equal((await server.api('PUT', '/body-weight/2026-11-10', { body: { weight: 80 } })).status, 401);
    assert.equal((await server.api('GET', '/body-weight', { token })).body.data.length, 3, 'nothing refused was kept');
  });

  it('keeps personal records with the best they beat, and forgets a deleted workout’s', async () => {
    const { token } = await server.register('Lifter');
    const lift = async (date: string, sets: { reps: number; weight: number; type?: string }[]) => {
      const workout = (await server.api('POST', '/workouts', { token, body: { name: `Bench ${date}`, date } })).body;
      const exercise = (
        await server.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Bench press' } })
      ).body;
      let position = '0';
      for (const set of sets) {
        const logged = await server.api('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, {
          token,
          body: set,
        });
        position = logged.headers.get('x-event-position') ?? position;
      }
      return { workout, position };
    };
    await lift('2026-11-01', [{ reps: 5, weight: 80 }]);
    const second = await lift('2026-11-08', [
      { reps: 3, weight: 90 },
      { reps: 1, weight: 120, type: 'warmup' },
    ]);
    const prs = await server.api('GET', '/metrics/prs', { token, headers: { 'x-min-position': second.position } });
    assert.equal(prs.status, 200, JSON.stringify(prs.body));
    const bench = prs.body.data.find((entry: { name: string }) => entry.name === 'Bench press');
    assert.equal(bench.records.heaviest_weight.value, 90, 'the warm-up single never counts');
    assert.deepEqual(bench.records.heaviest_weight.previous, { value: 80, date: '2026-11-01' });
    assert.equal(bench.records.best_e1rm.value, 99);
    const brzycki = await server.api('GET', '/metrics/prs?formula=brzycki', { token });
    assert.equal(brzycki.body.data[0].records.best_e1rm.value, 95.3);

    const deleted = await server.api('DELETE', `/workouts/${second.workout.id}`, { token });
    const after = await server.api('GET', '/metrics/prs', {
      token,
      headers: { 'x-min-position': deleted.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(after.body.data[0].records.heaviest_weight.value, 80);
    assert.equal(after.body.data[0].records.heaviest_weight.previous, null);
    const stranger = (await server.register('Nobody')).token;
    assert.deepEqual((await server.api('GET', '/metrics/prs', { token: stranger })).body.data, []);
  });

  it('reports achievements with progress, streaks and lifetime stats', async () => {
    const { token } = await server.register('Achiever');
    const finish = async (date: string) => {
      const workout = (await server.api('POST', '/workouts', { token, body: { name: 'Day', date } })).body;
      const done = await server.api('PATCH', `/workouts/${workout.id}`, {
        token,
        body: { status: 'completed', duration: 40 },
      });
      return { workout, position: done.headers.get('x-event-position') ?? '0' };
    };
    await finish('2026-11-20');
    const last = await finish('2026-11-21');
    const result = await server.api('GET', '/metrics/achievements?date=2026-11-21', {
      token,
      headers: { 'x-min-position': last.position },
    });
    assert.equal(result.status, 200, JSON.stringify(result.body));
    const first = result.body.achievements.find((a: { id: string }) => a.id === 'first_workout');
    assert.deepEqual([first.unlocked, first.unlocked_at], [true, '2026-11-20']);
    // Two workouts this week: short of the default goal of three, which the week under way does not break.
    assert.deepEqual(result.body.streak, { current: 0, best: 0, weekly_goal: 3, this_week: 2 });
    assert.deepEqual(result.body.stats, { workouts: 2, volume_kg: 0, minutes: 80, personal_records: 0 });
    assert.equal(result.body.achievements.length, 9);
  });

  it('adds up training and body weight week by week', async () => {
    const { token } = await server.register('Weekly');
    const { call, read } = ownWrites(server.api, token);
    const [squat] = (await call('GET', '/exercises?search=back%20squat&per_page=1')).data;
    const train = async (date: string, sets: { reps: number; weight: number; type?: string }[], complete = true) => {
      const workout = await call('POST', '/workouts', { name: 'Legs', date });
      const exercise = await call('POST', `/workouts/${workout.id}/exercises`, {
        exercise_id: squat.id,
        name: 'Squat',
      });
      for (const set of sets) await call('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, set);
      if (complete) await call('PATCH', `/workouts/${workout.id}`, { status: 'completed', duration: 40 });
    };
    await train('2026-03-03', [
      { reps: 5, weight: 100 },
      { reps: 10, weight: 40, type: 'warmup' },
    ]);
    await train('2026-03-05', [{ reps: 8, weight: 90 }]);
    await train('2026-03-18', [{ reps: 5, weight: 110 }]);
    await train('2026-03-19', [{ reps: 5, weight: 200 }], false); // in progress: not counted
    await call('PUT', '/body-weight/2026-03-02', { weight: 81 });
    await call('PUT', '/body-weight/2026-03-04', { weight: 80 });
    await call('PUT', '/body-weight/2026-03-17', { weight: 79.2 });

    const weeks = (query: string) => read(`/metrics/training-weeks?${query}`);
    const answer = await weeks('date=2026-03-19&weeks=3');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body.weeks, [
      { start: '2026-03-02', workouts: 2, minutes: 80, volume_kg: 1220, body_weight: 80.5 },
      { start: '2026-03-09', workouts: 0, minutes: 0, volume_kg: 0, body_weight: null },
      { start: '2026-03-16', workouts: 1, minutes: 40, volume_kg: 550, body_weight: 79.2 },
    ]);
    assert.equal((await weeks('date=2026-03-19')).body.weeks.length, 26);
    assert.equal((await weeks('date=2026-03-19&weeks=1&start_of_week=sunday')).body.weeks[0].start, '2026-03-15');
    for (const bad of ['weeks=0', 'weeks=105', 'date=2026-02-30', 'start_of_week=friday']) {
      assert.equal((await weeks(bad)).status, 422, bad);
    }
  });

  it("counts the streak in weeks reaching the user's weekly goal, from their settings or the query", async () => {
    const { token } = await server.register('Four a week');
    const { call, read } = ownWrites(server.api, token);
    // Mondays, Wednesdays, Fridays and Sundays of three weeks, and this week's Monday and Tuesday.
    const days = ['02', '04', '06', '08', '09', '11', '13', '15', '16', '18', '20', '22', '23', '24'];
    for (const day of days) {
      const workout = await call('POST', '/workouts', { name: 'Session', date: `2026-03-${day}` });
      await call('PATCH', `/workouts/${workout.id}`, { status: 'completed', duration: 45 });
    }
    const streak = async (query = '') => {
      const response = await read(`/metrics/achievements?date=2026-03-25${query}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.streak;
    };
    assert.deepEqual(await streak(), { current: 3, best: 3, weekly_goal: 3, this_week: 2 });
    assert.deepEqual(await streak('&weekly_goal=2'), { current: 4, best: 4, weekly_goal: 2, this_week: 2 });
    assert.deepEqual(await streak('&weekly_goal=5'), { current: 0, best: 0, weekly_goal: 5, this_week: 2 });
    await call('PATCH', '/me/settings', { weeklyWorkoutGoal: 2 });
    assert.deepEqual(await streak(), { current: 4, best: 4, weekly_goal: 2, this_week: 2 });
    // Weeks from Sunday: each Sunday's workout opens the next week, so the first holds three.
    assert.deepEqual(await streak('&start_of_week=sunday&weekly_goal=4'), {
      current: 2,
      best: 2,
      weekly_goal: 4,
      this_week: 3,
    });
    for (const bad of ['0', '15', '2.5', 'three']) {
      const response = await server.api('GET', `/metrics/achievements?weekly_goal=${bad}`, { token });
      assert.equal(response.status, 422, bad);
      assert.ok(response.body.errors.weekly_goal, JSON.stringify(response.body));
    }
  });
});
