import assert from 'node:assert/strict';
import type { ApiResponse } from './api-client.ts';
import type { TestServer } from './test-server.ts';

/** One account's token and the ids of what it owns, for path parameters that name real things. */
export type Owned = {
  token: string;
  userId: string;
  email: string;
  password: string;
  workoutId: string;
  workoutExerciseId: string;
  setId: string;
  exerciseId: string;
  foodId: string;
  mealId: string;
  mealEntryId: string;
  savedMealId: string;
  waterDate: string;
  waterEntryId: string;
  templateId: string;
  tokenId: string;
};

function created(response: ApiResponse, what: string): string {
  assert.ok(
    response.status === 200 || response.status === 201,
    `${what}: ${response.status} ${JSON.stringify(response.body)}`,
  );
  const id = response.body?.id ?? response.body?.data?.id;
  assert.equal(typeof id, 'string', `${what}: no id in ${JSON.stringify(response.body)}`);
  return id;
}

/** Registers an account and gives it one of each thing a path can name, through the API. */
export async function accountWithData(server: TestServer, name: string): Promise<Owned> {
  const { token, user, email, password } = await server.register(name);
  const call = (method: string, url: string, body?: unknown) => server.api(method, url, { token, body });
  const workoutId = created(await call('POST', '/workouts', { name: `${name}'s workout` }), 'workout');
  const workoutExerciseId = created(
    await call('POST', `/workouts/${workoutId}/exercises`, { name: 'Bench press' }),
    'workout exercise',
  );
  const setId = created(
    await call('POST', `/workouts/${workoutId}/exercises/${workoutExerciseId}/sets`, { reps: 5, weight: 60 }),
    'set',
  );
  const exerciseId = created(
    await call('POST', '/exercises', {
      name: `${name}'s curl`,
      category: 'strength',
      primary_muscle: 'arms',
      equipment: 'dumbbells',
    }),
    'custom exercise',
  );
  const foodId = created(
    await call('POST', '/foods', {
      name: `${name}'s porridge`,
      category: 'carbs',
      per_100g: { kcal: 120, protein: 4, carbs: 20, fat: 2 },
    }),
    'food',
  );
  const mealId = created(await call('POST', '/meals', { date: '2026-11-20', type: 'breakfast' }), 'meal');
  const mealEntryId = created(
    await call('POST', `/meals/${mealId}/entries`, { food_id: foodId, quantity: 80 }),
    'entry',
  );
  const savedMealId = created(await call('POST', '/saved-meals', { meal_id: mealId }), 'saved meal');
  const waterDate = '2026-11-20';
  const waterEntryId = created(await call('POST', `/water/${waterDate}`, { ml: 250 }), 'water');
  const templateId = created(
    await call('POST', `/workouts/${workoutId}/template`, { name: `${name}'s plan` }),
    'template',
  );
  const tokens = await call('GET', '/auth/tokens');
  const tokenId = tokens.body?.data?.[0]?.id;
  assert.equal(typeof tokenId, 'string', `tokens: ${JSON.stringify(tokens.body)}`);
  return {
    token,
    userId: user.id,
    email,
    password,
    workoutId,
    workoutExerciseId,
    setId,
    exerciseId,
    foodId,
    mealId,
    mealEntryId,
    savedMealId,
    waterDate,
    waterEntryId,
    templateId,
    tokenId,
  };
}

/**
 * The real value of a path parameter for an account, by the resource the path names
 * (`/workouts/{id}/exercises/{exerciseId}` → its workout and its workout exercise).
 */
export function realPathValue(path: string, parameter: string, owned: Owned): string | undefined {
  const before = path.slice(0, path.indexOf(`{${parameter}}`));
  const resource = before.split('/').filter(Boolean).at(-1);
  const byResource: Record<string, string | undefined> = {
    workouts: owned.workoutId,
    exercises: path.startsWith('/workouts/') ? owned.workoutExerciseId : owned.exerciseId,
    sets: owned.setId,
    templates: owned.templateId,
    foods: owned.foodId,
    meals: owned.mealId,
    entries: owned.mealEntryId,
    'saved-meals': owned.savedMealId,
    water: owned.waterDate,
    steps: owned.waterDate,
    'body-weight': owned.waterDate,
    tokens: owned.tokenId,
    users: owned.userId,
    streams: `workout-${owned.workoutId}`,
    // Rebuilt while the fuzzing reads it: the users model would make sign-ins wait meanwhile.
    projections: 'workouts',
  };
  if (path.startsWith('/water/') && parameter === 'entryId') return owned.waterEntryId;
  return resource === undefined ? undefined : byResource[resource];
}
