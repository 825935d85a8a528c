import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServerWithUser, type TestServer } from '../testing/test-server.ts';

type Entry = {
  exercise_id: string | null;
  name: string;
  found: boolean;
  sets: number;
  reps: number | null;
  rest: number | null;
};
type Template = {
  id: string;
  name: string;
  category: string;
  difficulty: string;
  is_custom: boolean;
  exercises: Entry[];
};

describe('templates API', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await startTestServerWithUser());
  });
  afterAll(() => server.close());

  const templates = async (query = '', as = token, language = 'en') => {
    const response = await server.api('GET', `/templates${query}`, {
      token: as,
      headers: { 'accept-language': language },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data as Template[];
  };

  it('offers at least 12 system templates whose exercises are all in the library', async () => {
    const all = await templates();
    assert.ok(all.length >= 12, `${all.length} templates`);
    assert.ok(all.every((template) => !template.is_custom && template.exercises.length > 0));
    assert.ok(all.every((template) => template.exercises.every((entry) => entry.found)));
    assert.ok(new Set(all.map((template) => template.category)).size >= 3);
  });

  it('filters by category and difficulty, and answers in the reader’s language', async () => {
    const beginner = await templates('?difficulty=beginner');
    assert.ok(beginner.length > 0 && beginner.every((template) => template.difficulty === 'beginner'));
    const cardio = await templates('?category=cardio');
    assert.ok(cardio.length > 0 && cardio.every((template) => template.category === 'cardio'));
    const [english] = await templates('?difficulty=beginner');
    const [german] = await templates('?difficulty=beginner', token, 'de');
    assert.ok(english && german);
    assert.equal((await server.api('GET', '/templates?difficulty=godlike', { token })).status, 422);
  });

  it('starts an in-progress workout with the template’s exercises and planned sets', async () => {
    const [template] = await templates('?category=strength');
    assert.ok(template);
    const started = await server.api('POST', `/templates/${template.id}/start`, {
      token,
      body: { date: '2026-11-21' },
    });
    assert.equal(started.status, 201, JSON.stringify(started.body));
    assert.equal(started.body.status, 'in_progress');
    assert.equal(started.body.name, template.name);
    assert.deepEqual(
      started.body.exercises.map(
        (e: { name: string; exercise_id: string; plan: { sets: number; reps: number | null } }) => [
          e.exercise_id,
          e.name,
          e.plan.sets,
          e.plan.reps,
        ],
      ),
      template.exercises.map((entry) => [entry.exercise_id, entry.name, entry.sets, entry.reps]),
    );
    const read = await server.api('GET', `/workouts/${started.body.id}`, {
      token,
      headers: { 'x-min-position': started.headers.get('x-event-position') ?? '0' },
    });
    assert.deepEqual(read.body, started.body);
  });

  it('saves a workout as a personal template; a deleted exercise is flagged, and starting keeps it by name', async () => {
    const custom = (
      await server.api('POST', '/exercises', {
        token,
        body: { name: 'Kettlebell halo', category: 'strength', primary_muscle: 'shoulders', equipment: 'bodyweight' },
      })
    ).body;
    const workout = (await server.api('POST', '/workouts', { token, body: { name: 'Shoulder prehab' } })).body;
    const exercise = (
      await server.api('POST', `/workouts/${workout.id}/exercises`, {
        token,
        body: { exercise_id: custom.id, name: custom.name },
      })
    ).body;
    for (const reps of [12, 10]) {
      await server.api('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, {
        token,
        body: { reps, weight: 8, rest_time: 60 },
      });
    }
    const saved = await server.api('POST', `/workouts/${workout.id}/template`, { token, body: { name: 'My prehab' } });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    await server.api('DELETE', `/exercises/${custom.id}`, { token });

    const preview = await server.api('GET', `/templates/${saved.body.id}`, {
      token,
      headers: { 'x-min-position': '0' },
    });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.equal(preview.body.is_custom, true);
    assert.deepEqual(preview.body.exercises, [
      {
        exercise_id: custom.id,
        name: 'Kettlebell halo',
        found: false,
        sets: 2,
        reps: 10,
        duration: null,
        distance: null,
        rest: 60,
        weight: 8,
      },
    ]);
    const mine = await templates('?mine=true');
    assert.deepEqual(
      mine.map((template) => template.id),
      [saved.body.id],
    );

    const started = await server.api('POST', `/templates/${saved.body.id}/start`, { token, body: {} });
    assert.equal(started.status, 201, JSON.stringify(started.body));
    assert.deepEqual(
      started.body.exercises.map((e: { exercise_id: string | null; name: string }) => [e.exercise_id, e.name]),
      [[null, 'Kettlebell halo']],
    );
  });

  it('keeps the sets of a finished workout: working sets counted, their reps and weight planned and prefilled on start', async () => {
    const workout = (await server.api('POST', '/workouts', { token, body: { name: 'Heavy day' } })).body;
    const add = async (name: string) =>
      (await server.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name } })).body;
    const squat = await add('Box squat');
    const dips = await add('Ring dips');
    // An exercise with no set logged.
    await add('Sled push');
    const log = (exerciseId: string, body: object) =>
      server.api('POST', `/workouts/${workout.id}/exercises/${exerciseId}/sets`, { token, body });
    await log(squat.id, { reps: 10, weight: 40, type: 'warmup' });
    for (const reps of [5, 5, 4]) await log(squat.id, { reps, weight: 102.5, rest_time: 150 });
    for (const reps of [12, 10]) await log(dips.id, { reps });
    await server.api('PATCH', `/workouts/${workout.id}`, { token, body: { status: 'completed' } });

    const saved = await server.api('POST', `/workouts/${workout.id}/template`, { token, body: {} });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    const template = await server.api('GET', `/templates/${saved.body.id}`, {
      token,
      headers: { 'x-min-position': saved.headers.get('x-event-position') ?? '0' },
    });
    assert.deepEqual(
      template.body.exercises.map(({ name, sets, reps, weight, rest }: Entry & { weight: number | null }) => ({
        name,
        sets,
        reps,
        weight,
        rest,
      })),
      [
        { name: 'Box squat', sets: 3, reps: 4, weight: 102.5, rest: 150 },
        { name: 'Ring dips', sets: 2, reps: 10, weight: null, rest: null },
        { name: 'Sled push', sets: 1, reps: null, weight: null, rest: null },
      ],
    );

    const started = await server.api('POST', `/templates/${saved.body.id}/start`, { token, body: {} });
    assert.equal(started.status, 201, JSON.stringify(started.body));
    assert.deepEqual(
      started.body.exercises.map((e: { plan: { sets: number; reps: number | null; weight?: number | null } }) => [
        e.plan.sets,
        e.plan.reps,
        e.plan.weight,
      ]),
      [
        [3, 4, 102.5],
        [2, 10, null],
        [1, null, null],
      ],
    );
  });

  it('answers a start retried after its template was deleted with the workout its first attempt started', async () => {
    const workout = (await server.api('POST', '/workouts', { token, body: { name: 'Short lived' } })).body;
    const saved = await server.api('POST', `/workouts/${workout.id}/template`, { token, body: { name: 'Gone soon' } });
    assert.equal(saved.status, 201, JSON.stringify(saved.body));
    await server.api('PATCH', `/workouts/${workout.id}`, { token, body: { status: 'completed' } });
    const key = { 'idempotency-key': 'start-gone-soon' };
    const start = () => server.api('POST', `/templates/${saved.body.id}/start`, { token, body: {}, headers: key });
    const first = await start();
    assert.equal(first.status, 201, JSON.stringify(first.body));
    assert.equal((await server.api('DELETE', `/templates/${saved.body.id}`, { token })).status, 200);

    // Its answer was lost; the outbox sends the start again.
    const again = await start();
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.deepEqual(again.body, first.body);
    const fresh = await server.api('POST', `/templates/${saved.body.id}/start`, {
      token,
      body: {},
      headers: { 'idempotency-key': 'a new start' },
    });
    assert.equal(fresh.status, 404, 'a new start of the deleted template is refused');
  });

  it("keeps a user's templates to themselves", async () => {
    const workout = (await server.api('POST', '/workouts', { token, body: { name: 'Private' } })).body;
    const saved = (await server.api('POST', `/workouts/${workout.id}/template`, { token, body: {} })).body;
    const stranger = (await server.register('Stranger')).token;
    assert.equal((await server.api('GET', `/templates/${saved.id}`, { token: stranger })).status, 404);
    assert.equal((await server.api('POST', `/templates/${saved.id}/start`, { token: stranger, body: {} })).status, 404);
    assert.equal((await server.api('DELETE', `/templates/${saved.id}`, { token: stranger })).status, 404);
    assert.equal(
      (await server.api('POST', `/workouts/${workout.id}/template`, { token: stranger, body: {} })).status,
      404,
    );
    assert.equal((await server.api('DELETE', `/templates/${saved.id}`, { token })).status, 200);
    assert.equal(
      (await server.api('GET', `/templates/${saved.id}`, { token, headers: { 'x-min-position': '999999' } })).status,
      404,
    );
  });
});
