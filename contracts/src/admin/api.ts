import { type Static, Type } from 'typebox';
import { PageMeta, PageNumber, PerPage } from '../paging.ts';
import { User } from '../users/api.ts';
import { EventsBehind } from './events.ts';

/**
 * The admin API (spec section 7 "Admin"): stats, users and analytics. Admin only: 401 for guests,
 * 403 for users. Days are UTC calendar days; weeks start on Monday.
 */

const Count = Type.Integer({ minimum: 0 });
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ADMIN_ROLES = ['admin', 'user'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const Role = Type.Unsafe<AdminRole>(
  Type.Union(
    ADMIN_ROLES.map((role) => Type.Literal(role)),
    { errorMessage: 'The role must be admin or user.' },
  ),
);

/**
 * One projection's place in the log (an opaque position, not a count) and its lag: how many
 * events it still has to apply to reach the furthest projection, counted up to LAG_COUNT_LIMIT.
 */
export const ProjectionLag = Type.Object({
  name: Type.String(),
  position: Count,
  lag: EventsBehind,
});
export type ProjectionLag = Static<typeof ProjectionLag>;

/** GET /admin/stats: the numbers of the admin dashboard. "This week" starts on Monday (UTC). */
export const AdminStats = Type.Object({
  /** The UTC day the "today" counters are about, `YYYY-MM-DD`. */
  date: Type.String(),
  users: Type.Object({
    total: Count,
    admins: Count,
    new_today: Count,
    new_this_week: Count,
  }),
  active_users: Type.Object({
    today: Count,
    last_7_days: Count,
  }),
  /** Workouts logged for today, finished or not; sets and meals likewise. */
  workouts_today: Count,
  sets_today: Count,
  meals_today: Count,
  /**
   * The log's last position as the projections have read it: opaque (a byte offset on
   * EventStoreDB, sparse on SQLite), growing with the log, not a count of its events.
   */
  log_position: Count,
  /** The largest lag of any projection (events, counted up to LAG_COUNT_LIMIT), and each projection's position and lag. */
  projection_lag: Type.Object({
    max: EventsBehind,
    projections: Type.Array(ProjectionLag),
  }),
});
export type AdminStats = Static<typeof AdminStats>;

/** GET /admin/users: search by name or email (case- and accent-insensitive), role filter, paging. */
export const AdminUserListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200, errorMessage: 'The search must be at most 200 characters.' })),
  role: Type.Optional(Role),
  page: Type.Optional(PageNumber),
  /** Default: the "users per page" system setting. */
  per_page: Type.Optional(PerPage(100)),
});
export type AdminUserListQuery = Static<typeof AdminUserListQuery>;

/** One row of the admin users table. `created_at` is the sign-up date. */
export const AdminUserSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: Role,
  created_at: Timestamp,
  /** When the user last did anything (signed up, logged in, trained, ate); null if never. */
  last_active_at: Nullable(Timestamp),
});
export type AdminUserSummary = Static<typeof AdminUserSummary>;

export const AdminUserList = Type.Object({ data: Type.Array(AdminUserSummary), meta: PageMeta });
export type AdminUserList = Static<typeof AdminUserList>;

export const AdminUserParams = Type.Object({ id: Type.String() });

/** GET /admin/users/{id}: the user with profile, activity and counts (a role change answers with the user alone). */
export const AdminUserDetail = Type.Object({
  ...User.properties,
  last_active_at: Nullable(Timestamp),
  counts: Type.Object({ workouts: Count, meals: Count, records: Count }),
});
export type AdminUserDetail = Static<typeof AdminUserDetail>;

/** PATCH /admin/users/{id}/role. */
export const AdminRoleBody = Type.Object({ role: Role }, { additionalProperties: false });
export type AdminRoleBody = Static<typeof AdminRoleBody>;

export const ANALYTICS_PERIODS = ['week', 'month', 'year'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** GET /admin/analytics?period=week|month|year (default week). */
export const AdminAnalyticsQuery = Type.Object({
  period: Type.Optional(
    Type.Unsafe<AnalyticsPeriod>(
      Type.Union(
        ANALYTICS_PERIODS.map((period) => Type.Literal(period)),
        { errorMessage: 'The period must be week, month or year.' },
      ),
    ),
  ),
});
export type AdminAnalyticsQuery = Static<typeof AdminAnalyticsQuery>;

const AnalyticsCounters = Type.Object({
  signups: Count,
  /** Distinct users who did anything in the bucket (or, in totals, the whole period). */
  active_users: Count,
  workouts_completed: Count,
  sets_logged: Count,
  /** Kilograms: weight × reps of the sets logged. */
  volume_lifted: Type.Number({ minimum: 0 }),
  meals_logged: Count,
});
export type AnalyticsCounters = Static<typeof AnalyticsCounters>;

/** One bucket: a day (week, month) or a Monday-started week (year); `date` is its first day. */
export const AnalyticsPoint = Type.Object({ date: Type.String(), ...AnalyticsCounters.properties });
export type AnalyticsPoint = Static<typeof AnalyticsPoint>;

/**
 * The last 7 days (week), 30 days (month) or 52 weeks (year), ending today (UTC), oldest first.
 */
export const AdminAnalytics = Type.Object({
  period: Type.Unsafe<AnalyticsPeriod>(Type.Union(ANALYTICS_PERIODS.map((period) => Type.Literal(period)))),
  bucket: Type.Union([Type.Literal('day'), Type.Literal('week')]),
  from: Type.String(),
  to: Type.String(),
  points: Type.Array(AnalyticsPoint),
  totals: AnalyticsCounters,
});
export type AdminAnalytics = Static<typeof AdminAnalytics>;
