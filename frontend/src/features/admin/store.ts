import type {
  AdminAnalytics,
  AdminRole,
  AdminStats,
  AdminUserDetail,
  AdminUserList,
  AnalyticsPeriod,
} from '@fitness/contracts/admin/api.ts';
import type { SystemSettings, UpdateSystemSettingsBody } from '@fitness/contracts/admin/settings.ts';
import type { User } from '@fitness/contracts/users/api.ts';
import { proxy } from 'valtio';
import { type ApiClient, ApiError } from '../../lib/api-client.ts';
import { latestLoads } from '../../lib/latest-load.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { shownCount } from '../../lib/shown.ts';
import { coalesced } from './coalesced.ts';

export type UsersQuery = { search: string; role: '' | AdminRole; page: number };

/** The system settings' own read model: only its notices reload the settings form. */
const SETTINGS_MODEL = 'system_settings';
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

  const failure = (error: unknown) => {
    if (error instanceof ApiError && error.status === 403) options.onForbidden();
    throw error;
  };

  /** The loads of one part of the state, reporting their failure in its flag (e.g. `statsFailed`). */
  type FailedFlag = 'statsFailed' | 'usersFailed' | 'userFailed' | 'analyticsFailed' | 'settingsFailed';
  const loadsFlagging = (flag: FailedFlag) =>
    latestLoads({
      get failed() {
        return state[flag];
      },
      set failed(value) {
        state[flag] = value;
      },
    });
  const statsLoads = loadsFlagging('statsFailed');
  const usersLoads = loadsFlagging('usersFailed');
  const userLoads = loadsFlagging('userFailed');
  const analyticsLoads = loadsFlagging('analyticsFailed');
  const settingsLoads = loadsFlagging('settingsFailed');

  const loadStats = () =>
    statsLoads
      .run(
        () => api.get<AdminStats>('/admin/stats'),
        (stats) => {
          state.stats = stats;
        },
      )
      .catch(failure);

  const loadUsers = () => {
    const { search, role, page } = state.usersQuery;
    return usersLoads
      .run(
        () =>
          api.get<AdminUserList>('/admin/users', {
            query: { search: search.trim() || undefined, role: role || undefined, page },
          }),
        (users) => {
          state.users = users;
        },
      )
      .catch(failure);
  };

  const loadUser = () => {
    const id = state.userId;
    if (!id) return Promise.resolve();
    return userLoads
      .run(
        () =>
          api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(id)}`).catch((error) => {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          }),
        (user) => {
          if (state.userId !== id) return;
          state.user = user;
          state.userGone = user === null;
        },
      )
      .catch(failure);
  };

  const loadAnalytics = () => {
    const period = state.period;
    return analyticsLoads
      .run(
        () => api.get<AdminAnalytics>('/admin/analytics', { query: { period } }),
        (analytics) => {
          state.analytics = analytics;
        },
      )
      .catch(failure);
  };

  const loadSettings = () =>
    settingsLoads
      .run(
        () => api.get<SystemSettings>('/admin/settings'),
        (settings) => {
          state.settings = settings;
        },
      )
      .catch(failure);

  const views = {
    stats: { screens: shownCount(loadStats, 'admin stats'), reload: coalesced(loadStats, 'admin stats') },
    users: { screens: shownCount(loadUsers, 'admin users'), reload: coalesced(loadUsers, 'admin users') },
    user: { screens: shownCount(loadUser, 'an admin user'), reload: coalesced(loadUser, 'an admin user') },
    analytics: {
      screens: shownCount(loadAnalytics, 'admin analytics'),
      reload: coalesced(loadAnalytics, 'admin analytics'),
    },
    settings: {
      screens: shownCount(loadSettings, 'system settings'),
      reload: coalesced(loadSettings, 'system settings'),
    },
  };

  return {
    state,
    showStats: () => views.stats.screens.show(),
    showUsers: () => views.users.screens.show(),
    showAnalytics: () => views.analytics.screens.show(),
    showSettings: () => views.settings.screens.show(),
    /** Shows one user's detail; a different user than before starts empty. */
    showUser(id: string) {
      if (state.userId !== id) {
        userLoads.invalidate();
        state.userId = id;
        state.user = null;
        state.userGone = false;
        state.userFailed = false;
      }
      return views.user.screens.show();
    },
    /** A new search, role filter or page: the table reloads (a new search or filter from page 1). */
    queryUsers(change: Partial<UsersQuery>) {
      const page = change.page ?? ('search' in change || 'role' in change ? 1 : state.usersQuery.page);
      state.usersQuery = { ...state.usersQuery, ...change, page };
      return loadUsers();
    },
    choosePeriod(period: AnalyticsPeriod) {
      if (state.period === period) return Promise.resolve();
      state.period = period;
      state.analytics = null;
      return loadAnalytics();
    },
    /** Changes a user's role (409 when it would demote the last admin); the answer is the user. */
    async changeRole(id: string, role: AdminRole) {
      const user = await api.patch<User>(`/admin/users/${encodeURIComponent(id)}/role`, { role });
      if (state.userId === id && state.user) state.user = { ...state.user, ...user };
      if (state.users) {
        const row = state.users.data.find((entry) => entry.id === id);
        if (row) row.role = user.role;
      }
      return user;
    },
    /** Deletes a user and erases their data (409 for the last admin). */
    async deleteUser(id: string) {
      await api.delete(`/admin/users/${encodeURIComponent(id)}`);
      if (state.userId === id) {
        state.user = null;
        state.userGone = true;
      }
      if (views.users.screens.shown) await loadUsers();
    },
    /** Saves the settings; a 422 throws an ApiError whose fieldErrors name the fields. */
    async saveSettings(body: UpdateSystemSettingsBody) {
      const settings = await api.put<SystemSettings>('/admin/settings', body);
      state.settings = settings;
      return settings;
    },
    async applyChange(notice: ChangeNotice) {
      if (notice.model === SETTINGS_MODEL) {
        if (views.settings.screens.shown && !api.isOwnWrite(notice.correlationId)) await views.settings.reload();
        return;
      }
      // Any other change may move a count, a chart or a row: every view on screen follows.
      const reloads: Promise<void>[] = [];
      if (views.stats.screens.shown) reloads.push(views.stats.reload());
      if (views.analytics.screens.shown) reloads.push(views.analytics.reload());
      if (USER_MODELS.has(notice.model) && views.users.screens.shown) reloads.push(views.users.reload());
      if (views.user.screens.shown && (notice.userId === state.userId || notice.id === state.userId)) {
        reloads.push(views.user.reload());
      }
      await Promise.all(reloads);
    },
    async refresh() {
      await Promise.all(
        Object.values(views)
          .filter((view) => view.screens.shown)
          .map((view) => view.reload()),
      );
    },
    clear() {
      for (const loads of [statsLoads, usersLoads, userLoads, analyticsLoads, settingsLoads]) loads.invalidate();
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
