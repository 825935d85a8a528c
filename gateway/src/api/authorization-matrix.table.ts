import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { STRONG_HEADER } from '../testing/strong-export.ts';

/**
 * Who may call each route of the API, the table the authorization matrix test checks the running
 * server against. Every (method, path) of the OpenAPI document has exactly one entry here: a new
 * route without one fails the matrix, so whoever adds a route decides who may call it.
 *
 * Access classes:
 * - `public`: anyone, a guest included, gets past authorization (sign-in, the site's public info).
 * - `user`: any signed-in user, acting on their own account's data (no id of someone else in the path).
 * - `owner`: a signed-in user on a resource named by an id in the path; anybody else, an admin too,
 *   is told 404 as if it did not exist (the API never reveals another user's ids).
 * - `admin`: admins only; 401 for guests, 403 for users.
 */
export type AccessClass = 'public' | 'user' | 'owner' | 'admin';

/**
 * The ids a probe's path is filled from: the owner's resources (one of each kind, made for the
 * matrix), plus what the admin routes name.
 */
export type Fixtures = {
  ownerId: string;
  workoutId: string;
  workoutExerciseId: string;
  setId: string;
  customExerciseId: string;
  templateId: string;
  foodId: string;
  mealId: string;
  mealEntryId: string;
  savedMealId: string;
  waterDate: string;
  waterEntryId: string;
  tokenId: string;
  pushSubscriptionId: string;
  workoutStreamId: string;
  logPosition: string;
  projectionName: string;
  /** A bystander account the admin routes may change or delete. */
  bystanderId: string;
};

/** The account a probe is sent as; a guest has no token. */
export type Caller = { token?: string; email: string; password: string };

export type RouteAccess = {
  access: AccessClass;
  /** The path parameters, each filled with one of the fixtures. */
  params?: Record<string, keyof Fixtures>;
  query?: string;
  /** A body valid enough to get past validation, so the answer is about authorization. */
  body?: (caller: Caller, fixtures: Fixtures) => unknown;
  /**
   * What the allowed call uses up, so the matrix gives it a fresh one: `fixtures` (it deletes a
   * resource the other probes need) or `account` (it signs its caller out or closes the account:
   * every signed-in probe then runs as a new account of its role).
   */
  consumes?: 'fixtures' | 'account';
};

let unique = 0;
/** A name no earlier probe used, for bodies that create something with a unique name. */
const fresh = (stem: string) => `${stem} ${++unique}`;

const NEW_PASSWORD = 'matrix passphrase 2';

const workoutId = { id: 'workoutId' } as const;
const workoutExercise = { id: 'workoutId', exerciseId: 'workoutExerciseId' } as const;
const workoutSet = { id: 'workoutId', exerciseId: 'workoutExerciseId', setId: 'setId' } as const;
const customExercise = { id: 'customExerciseId' } as const;
const mealEntry = { id: 'mealId', entryId: 'mealEntryId' } as const;
export const customExerciseBody = () => ({
  name: fresh('Matrix carry'),
  category: 'strength',
  primary_muscle: 'core',
  equipment: 'bodyweight',
});

/** Keyed `METHOD /api/v1/path` exactly as the OpenAPI document lists it. */
export const AUTHORIZATION_TABLE: Record<string, RouteAccess> = {
  // Signing in and the site's public face.
  'GET /api/v1/site': { access: 'public' },
  'GET /api/v1/push/public-key': { access: 'public' },
  'GET /api/v1/auth/google/redirect': { access: 'public' },
  'POST /api/v1/auth/google/callback': { access: 'public', body: () => ({}) },
  'POST /api/v1/auth/register': {
    access: 'public',
    body: () => {
      const password = 'matrix passphrase 1';
      const email = `matrix-newcomer-${++unique}-${process.pid}@example.com`;
      return { name: 'Matrix newcomer', email, password, password_confirmation: password };
    },
  },
  'POST /api/v1/auth/login': {
    access: 'public',
    body: (caller) => ({ email: caller.email, password: caller.password }),
  },
  'POST /api/v1/auth/verify-email': { access: 'public', body: () => ({ token: 'not-a-real-token' }) },
  'POST /api/v1/password/forgot': { access: 'public', body: (caller) => ({ email: caller.email }) },
  'POST /api/v1/password/reset': {
    access: 'public',
    body: (caller) => ({
      email: caller.email,
      token: 'not-a-real-token',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    }),
  },

  // The caller's own account.
  'GET /api/v1/auth/me': { access: 'user' },
  'GET /api/v1/me': { access: 'user' },
  'PATCH /api/v1/me': { access: 'user', body: () => ({ height: 180 }) },
  'DELETE /api/v1/me': { access: 'user', consumes: 'account', body: (caller) => ({ password: caller.password }) },
  'GET /api/v1/me/settings': { access: 'user' },
  'PATCH /api/v1/me/settings': { access: 'user', body: () => ({ theme: 'dark' }) },
  'GET /api/v1/me/export': { access: 'user' },
  'POST /api/v1/auth/logout': { access: 'user', consumes: 'account' },
  'POST /api/v1/auth/change-password': {
    access: 'user',
    consumes: 'account',
    body: (caller) => ({
      current_password: caller.password,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    }),
  },
  'POST /api/v1/auth/verify-email/resend': { access: 'user' },
  'GET /api/v1/auth/tokens': { access: 'user' },
  'POST /api/v1/auth/tokens': { access: 'user', body: () => ({ name: fresh('Matrix script') }) },
  'DELETE /api/v1/auth/tokens/{id}': { access: 'owner', params: { id: 'tokenId' }, consumes: 'fixtures' },
  'GET /api/v1/me/push-subscriptions': { access: 'user' },
  'POST /api/v1/me/push-subscriptions': {
    access: 'user',
    body: () => ({ ...pushSubscription(), time_zone: 'Europe/Berlin' }),
  },
  'DELETE /api/v1/me/push-subscriptions/{id}': {
    access: 'owner',
    params: { id: 'pushSubscriptionId' },
    consumes: 'fixtures',
  },

  // Workouts.
  'GET /api/v1/workouts': { access: 'user' },
  'POST /api/v1/workouts': { access: 'user', body: () => ({ name: 'Matrix session' }) },
  'GET /api/v1/workouts/{id}': { access: 'owner', params: workoutId },
  'PATCH /api/v1/workouts/{id}': { access: 'owner', params: workoutId, body: () => ({ notes: 'patched' }) },
  'PUT /api/v1/workouts/{id}': { access: 'owner', params: workoutId, body: () => ({ notes: 'put' }) },
  'DELETE /api/v1/workouts/{id}': { access: 'owner', params: workoutId, consumes: 'fixtures' },
  'GET /api/v1/workouts/{id}/previous': { access: 'owner', params: workoutId },
  'POST /api/v1/workouts/{id}/exercises': { access: 'owner', params: workoutId, body: () => ({ name: 'Row' }) },
  'PATCH /api/v1/workouts/{id}/exercises/{exerciseId}': {
    access: 'owner',
    params: workoutExercise,
    body: () => ({ notes: 'patched' }),
  },
  'PUT /api/v1/workouts/{id}/exercises/{exerciseId}': {
    access: 'owner',
    params: workoutExercise,
    body: () => ({ notes: 'put' }),
  },
  'DELETE /api/v1/workouts/{id}/exercises/{exerciseId}': {
    access: 'owner',
    params: workoutExercise,
    consumes: 'fixtures',
  },
  'POST /api/v1/workouts/{id}/exercises/{exerciseId}/sets': {
    access: 'owner',
    params: workoutExercise,
    body: () => ({ reps: 5, weight: 50 }),
  },
  'PATCH /api/v1/workouts/{id}/exercises/{exerciseId}/sets/{setId}': {
    access: 'owner',
    params: workoutSet,
    body: () => ({ reps: 6 }),
  },
  'PUT /api/v1/workouts/{id}/exercises/{exerciseId}/sets/{setId}': {
    access: 'owner',
    params: workoutSet,
    body: () => ({ reps: 7 }),
  },
  'DELETE /api/v1/workouts/{id}/exercises/{exerciseId}/sets/{setId}': {
    access: 'owner',
    params: workoutSet,
    consumes: 'fixtures',
  },
  'POST /api/v1/imports/workouts': {
    access: 'user',
    body: () => ({
      csv: [STRONG_HEADER, '2026-10-01 07:30:00,"Matrix import",45m,"Deadlift (Barbell)",1,100,5,0,0,"","",'].join(
        '\n',
      ),
    }),
  },

  // Exercises: the library is everyone's, a custom exercise its creator's.
  'GET /api/v1/exercises': { access: 'user' },
  'POST /api/v1/exercises': { access: 'user', body: customExerciseBody },
  'GET /api/v1/exercises/{id}': { access: 'owner', params: customExercise },
  'PUT /api/v1/exercises/{id}': { access: 'owner', params: customExercise, body: customExerciseBody },
  'PATCH /api/v1/exercises/{id}': { access: 'owner', params: customExercise, body: () => ({ tips: ['Brace.'] }) },
  'DELETE /api/v1/exercises/{id}': { access: 'owner', params: customExercise, consumes: 'fixtures' },
  'PUT /api/v1/exercises/{id}/favorite': { access: 'owner', params: customExercise },
  'DELETE /api/v1/exercises/{id}/favorite': { access: 'owner', params: customExercise },
  'GET /api/v1/exercises/{id}/progress': { access: 'owner', params: customExercise },
  'GET /api/v1/exercises/{id}/history': { access: 'owner', params: customExercise },

  // Templates: the library is everyone's, a saved template its creator's.
  'GET /api/v1/templates': { access: 'user' },
  'GET /api/v1/templates/{id}': { access: 'owner', params: { id: 'templateId' } },
  'POST /api/v1/templates/{id}/start': { access: 'owner', params: { id: 'templateId' }, body: () => ({}) },
  'DELETE /api/v1/templates/{id}': { access: 'owner', params: { id: 'templateId' }, consumes: 'fixtures' },
  'POST /api/v1/workouts/{id}/template': {
    access: 'owner',
    params: workoutId,
    body: () => ({ name: fresh('Matrix template') }),
  },

  // Nutrition.
  'GET /api/v1/foods': { access: 'user' },
  'GET /api/v1/foods/recent': { access: 'user', query: 'meal_type=breakfast' },
  'POST /api/v1/foods': { access: 'user', body: () => foodBody() },
  'DELETE /api/v1/foods/{id}': { access: 'owner', params: { id: 'foodId' }, consumes: 'fixtures' },
  'GET /api/v1/meals': { access: 'user', query: 'date=2026-11-01' },
  'POST /api/v1/meals': { access: 'user', body: () => ({ date: '2026-11-01', type: 'lunch' }) },
  'GET /api/v1/meals/{id}': { access: 'owner', params: { id: 'mealId' } },
  'DELETE /api/v1/meals/{id}': { access: 'owner', params: { id: 'mealId' }, consumes: 'fixtures' },
  'POST /api/v1/meals/{id}/entries': {
    access: 'owner',
    params: { id: 'mealId' },
    body: () => ({ name: 'Apple', calories: 80 }),
  },
  'PATCH /api/v1/meals/{id}/entries/{entryId}': { access: 'owner', params: mealEntry, body: () => ({ calories: 90 }) },
  'PUT /api/v1/meals/{id}/entries/{entryId}': { access: 'owner', params: mealEntry, body: () => ({ calories: 95 }) },
  'DELETE /api/v1/meals/{id}/entries/{entryId}': { access: 'owner', params: mealEntry, consumes: 'fixtures' },
  'POST /api/v1/meals/{id}/copy': { access: 'owner', params: { id: 'mealId' }, body: () => ({ date: '2026-12-01' }) },
  // A day copied is always one of the caller's days (an empty one is their 422).
  'POST /api/v1/meals/copy-day': { access: 'user', body: () => ({ from: '2026-10-02', to: '2026-12-02' }) },
  'GET /api/v1/saved-meals': { access: 'user' },
  // The meal saved is named in the body: someone else's is a 422 of that field, past authorization.
  'POST /api/v1/saved-meals': { access: 'user', body: (_, fixtures) => ({ meal_id: fixtures.mealId }) },
  'PATCH /api/v1/saved-meals/{id}': {
    access: 'owner',
    params: { id: 'savedMealId' },
    body: () => ({ name: fresh('Matrix saved meal') }),
  },
  'DELETE /api/v1/saved-meals/{id}': { access: 'owner', params: { id: 'savedMealId' }, consumes: 'fixtures' },
  'POST /api/v1/saved-meals/{id}/log': {
    access: 'owner',
    params: { id: 'savedMealId' },
    body: () => ({ date: '2026-12-03' }),
  },
  'GET /api/v1/nutrition/targets': { access: 'user' },
  // A day in the path is always the caller's own day.
  'GET /api/v1/water/{date}': { access: 'user', params: { date: 'waterDate' } },
  'POST /api/v1/water/{date}': { access: 'user', params: { date: 'waterDate' }, body: () => ({ ml: 250 }) },
  'DELETE /api/v1/water/{date}/{entryId}': {
    access: 'owner',
    params: { date: 'waterDate', entryId: 'waterEntryId' },
    consumes: 'fixtures',
  },

  // Metrics.
  'PUT /api/v1/steps/{date}': { access: 'user', params: { date: 'waterDate' }, body: () => ({ count: 8000 }) },
  'PUT /api/v1/body-weight/{date}': { access: 'user', params: { date: 'waterDate' }, body: () => ({ weight: 80 }) },
  'GET /api/v1/body-weight': { access: 'user' },
  'GET /api/v1/metrics/today': { access: 'user' },
  'GET /api/v1/metrics/weekly': { access: 'user' },
  'GET /api/v1/metrics/monthly': { access: 'user' },
  'GET /api/v1/metrics/prs': { access: 'user' },
  'GET /api/v1/metrics/achievements': { access: 'user' },
  'GET /api/v1/metrics/training-weeks': { access: 'user' },
  'GET /api/v1/weather': { access: 'user' },

  // Administration.
  'GET /api/v1/admin/stats': { access: 'admin' },
  'GET /api/v1/admin/analytics': { access: 'admin' },
  'GET /api/v1/admin/users': { access: 'admin' },
  'GET /api/v1/admin/users/{id}': { access: 'admin', params: { id: 'ownerId' } },
  'PATCH /api/v1/admin/users/{id}/role': {
    access: 'admin',
    params: { id: 'bystanderId' },
    body: () => ({ role: 'user' }),
  },
  'DELETE /api/v1/admin/users/{id}': { access: 'admin', params: { id: 'bystanderId' }, consumes: 'fixtures' },
  'GET /api/v1/admin/settings': { access: 'admin' },
  'PUT /api/v1/admin/settings': { access: 'admin', body: () => ({ site_name: 'Matrix Gym' }) },
  'GET /api/v1/admin/events/categories': { access: 'admin' },
  'GET /api/v1/admin/events/streams': { access: 'admin', query: 'category=workout' },
  'GET /api/v1/admin/events/streams/{streamId}': { access: 'admin', params: { streamId: 'workoutStreamId' } },
  'GET /api/v1/admin/events/streams/{streamId}/state': {
    access: 'admin',
    params: { streamId: 'workoutStreamId' },
  },
  'GET /api/v1/admin/events/log/{position}': { access: 'admin', params: { position: 'logPosition' } },
  'GET /api/v1/admin/events/users/{userId}/timeline': { access: 'admin', params: { userId: 'ownerId' } },
  'GET /api/v1/admin/projections': { access: 'admin' },
  'POST /api/v1/admin/projections/{name}/rebuild': { access: 'admin', params: { name: 'projectionName' } },
};

/** A food of the caller's own, under a name nobody used. */
export function foodBody() {
  return {
    name: fresh('Matrix granola'),
    category: 'carbs',
    per_100g: { kcal: 450, protein: 10, carbs: 60, fat: 18 },
  };
}

/** A browser's push subscription: an endpoint and a fresh P-256 key, as PushManager.subscribe() gives. */
export function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    // A closed port: nothing the matrix does should push, and if something did it fails quietly.
    endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}
