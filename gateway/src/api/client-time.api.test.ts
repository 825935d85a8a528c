import assert from 'node:assert/strict';
import { bodyWeightStream, CLIENT_TIME_HEADER, type WorkoutDocument, workoutStream } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** Monday 2026-11-30, 00:10 in New York (UTC-05:00): the server's moment when the writes arrive. */
const SERVER_START = Date.parse('2026-11-30T05:10:00Z');
const NEW_YORK = -5 * 60;
const MINUTE = 60_000;

/** A moment as a client in the given offset (minutes east of UTC) writes it: RFC 3339 with that offset. */
function written(ms: number, offsetMinutes: number) {
  const local = new Date(ms + offsetMinutes * MINUTE).toISOString().slice(0, 19);
  const size = Math.abs(offsetMinutes);
  const hours = String(Math.floor(size / 60)).padStart(2, '0');
  const minutes = String(size % 60).padStart(2, '0');
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${hours}:${minutes}`;
}

/** The moment as the server records it from `written`: UTC, to the second written. */
const recorded = (ms: number) => new Date(ms - (ms % 1000)).toISOString();

/**
 * Issue 36, "time is the user's": a write that waited offline carries the moment the user acted
 * (X-Client-Time) and keeps it: a set's logged time, a workout's end and length, water's and a
 * meal entry's time, and the day it counts for, in records and streaks too. A time no clock
 * could honestly give is refused naming the header; without one, the server's time stands.
 */
describe('the client time of an action (X-Client-Time)', () => {
  let server: TestServer;
  // The server's clock runs from SERVER_START, so the day boundaries below are the test's.
  let offset = SERVER_START - Date.now();
  const serverNow = () => Date.now() + offset;

  beforeAll(async () => {
    server = await startTestServer({}, { clock: () => new Date(serverNow()) });
    await server.register('Admin');
  });
  afterAll(async () => {
    await server.close();
  });

  /** A user who writes as a client would, sending X-Client-Time when given one, reading their own writes. */
  async function user(name: string) {
    const { token, user, email, password } = await server.register(name);
    let position = '0';
    const send = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await server.api(method, url, { token, body, headers });
      if (response.status < 300) position = response.headers.get('x-event-position') ?? position;
      return response;
    };
    const call = async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await send(method, url, body, headers);
      assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body;
    };
    const at = (time: string) => ({ [CLIENT_TIME_HEADER]: time });
    const read = async (url: string) => {
      const response = await server.api('GET', url, { token, headers: { 'x-min-position': position } });
      assert.equal(response.status, 200, `${url}: ${JSON.stringify(response.body)}`);
      return response.body;
    };
    const squat = (await read('/exercises?search=back%20squat&per_page=1')).data[0];
    return { token, email, password, id: user.id as string, send, call, at, read, squat };
  }

  it('keeps the moment a set was logged an hour before it was sent, and the event says when it arrived', async () => {
    const { call, at, read, squat } = await user('Hour late');
    const startedAt = written(serverNow() - 70 * MINUTE, 120);
    const workout = await call('POST', '/workouts', { name: 'Basement' }, at(startedAt));
    const exercise = await call(
      'POST',
      `/workouts/${workout.id}/exercises`,
      { exercise_id: squat.id, name: 'Squat' },
      at(startedAt),
    );
    const loggedAt = serverNow() - 60 * MINUTE;
    const sentAt = serverNow();
    const set = await call(
      'POST',
      `/workouts/${workout.id}/exercises/${exercise.id}/sets`,
      { reps: 5, weight: 100 },
      at(written(loggedAt, 120)),
    );
    assert.equal(set.created_at, recorded(loggedAt));

    const stored: WorkoutDocument = await read(`/workouts/${workout.id}`);
    assert.equal(stored.exercises[0]?.sets[0]?.created_at, set.created_at);

    // The metadata's timestamp is still when the server took the command: the log's own time.
    const events = await server.eventStore.readStream(workoutStream(workout.id));
    const logged = events.find((event) => event.type === 'SetLogged');
    assert.ok(logged);
    assert.equal((logged.data as { loggedAt: string }).loggedAt, set.created_at);
    assert.ok(Date.parse(logged.metadata.timestamp) >= sentAt, `${logged.metadata.timestamp} is when it arrived`);
  });

  it('counts a workout done late on Sunday in New York and sent after midnight for Sunday: its day, records and streak', async () => {
    const { call, at, read, squat } = await user('Night owl');
    // Sunday 23:40 to 23:58 in New York, offline; everything reaches the server after midnight.
    const sunday = (hour: number, minute: number) =>
      written(Date.parse('2026-11-29T00:00:00-05:00') + (hour * 60 + minute) * MINUTE, NEW_YORK);
    const workout = await call('POST', '/workouts', { name: 'Late one' }, at(sunday(23, 40)));
    assert.equal(workout.date, '2026-11-29');
    assert.equal(workout.started_at, '2026-11-30T04:40:00.000Z');
    const exercise = await call(
      'POST',
      `/workouts/${workout.id}/exercises`,
      { exercise_id: squat.id, name: 'Squat' },
      at(sunday(23, 42)),
    );
    await call(
      'POST',
      `/workouts/${workout.id}/exercises/${exercise.id}/sets`,
      { reps: 5, weight: 140 },
      at(sunday(23, 50)),
    );
    await call('PATCH', `/workouts/${workout.id}`, { status: 'completed' }, at(sunday(23, 58)));

    const stored: WorkoutDocument = await read(`/workouts/${workout.id}`);
    assert.equal(stored.date, '2026-11-29');
    assert.equal(stored.completed_at, '2026-11-30T04:58:00.000Z');
    assert.equal(stored.duration, 18, 'ended offline, it keeps its length');
    assert.equal(stored.exercises[0]?.sets[0]?.created_at, '2026-11-30T04:50:00.000Z');

    const [squatRecords] = (await read('/metrics/prs')).data;
    assert.equal(squatRecords.records.heaviest_weight.date, '2026-11-29');
    const days = Object.values(squatRecords.records).map((best) => (best as { date: string }).date);
    assert.deepEqual(new Set(days), new Set(['2026-11-29']), "every record of the set is Sunday's");
    const monday = await read(`/metrics/achievements?date=2026-11-30&weekly_goal=1`);
    const first = monday.achievements.find((a: { id: string }) => a.id === 'first_workout');
    assert.deepEqual([first.unlocked, first.unlocked_at], [true, '2026-11-29']);
    // Sunday closes the week that began on the 23rd: that week reached the goal, this one has none yet.
    assert.deepEqual(monday.streak, { current: 1, best: 1, weekly_goal: 1, this_week: 0 });
  });

  it("starts a template's workout on the client's own day and moment", async () => {
    const { call, at, read } = await user('Template at night');
    const [template] = (await read('/templates?category=strength')).data;
    const sundayNight = written(Date.parse('2026-11-29T23:30:00-05:00'), NEW_YORK);
    const workout = await call('POST', `/templates/${template.id}/start`, {}, at(sundayNight));
    assert.deepEqual([workout.date, workout.started_at], ['2026-11-29', '2026-11-30T04:30:00.000Z']);
    const added = workout.exercises.map((e: { created_at: string }) => e.created_at);
    assert.ok(added.length > 0 && added.every((time: string) => time === workout.started_at), JSON.stringify(added));
  });

  it('keeps the day and time of the server without the header, as before', async () => {
    const { call, read, squat } = await user('Online');
    const before = serverNow();
    const workout = await call('POST', '/workouts', { name: 'Online' });
    assert.equal(workout.date, '2026-11-30', "the server's UTC day");
    const exercise = await call('POST', `/workouts/${workout.id}/exercises`, { exercise_id: squat.id, name: 'Squat' });
    const set = await call('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, { reps: 5, weight: 100 });
    const after = serverNow();
    for (const time of [workout.started_at, set.created_at]) {
      assert.ok(Date.parse(time) >= before && Date.parse(time) <= after, `${time} is the server's`);
    }
    const stored: WorkoutDocument = await read(`/workouts/${workout.id}`);
    assert.equal(stored.exercises[0]?.sets[0]?.created_at, set.created_at);
  });

  it('refuses a time from the future, one too old, one before the workout started or not a time, naming the header', async () => {
    const { call, send, at, read, squat } = await user('Wrong clock');
    const workout = await call('POST', '/workouts', { name: 'Clock' });
    const exercise = await call('POST', `/workouts/${workout.id}/exercises`, { exercise_id: squat.id, name: 'Squat' });
    const sets = `/workouts/${workout.id}/exercises/${exercise.id}/sets`;
    const refusals = {
      [written(serverNow() + 10 * MINUTE, 60)]:
        "The X-Client-Time header is more than 5 minutes ahead of the server's clock.",
      [written(serverNow() - 8 * 24 * 60 * MINUTE, 60)]: 'The X-Client-Time header is more than 7 days in the past.',
      [written(serverNow() - 60 * MINUTE, 0)]: "The X-Client-Time header is earlier than the workout's start.",
      '2026-11-30T05:00:00':
        'The X-Client-Time header must be one RFC 3339 time with an offset, like 2026-11-26T23:50:00+01:00.',
    };
    for (const [time, message] of Object.entries(refusals)) {
      const refused = await send('POST', sets, { reps: 5, weight: 100 }, at(time));
      assert.equal(refused.status, 422, `${time}: ${JSON.stringify(refused.body)}`);
      assert.deepEqual(refused.body, { message, errors: { [CLIENT_TIME_HEADER]: [message] } });
    }
    // The same bounds guard every write that takes the client's time: water, here.
    const water = await send('POST', '/water/2026-11-30', { ml: 250 }, at(written(serverNow() + 10 * MINUTE, 0)));
    assert.equal(water.status, 422);
    assert.deepEqual(Object.keys(water.body.errors), [CLIENT_TIME_HEADER]);

    const stored: WorkoutDocument = await read(`/workouts/${workout.id}`);
    assert.equal(stored.exercises[0]?.sets.length, 0, 'nothing refused was kept');
    assert.deepEqual((await read('/water/2026-11-30')).entries, []);
  });

  it('lands a retry with the same Idempotency-Key once, whatever time it carries', async () => {
    const { call, at, read, squat } = await user('Flaky');
    const workout = await call('POST', '/workouts', { name: 'Retry' });
    const exercise = await call('POST', `/workouts/${workout.id}/exercises`, { exercise_id: squat.id, name: 'Squat' });
    const sets = `/workouts/${workout.id}/exercises/${exercise.id}/sets`;
    const loggedAt = written(serverNow() - 2 * MINUTE, 60);
    const key = { 'idempotency-key': 'offline-set-1' };
    const first = await call('POST', sets, { reps: 5, weight: 100 }, { ...key, ...at(loggedAt) });
    const again = await call('POST', sets, { reps: 5, weight: 100 }, { ...key, ...at(loggedAt) });
    // A client that stamped its retry anew is still sending the same command.
    const restamped = await call('POST', sets, { reps: 5, weight: 100 }, { ...key, ...at(written(serverNow(), 60)) });
    assert.deepEqual(again, first);
    assert.deepEqual(restamped, first);
    const stored: WorkoutDocument = await read(`/workouts/${workout.id}`);
    assert.deepEqual(stored.exercises[0]?.sets, [first]);
  });

  it('answers a retry sent more than 7 days after the write landed with the first answer, and refuses a new write that old', async () => {
    const { email, password, call, at, squat } = await user('Long lost answer');
    const workout = await call('POST', '/workouts', { name: 'Week away' });
    const exercise = await call('POST', `/workouts/${workout.id}/exercises`, { exercise_id: squat.id, name: 'Squat' });
    const sets = `/workouts/${workout.id}/exercises/${exercise.id}/sets`;
    const loggedAt = written(serverNow(), 60);
    const key = { 'idempotency-key': 'answer-lost-for-a-week' };
    const first = await call('POST', sets, { reps: 5, weight: 100 }, { ...key, ...at(loggedAt) });
    const eightDays = 8 * 24 * 60 * MINUTE;
    offset += eightDays;
    try {
      // The answer was lost; eight days on, the session has lapsed: the user signs in again and
      // the outbox sends the set once more, with the time it was logged.
      const login = await server.api('POST', '/auth/login', { body: { email, password } });
      assert.equal(login.status, 200, JSON.stringify(login.body));
      const send = (body: unknown, headers: Record<string, string>) =>
        server.api('POST', sets, { token: login.body.token, body, headers });
      const again = await send({ reps: 5, weight: 100 }, { ...key, ...at(loggedAt) });
      assert.ok(again.status < 300, JSON.stringify(again.body));
      assert.deepEqual(again.body, first);
      const fresh = await send({ reps: 6, weight: 100 }, { 'idempotency-key': 'a new set', ...at(loggedAt) });
      assert.equal(fresh.status, 422);
      assert.deepEqual(Object.keys(fresh.body.errors), [CLIENT_TIME_HEADER]);
      const stored = await server.api('GET', `/workouts/${workout.id}`, {
        token: login.body.token,
        headers: { 'x-min-position': again.headers.get('x-event-position') ?? '0' },
      });
      assert.deepEqual((stored.body as WorkoutDocument).exercises[0]?.sets, [first], 'the set once, as first logged');
    } finally {
      offset -= eightDays;
    }
  });

  it('keeps the time of water, a meal entry and a weigh-in as the client sent it', async () => {
    const { id, call, at, read } = await user('Kitchen');
    const drankAt = serverNow() - 3 * 60 * MINUTE;
    const water = await call('POST', '/water/2026-11-29', { ml: 300 }, at(written(drankAt, NEW_YORK)));
    assert.deepEqual((await read('/water/2026-11-29')).entries, [
      { id: water.id, ml: 300, logged_at: recorded(drankAt) },
    ]);

    const ateAt = serverNow() - 40 * MINUTE;
    const meal = await call(
      'POST',
      '/meals',
      { date: '2026-11-29', type: 'snacks' },
      at(written(ateAt - MINUTE, NEW_YORK)),
    );
    const entry = await call(
      'POST',
      `/meals/${meal.id}/entries`,
      { name: 'Banana', calories: 105 },
      at(written(ateAt, NEW_YORK)),
    );
    const storedMeal = await read(`/meals/${meal.id}`);
    assert.equal(storedMeal.created_at, recorded(ateAt - MINUTE));
    assert.equal(storedMeal.entries.find((e: { id: string }) => e.id === entry.id)?.created_at, recorded(ateAt));

    const weighedAt = serverNow() - 9 * 60 * MINUTE;
    await call('PUT', '/body-weight/2026-11-29', { weight: 80 }, at(written(weighedAt, NEW_YORK)));
    const [weighIn] = await server.eventStore.readStream(bodyWeightStream(id, '2026-11-29'));
    assert.ok(weighIn);
    assert.equal((weighIn.data as { recordedAt: string }).recordedAt, recorded(weighedAt));
  });

  it("keeps the day's newer weigh-in when one made earlier offline arrives after it", async () => {
    const { id, call, at, read } = await user('Two scales');
    const date = '2026-11-29';
    // 07:00 in New York, the phone without a signal; 09:00, the laptop; the phone sends at noon.
    const phoneAt = Date.parse('2026-11-29T12:00:00Z');
    const laptopAt = Date.parse('2026-11-29T14:00:00Z');
    const laptop = await call('PUT', `/body-weight/${date}`, { weight: 79.5 }, at(written(laptopAt, NEW_YORK)));
    assert.deepEqual(laptop, { date, weight: 79.5 });
    const phone = await call('PUT', `/body-weight/${date}`, { weight: 80 }, at(written(phoneAt, NEW_YORK)));
    assert.deepEqual(phone, { date, weight: 79.5 }, "the answer is the day's weigh-in that stands");
    assert.deepEqual((await read(`/body-weight?from=${date}&to=${date}`)).data, [{ date, weight: 79.5 }]);
    const me = await read('/me');
    assert.deepEqual([me.profile.weight, me.profile.weighed_on], [79.5, date], "the profile's weight too");
    const fromProfile = await call('PATCH', '/me', { weight: 81, weighed_on: date }, at(written(phoneAt, NEW_YORK)));
    assert.deepEqual([fromProfile.profile.weight, fromProfile.profile.weighed_on], [79.5, date], 'through the profile');
    const events = await server.eventStore.readStream(bodyWeightStream(id, date));
    assert.deepEqual(
      events.map((event) => (event.data as { weight: number }).weight),
      [79.5],
      'the late one decided nothing',
    );

    // One made later still, even sent without a time (the server's, after both), stands over it.
    await call('PUT', `/body-weight/${date}`, { weight: 79.8 });
    assert.deepEqual((await read(`/body-weight?from=${date}&to=${date}`)).data, [{ date, weight: 79.8 }]);
  });

  it('is described in the OpenAPI document beside Idempotency-Key, with its bounds', async () => {
    const { description } = (await server.api('GET', '/openapi.json')).body.info;
    for (const told of ['Idempotency-Key', CLIENT_TIME_HEADER, '5 minutes ahead', '7 days old', 'RFC 3339']) {
      assert.ok(description.includes(told), told);
    }
  });
});
