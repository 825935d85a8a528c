import assert from 'node:assert/strict';
import type { ChangeNotice } from '@fitness/contracts';
import { trainingSummaryId } from '@fitness/contracts/metrics/achievements.ts';
import { DAILY_METRICS_MODEL, monthTotalsId } from '@fitness/contracts/metrics/day-totals.ts';
import { exerciseKey, exerciseRecordsId, PERSONAL_RECORDS_MODEL } from '@fitness/contracts/records/records.ts';
import { WORKOUT_SUMMARIES_MODEL } from '@fitness/contracts/workouts/summaries.ts';
import { waitUntil } from '@fitness/gateway/testing/live-client.ts';
import { aNotice } from '@fitness/stores/testing/events.ts';
import { beforeAll, describe, it } from 'vitest';
import { createAdmin } from '../features/admin/store.ts';
import { createDashboard } from '../features/dashboard/store.ts';
import { createExerciseProgress } from '../features/exercises/progress-store.ts';
import { createExercises } from '../features/exercises/store.ts';
import { createProgressScreen } from '../features/progress/store.ts';
import { createAccessTokens } from '../features/settings/access-tokens-store.ts';
import { createTrainingCalendar } from '../features/workouts/training-calendar.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { localToday } from '../lib/format.ts';
import type { LiveStore } from '../lib/live.ts';
import { createSite, siteState } from '../lib/stores/site.ts';
import { secondDevices } from '../lib/testing/second-device.ts';

type Notice = Partial<ChangeNotice> & Pick<ChangeNotice, 'model'>;

/** A store whose screens show what the server works out: a pushed change is a sign to read it again. */
type Case = {
  store: string;
  /** Shown to an admin (the server's first account). */
  admin?: boolean;
  /** The store, shown, and whether its first load came in. */
  shown(
    api: ApiClient,
    userId: string,
    exerciseId: string,
  ): { store: Pick<LiveStore, 'applyChange'>; loaded(): boolean };
  /** Changes it reads again for, each with the requests that reading makes. */
  readsAgain(userId: string, exerciseId: string): [Notice, string[]][];
  /** Changes that are none of its business. */
  ignores(userId: string, exerciseId: string): Notice[];
};

const month = localToday().slice(0, 7);

const cases: Case[] = [
  {
    store: 'dashboard',
    shown(api) {
      const dashboard = createDashboard(api, () => 'monday');
      dashboard.show();
      return { store: dashboard, loaded: () => dashboard.state.today !== null };
    },
    readsAgain: () =>
      ['meals', 'water', 'workouts', 'steps', 'users'].map((model) => [
        { model },
        ['GET /api/v1/metrics/today', 'GET /api/v1/metrics/weekly', 'GET /api/v1/workouts'],
      ]),
    ignores: () => [{ model: 'templates' }, { model: 'saved_meals' }],
  },
  {
    store: 'exercises',
    shown(api) {
      const exercises = createExercises(api);
      exercises.show();
      return { store: exercises, loaded: () => exercises.state.results.length > 0 };
    },
    readsAgain: () => [
      [{ model: 'exercises' }, ['GET /api/v1/exercises']],
      [{ model: 'favorites' }, ['GET /api/v1/exercises']],
    ],
    ignores: () => [{ model: 'workouts' }, { model: 'templates' }],
  },
  {
    store: 'training calendar',
    shown(api) {
      const calendar = createTrainingCalendar(api);
      calendar.show(month);
      return { store: calendar, loaded: () => calendar.state.days !== null };
    },
    readsAgain: () => [
      [{ model: WORKOUT_SUMMARIES_MODEL, op: 'delete' }, ['GET /api/v1/metrics/monthly']],
      [{ model: WORKOUT_SUMMARIES_MODEL, document: { status: 'completed' } }, ['GET /api/v1/metrics/monthly']],
      [
        { model: WORKOUT_SUMMARIES_MODEL, changes: [{ op: 'set', path: ['date'], value: `${month}-01` }] },
        ['GET /api/v1/metrics/monthly'],
      ],
    ],
    ignores: () => [
      { model: WORKOUT_SUMMARIES_MODEL, document: { status: 'in_progress' } },
      { model: WORKOUT_SUMMARIES_MODEL, changes: [{ op: 'set', path: ['set_count'], value: 3 }] },
      { model: 'workouts', op: 'delete' },
    ],
  },
  {
    store: 'access tokens',
    shown(api, userId) {
      const tokens = createAccessTokens(api, () => userId);
      tokens.show();
      return { store: tokens, loaded: () => tokens.state.tokens !== null };
    },
    readsAgain: (userId) => [[{ model: 'users', id: userId }, ['GET /api/v1/auth/tokens']]],
    ignores: () => [{ model: 'users', id: 'someone-else' }, { model: 'workouts' }],
  },
  {
    store: 'progress screen',
    shown(api, userId) {
      const progress = createProgressScreen(api, { userId: () => userId, startOfWeek: () => 'monday' });
      progress.show();
      return { store: progress, loaded: () => progress.state.monthly !== null && progress.state.weeks !== null };
    },
    readsAgain: (userId) => [
      [{ model: DAILY_METRICS_MODEL, id: monthTotalsId(userId, month) }, ['GET /api/v1/metrics/monthly']],
      [{ model: 'users', id: userId }, ['GET /api/v1/metrics/monthly']],
      [{ model: PERSONAL_RECORDS_MODEL, id: trainingSummaryId(userId) }, ['GET /api/v1/metrics/training-weeks']],
      [{ model: 'body_weight', id: `${userId}:${localToday()}` }, ['GET /api/v1/metrics/training-weeks']],
    ],
    ignores: (userId) => [
      { model: DAILY_METRICS_MODEL, id: monthTotalsId(userId, '2001-01') },
      { model: PERSONAL_RECORDS_MODEL, id: 'another record' },
      { model: 'body_weight', userId: 'someone-else' },
    ],
  },
  {
    store: "an exercise's progress",
    shown(api, userId, exerciseId) {
      const progress = createExerciseProgress(api, () => userId);
      progress.show(exerciseId);
      return { store: progress, loaded: () => progress.state.progress !== null };
    },
    readsAgain: (userId, exerciseId) => {
      const reads = [
        `GET /api/v1/exercises/${exerciseId}`,
        `GET /api/v1/exercises/${exerciseId}/progress`,
        `GET /api/v1/exercises/${exerciseId}/history`,
      ];
      return [
        [{ model: 'exercises', id: exerciseId }, reads],
        [
          {
            model: PERSONAL_RECORDS_MODEL,
            id: exerciseRecordsId(userId, exerciseKey({ exercise_id: exerciseId, name: '' })),
          },
          reads,
        ],
        [
          {
            model: 'workouts',
            changes: [{ op: 'push', path: ['exercises'], value: { id: 'added', exercise_id: exerciseId } }],
          },
          reads,
        ],
      ];
    },
    ignores: () => [
      { model: 'exercises', id: 'another exercise' },
      { model: 'workouts', changes: [{ op: 'set', path: ['name'], value: 'Legs' }] },
    ],
  },
  {
    store: 'site',
    shown(api) {
      const site = createSite(() => api.get('/site'));
      site.refresh();
      return { store: site, loaded: () => siteState.info !== null };
    },
    readsAgain: () => [[{ model: 'system_settings', userId: null }, ['GET /api/v1/site']]],
    ignores: () => [{ model: 'users' }, { model: 'workouts' }],
  },
  {
    store: 'admin screens',
    admin: true,
    shown(api, userId) {
      const admin = createAdmin(api, { onForbidden() {} });
      admin.showStats();
      admin.showUsers();
      admin.showUser(userId);
      const { state } = admin;
      return { store: admin, loaded: () => state.stats !== null && state.users !== null && state.user !== null };
    },
    readsAgain: (userId) => [
      [{ model: 'workouts', userId: 'someone-else' }, ['GET /api/v1/admin/stats']],
      [{ model: 'admin_users', userId: 'someone-else' }, ['GET /api/v1/admin/stats', 'GET /api/v1/admin/users']],
      [{ model: 'meals' }, ['GET /api/v1/admin/stats', `GET /api/v1/admin/users/${userId}`]],
    ],
    // The settings form is not shown.
    ignores: () => [{ model: 'system_settings', userId: null }],
  },
];

/**
 * How each store that shows a computed answer applies a pushed change, handed to it as the live
 * channel hands it over: it reads again what it shows for a change of what that is made of, and
 * for nothing else.
 */
describe('stores that read again on a pushed change', () => {
  const devices = secondDevices();
  let admin: Awaited<ReturnType<typeof devices.server.register>>;
  beforeAll(async () => {
    admin = await devices.server.register('Admin');
  });

  for (const { store: name, admin: asAdmin, shown, readsAgain, ignores } of cases) {
    it(`${name}: reads again for its changes only`, async () => {
      const user = asAdmin ? admin : await devices.server.register(name);
      const userId = user.user.id;
      const exercises = await devices.server.api('GET', '/exercises?per_page=1', { token: user.token });
      const exerciseId: string = exercises.body.data[0].id;
      const device = await devices.open(user.token);
      const { store, loaded } = shown(device.api, userId, exerciseId);
      assert.ok(await waitUntil(loaded, 10_000), 'loaded');
      const notice = (fields: Notice, position: number) => aNotice('changed', position, { userId, ...fields });
      let position = 10;

      device.requests.length = 0;
      for (const ignored of ignores(userId, exerciseId)) await store.applyChange(notice(ignored, position++));
      assert.equal(device.requests.length, 0, 'nothing read for what is not its business');

      for (const [change, reads] of readsAgain(userId, exerciseId)) {
        await store.applyChange(notice(change, position++));
        assert.deepEqual(
          device.requests.splice(0).sort(),
          [...reads].sort(),
          `read again for ${JSON.stringify(change)}`,
        );
      }
    });
  }
});
