import type { SiteInfo } from '@fitness/contracts';
import { proxy, subscribe } from 'valtio';
import { navigate } from 'wouter/use-browser-location';
import { createAdmin } from '../features/admin/store.ts';
import { createDashboard } from '../features/dashboard/store.ts';
import { createWeather } from '../features/dashboard/weather-store.ts';
import { createEventExplorer } from '../features/event-explorer/store.ts';
import { createExerciseProgress } from '../features/exercises/progress-store.ts';
import { createExercises } from '../features/exercises/store.ts';
import { createImports } from '../features/imports/store.ts';
import { createMeals } from '../features/meals/store.ts';
import { createWeighIns } from '../features/profile/store.ts';
import { createProgressScreen } from '../features/progress/store.ts';
import { createAccessTokens } from '../features/settings/access-tokens-store.ts';
import { createPushNotifications } from '../features/settings/push-notifications.ts';
import { createTemplates } from '../features/templates/store.ts';
import { createExerciseLookup } from '../features/workouts/exercise-lookup.ts';
import { createTrainingCalendar } from '../features/workouts/training-calendar.ts';
import { createApiClient } from '../lib/api-client.ts';
import { applyDocumentLanguage, i18n, isLanguage, type Language, loadLanguage } from '../lib/i18n.ts';
import { createLibraryNames, exerciseName } from '../lib/library-names.ts';
import type { LiveStore } from '../lib/live.ts';
import { liveResource } from '../lib/live-resource.ts';
import { followBackgroundSync } from '../lib/offline/background-sync.ts';
import { createFlusher } from '../lib/offline/flush.ts';
import { forgetLastSeen, openLastSeen } from '../lib/offline/last-seen.ts';
import {
  browserConnection,
  createOfflineSync,
  type OfflineState,
  type OfflineSync,
} from '../lib/offline/offline-sync.ts';
import { openOutbox } from '../lib/offline/outbox.ts';
import { forgetReads, openReadCache } from '../lib/offline/read-cache.ts';
import { createRestTimer } from '../lib/rest-timer.ts';
import { createScrollMemory } from '../lib/scroll-memory.ts';
import { createServiceWorker } from '../lib/service-worker.ts';
import type { Services } from '../lib/services.ts';
import { browserStorage, STORAGE_KEYS } from '../lib/storage.ts';
import { createAuth } from '../lib/stores/auth.ts';
import { createInProgress } from '../lib/stores/in-progress.ts';
import { createProgress } from '../lib/stores/progress.ts';
import { createRecords } from '../lib/stores/records.ts';
import { createSettings } from '../lib/stores/settings.ts';
import { createSettingsSync } from '../lib/stores/settings-sync.ts';
import { createSite } from '../lib/stores/site.ts';
import { workoutLabels } from '../lib/stores/workout-labels.ts';
import { createWorkouts } from '../lib/stores/workouts.ts';
import { applyTheme } from '../lib/theme.ts';
import { createToasts } from '../lib/toasts.ts';
import { loginRedirect } from './guards.ts';
import { mealLabels, weighInLabels } from './offline-meal-labels.ts';

/**
 * The app's single instances, wired once at startup: storage, toasts, settings, the API client,
 * auth, the stores and the live channel. `services` goes to every screen through
 * <ServicesContext>; `stores` are the stores only one feature reads, which the routes hand to
 * that feature's page. Nothing else creates any of them.
 */
export function createServices() {
  const storage = browserStorage();
  const toasts = createToasts();
  const settings = createSettings(storage);
  const scroll = createScrollMemory();
  /** A screen opened from outside a screen (a push clicked, a session expired), at its top like any other. */
  const open = (path: string) => scroll.aroundNav(navigate, path);
  // Only the built app has a worker; a click on a push brings the app to the screen it names.
  const serviceWorker = createServiceWorker({ enabled: import.meta.env.PROD, navigate: open });

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
      sessionExpired = true;
      auth.clear();
      open(loginRedirect(target));
    },
    translate: (key) => i18n.t(key),
    // With one bar the browser says online while nothing gets through: the signed-in user's writes then wait too.
    onNoResponse: () => signedInSync?.noResponse() ?? false,
    onResponse: () => signedInSync?.answered(),
  });
  /** The signed-in user's offline state (followOutbox), told by the API client whether the server answers. */
  let signedInSync: OfflineSync | null = null;

  const auth = createAuth({ api, storage });
  /** The sign-out in progress is a lost session, not the user's: their kept reads stay for their next sign-in. */
  let sessionExpired = false;
  const settingsSync = createSettingsSync({
    api,
    settings,
    storage,
    signedInUserId: () => auth.state.user?.id ?? null,
  });
  const site = createSite(() => api.get<SiteInfo>('/site'));
  const workouts = createWorkouts(api, storage);
  const inProgress = createInProgress(api, workouts);
  const libraryNames = createLibraryNames(api);
  const records = createRecords(api, {
    announce(fresh) {
      // A record set in the workout on screen shows as a badge on its set's row: no toast over the rows.
      const news = fresh.filter(({ record }) => !workouts.showing(record.workout_id));
      if (news.length === 0) return;
      const language = isLanguage(i18n.language) ? i18n.language : 'en';
      const names = [
        ...new Set(news.map(({ exercise_id, name }) => exerciseName(libraryNames.state, language, exercise_id, name))),
      ].join(', ');
      const kinds = news.map(({ type }) => i18n.t(`records.types.${type}`)).join(', ');
      toasts.success(i18n.t('records.newRecord'), `${names}: ${kinds}`);
    },
  });
  const progress = createProgress(api, {
    announce: (id) => toasts.success(i18n.t('achievements.unlocked'), i18n.t(`achievements.names.${id}`)),
    settings,
  });
  const restTimer = createRestTimer();

  const stores = {
    dashboard: createDashboard(api, () => settings.state.startOfWeek),
    weather: createWeather(api, storage),
    exercises: createExercises(api),
    exerciseProgress: createExerciseProgress(api, () => auth.state.user?.id ?? null),
    exerciseLookup: createExerciseLookup(api),
    meals: createMeals(api),
    templates: createTemplates(api),
    trainingCalendar: createTrainingCalendar(api),
    weighIns: createWeighIns(api),
    progressScreen: createProgressScreen(api, {
      userId: () => auth.state.user?.id ?? null,
      startOfWeek: () => settings.state.startOfWeek,
    }),
    imports: createImports(api, workouts),
    eventExplorer: createEventExplorer(api),
    accessTokens: createAccessTokens(api, () => auth.state.user?.id ?? null),
    // A 403 from the admin API means this admin was demoted meanwhile: fetching who they are
    // now takes the admin screens away (the route guard sends them to the dashboard).
    admin: createAdmin(api, { onForbidden: () => auth.fetchUser().catch(() => undefined) }),
    push: createPushNotifications(api, settings, () => serviceWorker.registration()),
  };
  /**
   * The signed-in user as the server has them: a change made elsewhere (verified on the phone,
   * promoted by an admin, renamed on another device) shows here without a reload.
   */
  const signedInUser = liveResource({
    what: 'your account',
    fetch: () => auth.fetchUser(),
    take: () => {},
    answered: api.isOwnWrite,
    always: true,
  });
  const account: LiveStore = {
    async applyChange(notice) {
      if (notice.model === 'users' && notice.id === auth.state.user?.id) await signedInUser.follow(notice);
    },
    refresh: async () => {
      if (auth.state.token) await signedInUser.refresh();
    },
    clear: () => signedInUser.clear(),
  };
  const live: LiveStore[] = [
    site,
    account,
    settingsSync,
    workouts,
    records,
    progress,
    stores.dashboard,
    stores.exercises,
    stores.exerciseProgress,
    stores.meals,
    stores.templates,
    stores.trainingCalendar,
    stores.weighIns,
    stores.progressScreen,
    stores.admin,
    stores.accessTokens,
  ];

  /** Sets the document language, saves the locale, and keeps the settings entry in step. */
  async function changeLanguage(language: Language) {
    try {
      await loadLanguage(language);
    } catch (error) {
      console.error(`The ${language} texts could not be loaded`, error);
      toasts.error(i18n.t('app.languageFailed'));
      return;
    }
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

  /**
   * The settings' language and the one on screen stay one: the `locale` key the app started with
   * wins at startup (an older page kept only that), and a language arriving later in the
   * settings (chosen on another device) is applied here.
   */
  function followLanguage() {
    if (settings.state.language !== i18n.language && isLanguage(i18n.language)) {
      settings.update('language', i18n.language);
    }
    let language = settings.state.language;
    subscribe(settings.state, () => {
      if (settings.state.language === language) return;
      language = settings.state.language;
      if (language !== i18n.language && isLanguage(language)) void changeLanguage(language);
    });
  }

  /** The site's name and registration from the server, fresh on focus; the page title follows the name. */
  function followSite() {
    subscribe(site.state, () => {
      if (site.state.info) document.title = site.state.info.site_name;
    });
    site.follow(window);
    site.refresh();
  }

  /** Resolved by `firstScreenShown`. */
  let screenShown = () => {};
  const firstScreen = new Promise<void>((resolve) => {
    screenShown = resolve;
  });
  /**
   * The live channel's code (socket.io) is fetched only once someone is signed in, and only after
   * the first screen is up: the sign-in screen does without it, and the dashboard draws before
   * it (what a screen loaded before the channel opened is read again when it does). Asked for
   * once; a failure leaves the app working without live updates.
   */
  let liveCode: Promise<typeof import('../lib/live.ts')> | null = null;
  const loadLive = () => {
    liveCode ??= firstScreen.then(() => import('../lib/live.ts'));
    return liveCode;
  };

  /** Keeps the live channel open exactly while someone is signed in; signing out empties the stores. */
  function followSignIn() {
    let disconnect: (() => void) | null = null;
    let token: string | null = null;
    let started = false;
    /** Counts sign-ins and -outs, so a channel whose code arrives after the session changed is not opened. */
    let session = 0;
    const connect = (signedInToken: string, forSession: number) =>
      loadLive().then(
        ({ connectLive }) => {
          if (forSession !== session) return;
          disconnect = connectLive(signedInToken, {
            onChange: (notice) => {
              for (const store of live) {
                store.applyChange(notice).catch((error) => console.error('Failed to apply a live change', error));
              }
            },
            onConnect: () => {
              // What the screens loaded before the channel (re)opened may have missed changes;
              // a store reads again only what a screen shows.
              for (const store of live) {
                store
                  .refresh()
                  .catch((error) => console.error('Failed to refresh once the live channel opened', error));
              }
            },
            onServerClosed: () => {
              site.refresh();
            },
          });
        },
        (error) => console.error('The live channel could not be loaded', error),
      );
    const sync = () => {
      if (auth.state.token === token) return;
      disconnect?.();
      disconnect = null;
      session += 1;
      const signingIn = token === null && started;
      token = auth.state.token;
      if (!token) {
        for (const store of live) store.clear();
        stores.exerciseLookup.clear();
        restTimer.stop();
        return;
      }
      // The settings follow the user: a stored sign-in takes the server's, a new one brings this browser's.
      (signingIn ? settingsSync.signedIn() : settingsSync.restored()).catch(() => undefined);
      void connect(token, session);
    };
    subscribe(auth.state, sync);
    sync();
    // From here on, a token appearing is someone signing in on this page, not a stored session.
    started = true;
  }

  /** What the app shell shows of the signed-in user's outbox; all quiet while nobody is signed in. */
  const offline = {
    state: proxy<OfflineState>({
      online: browserConnection().online(),
      waiting: 0,
      notKept: [],
      signInNeeded: false,
    }),
    dismiss: async (_seq: number) => {},
  };

  /** Where the browser has it, the service worker sends the outbox once the connection returns, no tab needed. */
  const backgroundSync = followBackgroundSync({
    registration: () => serviceWorker.registration(),
    session: () =>
      auth.state.user && auth.state.token
        ? { userId: auth.state.user.id, token: auth.state.token, language: i18n.language }
        : null,
    onChange: (changed) => {
      subscribe(auth.state, changed);
      i18n.on('languageChanged', changed);
    },
  });

  /**
   * The signed-in user's outbox, open exactly while they are signed in (one database per user):
   * the workouts store writes to it without a connection, its state shows in the app shell, and
   * what an earlier visit left waiting is sent at once.
   */
  function followOutbox() {
    let userId: string | null = null;
    let close = () => {};
    let closeReads = (_forget: boolean) => {};
    const open = async (forUser: string) => {
      // Reads answer from the user's cache when there is no network, from the sign-in on.
      const reads = openReadCache(forUser);
      api.readFrom(reads.catch(() => null));
      closeReads = (forget) => {
        api.readFrom(null);
        void reads.then(
          (cache) => cache.close(),
          () => undefined,
        );
        if (forget) {
          forgetReads(forUser).catch((error) => console.error('The read cache could not be forgotten', error));
          // The workout in progress as last seen, sets and all, is the user's data too.
          forgetLastSeen(forUser).catch((error) =>
            console.error('The workouts last seen could not be forgotten', error),
          );
        }
      };
      reads.catch((error) => console.error('The read cache could not be opened', error));
      const [outbox, lastSeen] = await Promise.all([openOutbox(forUser), openLastSeen(forUser)]);
      if (userId !== forUser) {
        outbox.close();
        lastSeen.close();
        return;
      }
      const flusher = createFlusher({
        outbox,
        session: () =>
          auth.state.user && auth.state.token ? { userId: auth.state.user.id, token: auth.state.token } : null,
        language: () => i18n.language,
        // The screens read back after a flush show what it sent.
        onPosition: api.sawPosition,
      });
      const sync = createOfflineSync({ outbox, flusher, backgroundSync: backgroundSync.request, probe: api.probe });
      signedInSync = sync;
      const mirror = () => Object.assign(offline.state, sync.state);
      const unmirror = subscribe(sync.state, mirror);
      mirror();
      offline.dismiss = sync.dismiss;
      close = () => {
        signedInSync = null;
        unmirror();
        sync.stop();
        void workouts.writeOffline(null);
        void stores.meals.writeOffline(null);
        void stores.weighIns.writeOffline(null);
        outbox.close();
        lastSeen.close();
        // A server found unreachable in the session is the session's: signed out, the browser's word stands.
        Object.assign(offline.state, {
          online: browserConnection().online(),
          waiting: 0,
          notKept: [],
          signInNeeded: false,
        });
        offline.dismiss = async () => {};
      };
      await workouts.writeOffline({
        userId: forUser,
        outbox,
        sync,
        lastSeen,
        labels: workoutLabels((key, values) => i18n.t(key, values)),
      });
      // Signed out meanwhile: `close` ran, and nothing more may be handed this user's outbox.
      if (userId !== forUser) return;
      const units = () => settings.state.units;
      await Promise.all([
        stores.meals.writeOffline({ userId: forUser, outbox, sync, labels: mealLabels(units) }),
        stores.weighIns.writeOffline({ userId: forUser, outbox, sync, labels: weighInLabels(units) }),
      ]);
      if (userId !== forUser) return;
      await sync.start();
    };
    const follow = () => {
      const signedIn = auth.state.token ? (auth.state.user?.id ?? null) : null;
      if (signedIn === userId) return;
      close();
      close = () => {};
      // A user who signs out (a shared computer) leaves nothing of theirs to read; a lost session keeps it.
      closeReads(!sessionExpired);
      closeReads = () => {};
      sessionExpired = false;
      userId = signedIn;
      if (signedIn) open(signedIn).catch((error) => console.error('The offline outbox could not be opened', error));
    };
    subscribe(auth.state, follow);
    follow();
  }

  const services: Services = {
    offline,
    toasts,
    settings,
    auth,
    workouts,
    inProgress,
    records,
    progress,
    restTimer,
    scroll,
    libraryNames,
    changeLanguage,
  };

  return {
    services,
    /** Every navigation of the router goes through it (App.tsx). */
    aroundNav: scroll.aroundNav,
    stores,
    serviceWorker,
    /** Who is here now: which screens they may open. */
    access: () =>
      (!auth.state.user ? 'guest' : auth.state.user.role === 'admin' ? 'admin' : 'user') as 'guest' | 'user' | 'admin',
    /** Whether a sign-in was kept from an earlier visit (checked with the server in `start`). */
    hasStoredSession: () => storage.getItem(STORAGE_KEYS.token) !== null,
    /** The language at startup: the `locale` key (spec), defaulting to en. */
    initialLanguage(): Language {
      const stored = storage.getItem(STORAGE_KEYS.locale);
      return isLanguage(stored) ? stored : 'en';
    },
    /** Startup: theme, stored session (refreshed from the server), live channel. */
    async start() {
      followTheme();
      followLanguage();
      followSite();
      await auth.restore();
      // The screens show at once, without waiting for the live channel to open (a second and
      // more on a phone's network, which held the first screen up): what they load before it
      // opens is read again when it does, so no change made meanwhile goes unheard.
      followSignIn();
      followOutbox();
    },
    /** The first screen is up and the browser idle: the live channel may open now. */
    firstScreenShown: () => screenShown(),
  };
}

export type AppServices = ReturnType<typeof createServices>;
export type FeatureStores = AppServices['stores'];
