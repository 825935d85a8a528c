import type {
  AdminAnalytics,
  AdminRole,
  AdminStats,
  AdminUserDetail,
  AdminUserList,
  AnalyticsPeriod,
} from '@fitness/contracts/admin/api.ts';
import type { SystemSettings, UpdateSystemSettingsBody } from '@fitness/contracts/system-settings/system-settings.ts';
import type { User } from '@fitness/contracts/users/api.ts';
import { proxy } from 'valtio';
import { type ApiClient, ApiError } from '../../lib/api-client.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';

export type UsersQuery = { search: string; role: '' | AdminRole; page: number };

/** The system settings' own read model: only its notices reload the settings form. */
const SETTINGS_MODEL = 'system_settings';
/** Notices come in bursts (a set changes several read models): one reload per this many ms at most. */
const RELOAD_GAP_MS = 400;
/** The read models the users table lists. */
const USER_MODELS = new Set(['users', 'admin_users']);
/**
 * The admin area's data while its screens show it: the dashboard's stats, the users table (with
 * its search, role filter and page), one user's detail, the analytics of a period, and the system
 * settings. Admins receive every user's change notices, so while a screen is open its numbers
 * follow what users do (sign-ups, sets, meals); what no screen shows is let pass. A 403 means
 * this admin was demoted meanwhile: `onForbidden` lets the app find out who they are now.
 */
export function createAdmin(api: ApiClient, options: { onForbidden(): void }) {
  const state = proxy({
    stats: null as AdminStats | null,
    statsFailed: false,
    users: null as AdminUserList | null,
    usersQuery: { search: '', role: '', page: 1 } as UsersQuery,
    usersFailed: false,
    userId: null as string | null,
    user: null as AdminUserDetail | null,
    userFailed: false,
    /** The user shown was deleted (here or by another admin). */
    userGone: false,
    period: 'week' as AnalyticsPeriod,
    analytics: null as AdminAnalytics | null,
    analyticsFailed: false,
    settings: null as SystemSettings | null,
    settingsFailed: false,
  });

  /** A 403: this admin was demoted meanwhile. */
  const forbidden = (error: unknown): never => {
    if (error instanceof ApiError && error.status === 403) options.onForbidden();
    throw error;
  };

  /** What one part of the admin screens shows, its failure in its flag (e.g. `statsFailed`). */
  type FailedFlag = 'statsFailed' | 'usersFailed' | 'userFailed' | 'analyticsFailed' | 'settingsFailed';
  function adminResource<T>(view: {
    what: string;
    flag: FailedFlag;
    fetch: () => Promise<T>;
    take: (answer: T) => void;
    answered?: (correlationId: string | null) => boolean;
  }) {
    const { flag, fetch, ...rest } = view;
    return liveResource({
      ...rest,
      fetch: () => fetch().catch(forbidden),
      status: {
        get failed() {
          return state[flag];
        },
        set failed(value) {
          state[flag] = value;
        },
      },
      gapMs: RELOAD_GAP_MS,
    });
  }

  const stats = adminResource({
    what: 'admin stats',
    flag: 'statsFailed',
    fetch: () => api.get<AdminStats>('/admin/stats'),
    take: (answer) => {
      state.stats = answer;
    },
  });

  const users = adminResource({
    what: 'admin users',
    flag: 'usersFailed',
    fetch: () => {
      const { search, role, page } = state.usersQuery;
      return api.get<AdminUserList>('/admin/users', {
        query: { search: search.trim() || undefined, role: role || undefined, page },
      });
    },
    take: (answer) => {
      state.users = answer;
    },
  });

  const user = adminResource({
    what: 'an admin user',
    flag: 'userFailed',
    fetch: async () => {
      const id = state.userId;
      if (!id) return null;
      try {
        return { id, user: await api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { id, user: null };
        throw error;
      }
    },
    take: (answer) => {
      if (!answer || state.userId !== answer.id) return;
      state.user = answer.user;
      state.userGone = answer.user === null;
    },
  });

  const analytics = adminResource({
    what: 'admin analytics',
    flag: 'analyticsFailed',
    fetch: () => api.get<AdminAnalytics>('/admin/analytics', { query: { period: state.period } }),
    take: (answer) => {
      state.analytics = answer;
    },
  });

  const settings = adminResource({
    what: 'system settings',
    flag: 'settingsFailed',
    fetch: () => api.get<SystemSettings>('/admin/settings'),
    take: (answer) => {
      state.settings = answer;
    },
    // The form's own saves answer with the settings.
    answered: api.isOwnWrite,
  });

  const views = [stats, users, user, analytics, settings];

  return {
    state,
    showStats: () => stats.show(),
    showUsers: () => users.show(),
    showAnalytics: () => analytics.show(),
    showSettings: () => settings.show(),
    /** Shows one user's detail; a different user than before starts empty. */
    showUser(id: string) {
      if (state.userId !== id) {
        user.clear();
        state.userId = id;
        state.user = null;
        state.userGone = false;
        state.userFailed = false;
      }
      return user.show();
    },
    /** A new search, role filter or page: the table reloads (a new search or filter from page 1). */
    queryUsers(change: Partial<UsersQuery>) {
      const page = change.page ?? ('search' in change || 'role' in change ? 1 : state.usersQuery.page);
      state.usersQuery = { ...state.usersQuery, ...change, page };
      return users.load();
    },
    choosePeriod(period: AnalyticsPeriod) {
      if (state.period === period) return Promise.resolve();
      state.period = period;
      state.analytics = null;
      return analytics.load();
    },
    /** Changes a user's role (409 when it would demote the last admin); the answer is the user. */
    async changeRole(id: string, role: AdminRole) {
      const changed = await api.patch<User>(`/admin/users/${encodeURIComponent(id)}/role`, { role });
      user.apply(() => {
        if (state.userId === id && state.user) state.user = { ...state.user, ...changed };
      });
      users.apply(() => {
        const row = state.users?.data.find((entry) => entry.id === id);
        if (row) row.role = changed.role;
      });
      return changed;
    },
    /** Deletes a user and erases their data (409 for the last admin). */
    async deleteUser(id: string) {
      await api.delete(`/admin/users/${encodeURIComponent(id)}`);
      user.apply(() => {
        if (state.userId !== id) return;
        state.user = null;
        state.userGone = true;
      });
      if (users.shown) await users.load();
    },
    /** Saves the settings; a 422 throws an ApiError whose fieldErrors name the fields. */
    async saveSettings(body: UpdateSystemSettingsBody) {
      const saved = await api.put<SystemSettings>('/admin/settings', body);
      settings.apply(() => {
        state.settings = saved;
      });
      return saved;
    },
    /**
     * Admins receive every user's change notices, and what the admin screens show is counted or
     * worked out by the server: any change may move a count, a chart or a row, so every view on
     * screen that it touches reads again (one more read per burst, at most one per 400 ms).
     */
    async applyChange(notice: ChangeNotice) {
      if (notice.model === SETTINGS_MODEL) {
        await settings.follow(notice);
        return;
      }
      const following = [stats.follow(notice), analytics.follow(notice)];
      if (USER_MODELS.has(notice.model)) following.push(users.follow(notice));
      if (notice.userId === state.userId || notice.id === state.userId) following.push(user.follow(notice));
      await Promise.all(following);
    },
    async refresh() {
      await Promise.all(views.map((view) => view.refresh()));
    },
    clear() {
      for (const view of views) view.clear();
      Object.assign(state, {
        stats: null,
        users: null,
        usersQuery: { search: '', role: '', page: 1 },
        userId: null,
        user: null,
        userGone: false,
        analytics: null,
        settings: null,
      });
    },
  };
}

export type AdminStore = ReturnType<typeof createAdmin>;
