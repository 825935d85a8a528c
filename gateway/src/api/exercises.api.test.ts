import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServerWithUser, type TestServer } from '../testing/test-server.ts';

type Listed = {
  id: string;
  name: string;
  category: string;
  primary_muscle: string;
  is_custom: boolean;
  is_favorite: boolean;
};

describe('exercises API', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await startTestServerWithUser());
  });
  afterAll(() => server.close());

  const list = async (query: string, language = 'en', as = token) => {
    const response = await server.api('GET', `/exercises?${query}`, {
      token: as,
      headers: { 'accept-language': language },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body as { data: Listed[]; meta: { total: number; last_page: number } };
  };
  const custom = (name: string, extra: object = {}) => ({
    name,
    category: 'strength',
    primary_muscle: 'core',
    equipment: 'bodyweight',
    ...extra,
  });

  it('serves the library of at least 150 exercises, paged', async () => {
    const page = await list('per_page=50');
    assert.ok(page.meta.total >= 150, `${page.meta.total} exercises`);
    assert.equal(page.data.length, 50);
    assert.ok(page.data.every((exercise) => !exercise.is_custom));
    assert.equal(page.meta.last_page, Math.ceil(page.meta.total / 50));
  });

  it('filters by category, muscle and equipment', async () => {
    const cardio = await list('category=cardio&per_page=100');
    assert.ok(cardio.meta.total > 0 && cardio.data.every((exercise) => exercise.category === 'cardio'));
    const chest = await list('muscle=chest&equipment=barbell&per_page=100');
    assert.ok(chest.meta.total > 0 && chest.data.every((exercise) => exercise.primary_muscle === 'chest'));
    assert.equal((await server.api('GET', '/exercises?category=juggling', { token })).status, 422);
  });

  it('searches names in the reader’s language, ignoring case and accents', async () => {
    const squats = await list('search=SQUAT');
    assert.ok(squats.meta.total > 0 && squats.data.every((exercise) => /squat/i.test(exercise.name)));
    for (const language of ['de', 'ar']) {
      const [first] = (await list('per_page=1', language)).data;
      assert.ok(first);
      const word = first.name.split(' ')[0] ?? '';
      const found = await list(`search=${encodeURIComponent(word)}`, language);
      assert.ok(
        found.data.some((exercise) => exercise.id === first.id),
        `${language}: "${word}" finds ${first.name}`,
      );
    }
  });

  it('keeps custom names unique per user, case-insensitively, with the spec message', async () => {
    const created = await server.api('POST', '/exercises', { token, body: custom('Sandbag Carry') });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.is_custom, true);
    assert.equal(created.body.difficulty, 'beginner');
    const again = await server.api('POST', '/exercises', { token, body: custom('  sandbag carry ') });
    assert.equal(again.status, 422);
    assert.deepEqual(again.body.errors, {
      name: ['An exercise named "sandbag carry" already exists. Please choose a different name.'],
    });
    const [libraryExercise] = (await list('per_page=1')).data;
    const clash = await server.api('POST', '/exercises', {
      token,
      body: custom(libraryExercise?.name.toUpperCase() ?? ''),
    });
    assert.equal(clash.status, 422, 'a library name is taken too');
    const otherUser = (await server.register('Other')).token;
    assert.equal(
      (await server.api('POST', '/exercises', { token: otherUser, body: custom('Sandbag Carry') })).status,
      201,
      'names are per user',
    );
  });

  it('lets exactly one of two concurrent creates of one name through', async () => {
    const racer = (await server.register('Racer')).token;
    const outcomes = await Promise.all([
      server.api('POST', '/exercises', { token: racer, body: custom('Tire flip') }),
      server.api('POST', '/exercises', { token: racer, body: custom('TIRE FLIP') }),
    ]);
    assert.deepEqual(outcomes.map((o) => o.status).sort(), [201, 422]);
    const mine = await list('tab=mine', 'en', racer);
    assert.equal(mine.meta.total, 1);
  });

  it('frees a name when its exercise is renamed or deleted', async () => {
    const first = (await server.api('POST', '/exercises', { token, body: custom('Farmer walk') })).body;
    const renamed = await server.api('PATCH', `/exercises/${first.id}`, { token, body: { name: 'Farmer carry' } });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.name, 'Farmer carry');
    const reuse = await server.api('POST', '/exercises', { token, body: custom('Farmer walk') });
    assert.equal(reuse.status, 201, JSON.stringify(reuse.body));
    assert.equal((await server.api('DELETE', `/exercises/${reuse.body.id}`, { token })).status, 200);
    assert.equal((await server.api('POST', '/exercises', { token, body: custom('Farmer walk') })).status, 201);
  });

  it("hides another user's custom exercise and keeps the library read-only", async () => {
    const mine = (await server.api('POST', '/exercises', { token, body: custom('Secret move') })).body;
    const stranger = (await server.register('Stranger')).token;
    assert.equal((await server.api('GET', `/exercises/${mine.id}`, { token: stranger })).status, 404);
    assert.equal(
      (await server.api('PATCH', `/exercises/${mine.id}`, { token: stranger, body: { name: 'Taken' } })).status,
      404,
    );
    assert.equal((await server.api('DELETE', `/exercises/${mine.id}`, { token: stranger })).status, 404);
    assert.equal((await server.api('PUT', `/exercises/${mine.id}/favorite`, { token: stranger })).status, 404);
    const [libraryExercise] = (await list('per_page=1')).data;
    const edit = await server.api('PATCH', `/exercises/${libraryExercise?.id}`, { token, body: { name: 'Mine now' } });
    assert.equal(edit.status, 403);
    assert.equal((await server.api('DELETE', `/exercises/${libraryExercise?.id}`, { token })).status, 403);
  });

  it('stars exercises and lists them under favorites', async () => {
    const fan = (await server.register('Fan')).token;
    const [a, b] = (await list('per_page=2', 'en', fan)).data;
    const star = await server.api('PUT', `/exercises/${a?.id}/favorite`, { token: fan });
    assert.deepEqual(star.body, { id: a?.id, is_favorite: true });
    await server.api('PUT', `/exercises/${b?.id}/favorite`, { token: fan });
    const unstar = await server.api('DELETE', `/exercises/${b?.id}/favorite`, { token: fan });
    assert.deepEqual(unstar.body, { id: b?.id, is_favorite: false });
    const favorites = await list('tab=favorites', 'en', fan);
    assert.deepEqual(
      favorites.data.map((exercise) => [exercise.id, exercise.is_favorite]),
      [[a?.id, true]],
    );
    const one = await server.api('GET', `/exercises/${a?.id}`, { token: fan });
    assert.equal(one.body.is_favorite, true);
    assert.ok(one.body.instructions.length >= 3);
  });

  it('keeps past workouts readable after their custom exercise is deleted', async () => {
    const exercise = (await server.api('POST', '/exercises', { token, body: custom('One-off lift') })).body;
    const workout = (await server.api('POST', '/workouts', { token, body: { name: 'Test day' } })).body;
    await server.api('POST', `/workouts/${workout.id}/exercises`, {
      token,
      body: { exercise_id: exercise.id, name: exercise.name },
    });
    const gone = await server.api('DELETE', `/exercises/${exercise.id}`, { token });
    const read = await server.api('GET', `/workouts/${workout.id}`, {
      token,
      headers: { 'x-min-position': gone.headers.get('x-event-position') ?? '0' },
    });
    assert.equal(read.status, 200);
    assert.equal(read.body.exercises[0].name, 'One-off lift');
    assert.equal((await server.api('GET', `/exercises/${exercise.id}`, { token })).status, 404);
  });
});
