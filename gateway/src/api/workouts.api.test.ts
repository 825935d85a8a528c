import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  MAX_EXERCISES_PER_WORKOUT,
  MAX_SETS_PER_EXERCISE,
  summariseWorkout,
  TOO_MANY_EXERCISES_MESSAGE,
  TOO_MANY_SETS_MESSAGE,
} from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { ApiResponse } from '../testing/api-client.ts';
import { startTestServerWithUser, type TestServer } from '../testing/test-server.ts';

describe('workouts API', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await startTestServerWithUser());
  });
  afterAll(() => server.close());

  const start = async (body: object = { name: 'Push day' }, as = token) => {
    const response = await server.api('POST', '/workouts', { token: as, body });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response;
  };
  const addExercise = async (workoutId: string, name = 'Bench press') => {
    const response = await server.api('POST', `/workouts/${workoutId}/exercises`, { token, body: { name } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  };

  it("reads a user's own writes at once without X-Min-Position (a script's POST, then its GET)", async () => {
    for (let round = 0; round < 20; round++) {
      const created = await start({ name: `Round ${round}` });
      const read = await server.api('GET', `/workouts/${created.body.id}`, { token });
      assert.equal(read.status, 200, `round ${round}`);
      assert.equal(read.headers.get('x-read-consistent'), null);
      const exercise = await addExercise(created.body.id);
      await server.api('POST', `/workouts/${created.body.id}/exercises/${exercise.id}/sets`, {
        token,
        body: { reps: 5, weight: 60 },
      });
      const after = await server.api('GET', `/workouts/${created.body.id}`, { token });
      assert.equal(after.body.exercises[0].sets.length, 1, `round ${round}`);
    }
  });

  it('starts a workout in progress, and reads it back at once with X-Min-Position', async () => {
    const created = await start({ name: ' Push day ', notes: 'felt strong', date: '2026-11-20' });
    assert.deepEqual(
      { ...created.body, id: undefined, started_at: undefined, created_at: undefined, updated_at: undefined },
      {
        id: undefined,
        name: 'Push day',
        date: '2026-11-20',
        duration: null,
        status: 'in_progress',
        notes: 'felt strong',
        exercises: [],
        started_at: undefined,
        completed_at: null,
        created_at: undefined,
        updated_at: undefined,
      },
    );
    const position = created.headers.get('x-event-position');
    assert.match(position ?? '', /^\d+$/);
    const read = await server.api('GET', `/workouts/${created.body.id}`, {
      token,
      headers: { 'x-min-position': position ?? '' },
    });
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, created.body);
  });

  it('logs exercises and sets, edits and removes them', async () => {
    const workout = (await start()).body;
    const exercise = await addExercise(workout.id);
    assert.deepEqual(exercise.sets, []);
    const base = `/workouts/${workout.id}/exercises/${exercise.id}`;

    const set = await server.api('POST', `${base}/sets`, { token, body: { reps: 8, weight: 60, rest_time: 90 } });
    assert.equal(set.status, 201);
    assert.equal(set.body.type, 'working');
    assert.equal(set.body.rpe, null, 'a set is not rated unless asked');
    const bodyweight = await server.api('POST', `${base}/sets`, {
      token,
      body: { reps: 12, weight: '', type: 'warmup' },
    });
    assert.equal(bodyweight.status, 201);
    assert.equal(bodyweight.body.weight, null, 'empty weight means bodyweight');
    for (const type of ['drop', 'failure']) {
      const typed = await server.api('POST', `${base}/sets`, { token, body: { reps: 6, weight: 40, type } });
      assert.equal(typed.status, 201, JSON.stringify(typed.body));
      assert.equal(typed.body.type, type);
      await server.api('DELETE', `${base}/sets/${typed.body.id}`, { token });
    }

    const edited = await server.api('PATCH', `${base}/sets/${set.body.id}`, {
      token,
      body: { reps: 10, notes: 'paused', rpe: 8.5 },
    });
    assert.equal(edited.status, 200);
    assert.equal(edited.body.reps, 10);
    assert.equal(edited.body.weight, 60);
    assert.equal(edited.body.rpe, 8.5);

    const removed = await server.api('DELETE', `${base}/sets/${bodyweight.body.id}`, { token });
    assert.equal(removed.status, 200);
    const renamed = await server.api('PATCH', base, { token, body: { name: 'Incline bench' } });
    assert.equal(renamed.body.name, 'Incline bench');

    const read = await server.api('GET', `/workouts/${workout.id}`, {
      token,
      headers: { 'x-min-position': renamed.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(read.body.exercises[0].name, 'Incline bench');
    assert.deepEqual(
      read.body.exercises[0].sets.map((s: { reps: number; notes: string; rpe: number }) => [s.reps, s.notes, s.rpe]),
      [[10, 'paused', 8.5]],
    );

    const gone = await server.api('DELETE', base, { token });
    assert.equal(gone.status, 200);
    assert.equal((await server.api('POST', `${base}/sets`, { token, body: { reps: 1 } })).status, 404);
  });

  it('moves exercises and groups them in supersets, and answers a bad move or group with 422', async () => {
    const workout = (await start()).body;
    const bench = await addExercise(workout.id, 'Bench');
    const row = await addExercise(workout.id, 'Row');
    const squat = await addExercise(workout.id, 'Squat');
    const patch = (exercise: { id: string }, body: object) =>
      server.api('PATCH', `/workouts/${workout.id}/exercises/${exercise.id}`, { token, body });

    const moved = await patch(squat, { position: 0 });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    for (const exercise of [bench, row]) assert.equal((await patch(exercise, { superset: 'pair-1' })).status, 200);
    const grouped = await patch(squat, { superset: 'solo' });
    assert.equal(grouped.body.superset, 'solo');
    const out = await patch(squat, { superset: null });
    const read = await server.api('GET', `/workouts/${workout.id}`, {
      token,
      headers: { 'x-min-position': out.headers.get('x-event-position') ?? '0' },
    });
    assert.deepEqual(
      read.body.exercises.map(({ name, superset }: { name: string; superset?: string | null }) => [name, superset]),
      [
        ['Squat', null],
        ['Bench', 'pair-1'],
        ['Row', 'pair-1'],
      ],
    );

    const refusals: [object, string][] = [
      [{ position: 3 }, 'position'],
      [{ position: -1 }, 'position'],
      [{ position: 1.5 }, 'position'],
      [{ position: '1' }, 'position'],
      [{ superset: '' }, 'superset'],
      [{ superset: 'no spaces' }, 'superset'],
      [{ superset: 'x'.repeat(65) }, 'superset'],
      [{ superset: 7 }, 'superset'],
    ];
    for (const [body, field] of refusals) {
      const response = await patch(bench, body);
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.ok(response.body.errors[field]?.[0], `${JSON.stringify(body)}: ${JSON.stringify(response.body)}`);
    }
    assert.deepEqual((await patch(bench, { position: 3 })).body.errors.position, [
      'The position must be from 0 to 2: the workout has 3 exercises.',
    ]);
    const after = await server.api('GET', `/workouts/${workout.id}`, { token });
    assert.deepEqual(after.body.exercises, read.body.exercises, 'nothing changed by the refusals');
  });

  it('answers bad set input with 422 and the spec message, and stores nothing', async () => {
    const workout = (await start()).body;
    const exercise = await addExercise(workout.id);
    const url = `/workouts/${workout.id}/exercises/${exercise.id}/sets`;
    for (const body of [{ reps: 0 }, { reps: -3 }, { reps: 'ten' }, { reps: 2.5 }, {}, { reps: null }]) {
      const response = await server.api('POST', url, { token, body });
      assert.equal(response.status, 422, JSON.stringify(body));
      assert.deepEqual(
        response.body.errors.reps,
        ['Please enter a valid number of reps (greater than 0)'],
        JSON.stringify(body),
      );
    }
    for (const body of [
      { reps: 5, weight: -1 },
      { reps: 5, weight: 'heavy' },
      { reps: 5, type: 'dropset' },
      { reps: 5, rest_time: 1.5 },
    ]) {
      assert.equal((await server.api('POST', url, { token, body })).status, 422, JSON.stringify(body));
    }
    for (const rpe of [0.5, 8.3, 10.5, '8', Number.MAX_VALUE]) {
      const response = await server.api('POST', url, { token, body: { reps: 5, rpe } });
      assert.equal(response.status, 422, JSON.stringify(rpe));
      assert.deepEqual(response.body.errors.rpe, [
        'The RPE must be a number from 1 to 10 in steps of 0.5, or null for none.',
      ]);
    }
    assert.equal((await server.api('POST', url, { token, body: '{"reps": 5,' })).status, 422);
    assert.equal((await server.api('POST', url, { token, body: [1, 2] })).status, 422);
    const after = await server.api('GET', `/workouts/${workout.id}`, { token });
    assert.deepEqual(after.body.exercises[0].sets, []);
  });

  it('refuses names with control characters, line breaks or broken unicode with 422, and takes any other text', async () => {
    const before = (await server.api('GET', '/workouts', { token })).body.meta.total;
    for (const name of [
      'Push\u0000day',
      'Push\nday',
      'Push\rday',
      'Push\tday',
      'Push\u0085day',
      'Push \uD83D day',
      '\uDE00',
    ]) {
      const response = await server.api('POST', '/workouts', { token, body: { name } });
      assert.equal(response.status, 422, JSON.stringify(name));
      assert.deepEqual(
        response.body.errors.name,
        ['The workout name must be 1 to 120 characters on one line, without control characters.'],
        JSON.stringify(name),
      );
    }
    const workout = (await start({ name: 'Beintag 💪 – Überkopf, 脚' })).body;
    assert.equal(workout.name, 'Beintag 💪 – Überkopf, 脚');
    const exercise = await server.api('POST', `/workouts/${workout.id}/exercises`, {
      token,
      body: { name: 'Squat\u0000' },
    });
    assert.equal(exercise.status, 422);
    assert.ok(exercise.body.errors.name);
    const food = await server.api('POST', '/foods', {
      token,
      body: { name: 'Oats\nDROP', category: 'carbs', per_100g: { kcal: 370, protein: 13, carbs: 60, fat: 7 } },
    });
    assert.equal(food.status, 422, JSON.stringify(food.body));
    assert.ok(food.body.errors.name);
    assert.equal((await server.api('GET', '/workouts', { token })).body.meta.total, before + 1);
  });

  it('ends a workout with its duration and then accepts nothing new', async () => {
    const workout = (await start()).body;
    const exercise = await addExercise(workout.id);
    const ended = await server.api('PATCH', `/workouts/${workout.id}`, { token, body: { status: 'completed' } });
    assert.equal(ended.status, 200);
    assert.equal(ended.body.status, 'completed');
    assert.equal(typeof ended.body.duration, 'number');
    assert.ok(ended.body.completed_at);

    const addSet = await server.api('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, {
      token,
      body: { reps: 5 },
    });
    assert.equal(addSet.status, 409);
    assert.equal(addSet.body.message, 'This workout is completed: nothing more can be added to it.');
    assert.equal(
      (await server.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Row' } })).status,
      409,
    );
    const resume = await server.api('PATCH', `/workouts/${workout.id}`, { token, body: { status: 'in_progress' } });
    assert.equal(resume.status, 409);
  });

  it("takes an exercise id only from the user's library: a system exercise or their own", async () => {
    const workout = (await start()).body;
    const add = (exercise_id: string) =>
      server.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Press', exercise_id } });
    const [system] = (await server.api('GET', '/exercises?per_page=1', { token })).body.data;
    assert.equal((await add(system.id)).status, 201);

    const other = await server.register('Other');
    const theirs = await server.api('POST', '/exercises', {
      token: other.token,
      body: { name: `Secret move ${Date.now()}`, category: 'strength', primary_muscle: 'chest', equipment: 'barbell' },
    });
    assert.equal(theirs.status, 201, JSON.stringify(theirs.body));
    const mine = await server.api('POST', '/exercises', {
      token,
      body: { name: `My move ${Date.now()}`, category: 'strength', primary_muscle: 'chest', equipment: 'barbell' },
    });
    assert.equal((await add(mine.body.id)).status, 201);

    for (const id of [theirs.body.id, '00000000-0000-4000-8000-000000000000', 'made-up']) {
      const refused = await add(id);
      assert.equal(refused.status, 422, id);
      assert.deepEqual(refused.body.errors, { exercise_id: ['No exercise in your library has this id.'] });
    }
    const read = await server.api('GET', `/workouts/${workout.id}`, { token });
    assert.equal(read.body.exercises.length, 2, 'only the two from the library');
  });

  it("treats another user's workout, a deleted one and a nonsense id as not found", async () => {
    const workout = (await start()).body;
    const stranger = (await server.register('Stranger')).token;
    assert.equal((await server.api('GET', `/workouts/${workout.id}`, { token: stranger })).status, 404);
    assert.equal(
      (await server.api('PATCH', `/workouts/${workout.id}`, { token: stranger, body: { name: 'Mine' } })).status,
      404,
    );
    assert.equal((await server.api('DELETE', `/workouts/${workout.id}`, { token: stranger })).status, 404);
    assert.equal((await server.api('GET', '/workouts/not-a-uuid', { token })).status, 404);
    assert.equal((await server.api('PATCH', `/workouts/${randomUUID()}`, { token, body: { name: 'x' } })).status, 404);

    const deleted = await server.api('DELETE', `/workouts/${workout.id}`, { token });
    assert.equal(deleted.status, 200);
    const read = await server.api('GET', `/workouts/${workout.id}`, {
      token,
      headers: { 'x-min-position': deleted.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(read.status, 404);
    assert.equal(
      read.body.message,
      "Workout not found: the workout you're looking for doesn't exist or has been deleted",
    );
    assert.equal(
      (await server.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Row' } })).status,
      404,
    );
  });

  it('lists only my workouts, newest first, paged', async () => {
    const me = (await server.register('Lister')).token;
    const dates = ['2026-01-03', '2026-01-01', '2026-01-02'];
    let position = '0';
    for (const date of dates)
      position = (await start({ name: `W ${date}`, date }, me)).headers.get('x-event-position') ?? '0';
    const page1 = await server.api('GET', '/workouts?per_page=2', {
      token: me,
      headers: { 'x-min-position': position },
    });
    assert.equal(page1.status, 200);
    assert.deepEqual(
      page1.body.data.map((w: { date: string }) => w.date),
      ['2026-01-03', '2026-01-02'],
    );
    assert.deepEqual(page1.body.meta, { current_page: 1, per_page: 2, total: 3, last_page: 2 });
    const page2 = await server.api('GET', '/workouts?per_page=2&page=2', { token: me });
    assert.deepEqual(
      page2.body.data.map((w: { date: string }) => w.date),
      ['2026-01-01'],
    );
    assert.equal((await server.api('GET', '/workouts?per_page=1000', { token: me })).status, 422);
    assert.equal((await server.api('GET', '/workouts?page=0', { token: me })).status, 422);
  });

  it('lists each workout as the summary of how it reads alone: its details and counts, no sets, no owner', async () => {
    const me = (await server.register('Shape')).token;
    const workout = (await start({ name: 'Shape day', notes: 'a "quoted" note ✓' }, me)).body;
    const exercise = await server.api('POST', `/workouts/${workout.id}/exercises`, {
      token: me,
      body: { name: 'Bench press' },
    });
    const logged = await server.api('POST', `/workouts/${workout.id}/exercises/${exercise.body.id}/sets`, {
      token: me,
      body: { reps: 5, weight: 82.5, rest_time: 90 },
    });
    assert.equal(logged.status, 201, JSON.stringify(logged.body));
    const headers = { 'x-min-position': logged.headers.get('x-event-position') ?? '' };
    const list = await server.api('GET', '/workouts', { token: me, headers });
    assert.equal(list.status, 200);
    assert.match(list.headers.get('content-type') ?? '', /^application\/json/);
    const alone = await server.api('GET', `/workouts/${workout.id}`, { token: me, headers });
    assert.equal(alone.body.exercises[0].sets.length, 1);
    assert.deepEqual(list.body.data, [summariseWorkout(alone.body)]);
    assert.deepEqual(
      [list.body.data[0].exercise_count, list.body.data[0].set_count, list.body.data[0].volume],
      [1, 1, 412.5],
    );
    assert.equal('exercises' in list.body.data[0], false);
    assert.equal('user_id' in list.body.data[0], false);
  });

  it('lists a workout in as many bytes whatever it holds: a page does not grow with sets', async () => {
    const me = (await server.register('Bytes')).token;
    const itemSize = async () => {
      const list = await server.api('GET', '/workouts', { token: me });
      return JSON.stringify(list.body.data[0]).length;
    };
    const workout = (await start({ name: 'Volume day', date: '2026-01-01' }, me)).body;
    const empty = await itemSize();
    for (let e = 0; e < 3; e++) {
      const exercise = await server.api('POST', `/workouts/${workout.id}/exercises`, {
        token: me,
        body: { name: `Exercise ${e}` },
      });
      await Promise.all(
        Array.from({ length: 20 }, () =>
          server.api('POST', `/workouts/${workout.id}/exercises/${exercise.body.id}/sets`, {
            token: me,
            body: { reps: 8, weight: 100, notes: 'x'.repeat(500) },
          }),
        ),
      );
    }
    const full = (await server.api('GET', `/workouts/${workout.id}`, { token: me })).body;
    assert.equal(full.exercises.flatMap((exercise: { sets: unknown[] }) => exercise.sets).length, 60);
    assert.ok(JSON.stringify(full).length > 30_000);
    // The same item but for its counts and volume (a few digits more: 0 -> 48000) and its updated_at.
    assert.ok((await itemSize()) - empty <= 8, `${empty} -> ${await itemSize()} characters`);
  });

  it('keeps all fifty sets logged concurrently on one workout', async () => {
    const workout = (await start()).body;
    const exercise = await addExercise(workout.id);
    const url = `/workouts/${workout.id}/exercises/${exercise.id}/sets`;
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => server.api('POST', url, { token, body: { reps: i + 1, weight: 50 } })),
    );
    assert.deepEqual(new Set(responses.map((r) => r.status)), new Set([201]));
    const last = Math.max(...responses.map((r) => Number(r.headers.get('x-event-position'))));
    const read = await server.api('GET', `/workouts/${workout.id}`, {
      token,
      headers: { 'x-min-position': String(last) },
    });
    const reps = read.body.exercises[0].sets.map((s: { reps: number }) => s.reps).sort((a: number, b: number) => a - b);
    assert.deepEqual(
      reps,
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it(`holds at most ${MAX_SETS_PER_EXERCISE} sets per exercise and ${MAX_EXERCISES_PER_WORKOUT} exercises, even sent all at once: the rest answer 422`, async () => {
    /** `count` requests, `wave` at a time (one address may hold only so many connections). */
    const inWaves = async (count: number, wave: number, send: () => Promise<ApiResponse>) => {
      const responses: ApiResponse[] = [];
      for (let sent = 0; sent < count; sent += wave) {
        responses.push(...(await Promise.all(Array.from({ length: Math.min(wave, count - sent) }, send))));
      }
      return responses;
    };
    const workout = (await start()).body;
    const exercise = await addExercise(workout.id);
    const logSet = () =>
      server.api('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, { token, body: { reps: 5 } });
    await inWaves(MAX_SETS_PER_EXERCISE - 20, 20, logSet);
    // The last 20 that fit and 5 more, all at once: each is decided on the sets the others left.
    const sets = await Promise.all(Array.from({ length: 25 }, logSet));
    assert.equal(sets.filter((r) => r.status === 201).length, 20);
    const refusedSets = sets.filter((r) => r.status !== 201);
    assert.equal(refusedSets.length, 5);
    for (const refused of refusedSets) {
      assert.equal(refused.status, 422);
      assert.deepEqual(refused.body, { message: TOO_MANY_SETS_MESSAGE, errors: { sets: [TOO_MANY_SETS_MESSAGE] } });
    }

    const addOne = () => server.api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Row' } });
    // The one added first and 79 more; then the last 20 that fit and one more, all at once.
    await inWaves(MAX_EXERCISES_PER_WORKOUT - 21, 20, addOne);
    const exercises = await Promise.all(Array.from({ length: 21 }, addOne));
    assert.equal(exercises.filter((r) => r.status === 201).length, 20);
    const refusedExercise = exercises.find((r) => r.status !== 201);
    assert.equal(refusedExercise?.status, 422);
    assert.deepEqual(refusedExercise?.body, {
      message: TOO_MANY_EXERCISES_MESSAGE,
      errors: { exercises: [TOO_MANY_EXERCISES_MESSAGE] },
    });

    const read = await server.api('GET', `/workouts/${workout.id}`, { token });
    assert.equal(read.body.exercises.length, MAX_EXERCISES_PER_WORKOUT);
    assert.equal(read.body.exercises[0].sets.length, MAX_SETS_PER_EXERCISE);
  });

  it('applies a retried command once when it carries the same Idempotency-Key', async () => {
    const workout = (await start()).body;
    const exercise = await addExercise(workout.id);
    const url = `/workouts/${workout.id}/exercises/${exercise.id}/sets`;
    const headers = { 'idempotency-key': 'set-42' };
    const first = await server.api('POST', url, { token, body: { reps: 5 }, headers });
    const retry = await server.api('POST', url, { token, body: { reps: 5 }, headers });
    assert.equal(retry.headers.get('x-event-position'), first.headers.get('x-event-position'));
    const read = await server.api('GET', `/workouts/${workout.id}`, {
      token,
      headers: { 'x-min-position': first.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(read.body.exercises[0].sets.length, 1);
  });

  it('publishes the OpenAPI document of these routes', async () => {
    const response = await server.api('GET', '/openapi.json');
    assert.equal(response.status, 200);
    assert.equal(response.body.openapi, '3.1.0');
    for (const path of [
      '/api/v1/workouts',
      '/api/v1/workouts/{id}/exercises/{exerciseId}/sets/{setId}',
      '/api/v1/auth/login',
    ]) {
      assert.ok(response.body.paths[path], `${path} documented`);
    }
  });
});
