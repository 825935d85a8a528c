import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminAnalytics,
  AdminAnalyticsQuery,
  AdminStats,
  AdminUserDetail,
  AdminUserList,
  AdminUserListQuery,
  AdminUserParams,
  ErrorBody,
  PERSONAL_RECORDS_MODEL,
  pageOf,
  searchable,
  type UserDocument,
} from '@fitness/contracts';
import { NotFound } from '@fitness/platform/errors.ts';
import { ADMIN_ANALYTICS_MODEL } from '@fitness/projections/admin/admin-analytics-projection.ts';
import { ADMIN_USERS_MODEL, type AdminUserDocument } from '@fitness/projections/admin/admin-users-projection.ts';
import type { ReadStore } from '@fitness/stores';
import { signedInRead } from '../read-your-writes.ts';
import type { QueryServices } from '../services.ts';
import { analyticsFor, statsAt } from './analytics.ts';

/** The read models the admin reads come from; a read carrying X-Min-Position waits for them. */
const ADMIN_MODELS = ['users', ADMIN_USERS_MODEL, ADMIN_ANALYTICS_MODEL, 'workouts', 'meals', PERSONAL_RECORDS_MODEL];

/** What an admin sees of a user: the API user (never the token hashes), last activity and counts. */
export async function adminUserDetail(readStore: ReadStore, userId: string) {
  const user = await readStore.get<UserDocument>('users', userId);
  if (!user) throw new NotFound('User not found.');
  const { tokens: _tokens, _position, ...shown } = user as UserDocument & { _position?: number };
  const [row, workouts, meals, records] = await Promise.all([
    readStore.get<AdminUserDocument>(ADMIN_USERS_MODEL, userId),
    readStore.count('workouts', { user_id: userId }),
    readStore.count('meals', { user_id: userId }),
    readStore.count(PERSONAL_RECORDS_MODEL, { user_id: userId, kind: 'exercise_records' }),
  ]);
  return { ...shown, last_active_at: row?.last_active_at ?? null, counts: { workouts, meals, records } };
}

/**
 * The admin reads (spec 7 "Admin"): the dashboard's stats, the users table and a user's detail,
 * and the analytics, all from read models, but for the projections' lag, counted in the log's
 * events. Admins only: 401 for guests, 403 for users.
 */
export const adminQueryRoutes: FastifyPluginAsyncTypebox<QueryServices> = async (app, services) => {
  const { readStore } = services;
  app.addHook('onRequest', signedInRead(services, ADMIN_MODELS, 'admin'));
  const denied = { 401: ErrorBody, 403: ErrorBody };

  app.get(
    '/stats',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Dashboard numbers: users (total, admins, new today and this week), active users, ' +
          "today's workouts, sets and meals, the log's position and each projection's lag in events",
        response: { 200: AdminStats, ...denied },
      },
    },
    async () => statsAt(services, new Date()),
  );

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Users, newest first: search by name or email (case and accents do not matter), filter by role; ' +
          'per_page defaults to the "users per page" setting',
        querystring: AdminUserListQuery,
        response: { 200: AdminUserList, ...denied, 422: ErrorBody },
      },
    },
    async (request) => {
      const { search, role, page = 1 } = request.query;
      const perPage = request.query.per_page ?? (await services.authenticator.systemSettings()).users_per_page;
      const rows = await readStore.find<AdminUserDocument>(ADMIN_USERS_MODEL, {
        ...(role && { where: { role } }),
        orderBy: [
          { field: 'created_at', direction: 'desc' },
          { field: 'id', direction: 'asc' },
        ],
      });
      const needle = search ? searchable(search) : '';
      const found = needle ? rows.filter((row) => row.search.includes(needle)) : rows;
      const { items, meta } = pageOf(found, page, perPage);
      return {
        data: items.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          created_at: row.created_at,
          last_active_at: row.last_active_at,
        })),
        meta,
      };
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'A user with profile, sign-up date, last activity and counts of workouts, meals and records',
        params: AdminUserParams,
        response: { 200: AdminUserDetail, ...denied, 404: ErrorBody },
      },
    },
    async (request) => adminUserDetail(readStore, request.params.id),
  );

  app.get(
    '/analytics',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Sign-ups, active users, workouts completed, sets logged, volume lifted and meals logged: ' +
          'per day for a week or month, per week for a year, with totals',
        querystring: AdminAnalyticsQuery,
        response: { 200: AdminAnalytics, ...denied, 422: ErrorBody },
      },
    },
    async (request) => analyticsFor(readStore, request.query.period ?? 'week', new Date()),
  );
};
