import { subscribe } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { createAuth } from '../features/auth/store.ts';
import { createDashboard } from '../features/dashboard/store.ts';
import { createExercises } from '../features/exercises/store.ts';
import { createMeals } from '../features/meals/store.ts';
import { createSettings } from '../features/settings/store.ts';
import { createWorkouts } from '../features/workouts/store.ts';
import { createApiClient } from '../lib/api-client.ts';
import { applyDocumentLanguage, i18n, isLanguage, type Language } from '../lib/i18n.ts';
import { type ChangeNotice, connectLive } from '../lib/live.ts';
import { createRestTimer } from '../lib/rest-timer.ts';
import { browserStorage, STORAGE_KEYS } from '../lib/storage.ts';
import { applyTheme } from '../lib/theme.ts';
import { createToasts } from '../lib/toasts.ts';
import { loginRedirect } from './guards.ts';

/**
 * The app's single instances, wired once: storage, toasts, settings, the API client, auth, the
 * feature stores and the live channel. Components reach them through `services`; features never
 * build their own.
 */
const storage = browserStorage();
const toasts = createToasts();
const settings = createSettings(storage);

const api = createApiClient({
  storage,
  cookie: (name) => {
    const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
    return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
  },
  currentPath: () => window.location.pathname,
  notify: (toast) => toasts.show(toast),
  onSessionExpired: () => {
    const target = window.location.pathname + window.location.search;
    auth.clear();
    navigate(loginRedirect(target));
  },
  translate: (key) => i18n.t(key),
});

const auth = createAuth({ api, storage });
const workouts = createWorkouts(api);
const exercises = createExercises(api);
const meals = createMeals(api);
const dashboard = createDashboard(api, () => settings.state.startOfWeek);
const restTimer = createRestTimer();

/** The language at startup: the `locale` key (spec), defaulting to en. */
export function initialLanguage(): Language {
  const stored = storage.getItem(STORAGE_KEYS.locale);
  return isLanguage(stored) ? stored : 'en';
}

/** Sets the document language, saves the locale, and keeps the settings entry in step. */
export async function changeLanguage(language: Language) {
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
  storage.setItem(STORAGE_KEYS.locale, language);
  if (settings.state.language !== language) settings.update('language', language);
}

/** Re-applies the theme whenever the setting changes ("auto" keeps following the system). */
function followTheme() {
  let stop = applyTheme(settings.state.theme);
  let theme = settings.state.theme;
  subscribe(settings.state, () => {
    if (settings.state.theme === theme) return;
    theme = settings.state.theme;
    stop();
    stop = applyTheme(theme);
  });
}

/** Screens that keep their own data (templates) listen here for the changes pushed to this user. */
const liveListeners = new Set<(notice: ChangeNotice) => void>();
export function onLiveChange(listener: (notice: ChangeNotice) => void) {
  liveListeners.add(listener);
  return () => {
    liveListeners.delete(listener);
  };
}

/** Keeps the live channel open exactly while someone is signed in. */
function followSignIn() {
  let disconnect: (() => void) | null = null;
  let token: string | null = null;
  const sync = () => {
    if (auth.state.token === token) return;
    disconnect?.();
    disconnect = null;
    token = auth.state.token;
    if (!token) {
      workouts.clear();
      exercises.clear();
      meals.clear();
      dashboard.clear();
      restTimer.stop();
      return;
    }
    disconnect = connectLive(token, {
      onChange: (notice) => {
        for (const store of [workouts, exercises, meals, dashboard]) {
          store.applyChange(notice).catch((error) => console.error('Failed to apply a live change', error));
        }
        for (const listener of liveListeners) listener(notice);
      },
      onReconnect: () => {
        for (const store of [workouts, exercises, meals, dashboard]) {
          store.refresh().catch((error) => console.error('Failed to refresh after reconnecting', error));
        }
      },
    });
  };
  subscribe(auth.state, sync);
  sync();
}

/** Startup: theme, stored session (refreshed from the server), live channel. */
export async function startServices() {
  followTheme();
  await auth.restore();
  followSignIn();
}

export const services = { storage, toasts, settings, api, auth, workouts, exercises, meals, dashboard, restTimer };
