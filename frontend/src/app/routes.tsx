import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { OnboardingFirst } from '../features/onboarding/OnboardingFirst.tsx';
import { AppLayout } from './AppLayout.tsx';
import { Guarded } from './Guarded.tsx';
import { GuestLayout } from './GuestLayout.tsx';
import type { Access } from './guards.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { type LazyScreen, lazyScreen, ScreenBoundary } from './ScreenBoundary.tsx';
import type { FeatureStores } from './services.ts';

/*
 * Every screen is its own chunk, fetched when first shown: the first page a visitor opens loads
 * only the shell and that screen. The admin area and the event explorer come only to admins,
 * and the charts (lazy inside their screens) only with the screens that draw them.
 */
const LoginPage = lazyScreen(() => import('../features/auth/LoginPage.tsx').then((m) => m.LoginPage));
const RegisterPage = lazyScreen(() => import('../features/auth/RegisterPage.tsx').then((m) => m.RegisterPage));
const ForgotPasswordPage = lazyScreen(() =>
  import('../features/auth/AccountHelpPages.tsx').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyScreen(() =>
  import('../features/auth/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
);
const VerifyEmailPage = lazyScreen(() => import('../features/auth/VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage));
const GoogleCallbackPage = lazyScreen(() =>
  import('../features/auth/GoogleCallbackPage.tsx').then((m) => m.GoogleCallbackPage),
);
const DashboardPage = lazyScreen(() => import('../features/dashboard/DashboardPage.tsx').then((m) => m.DashboardPage));
/** The workouts list with its import button and its templates to start: one screen, fetched together. */
const WorkoutsPage = lazyScreen(async () => {
  const [{ WorkoutsPage }, { ImportWorkoutsButton }, { TemplateShortcuts }] = await Promise.all([
    import('../features/workouts/WorkoutsPage.tsx'),
    import('../features/imports/ImportWorkoutsButton.tsx'),
    import('../features/templates/TemplateShortcuts.tsx'),
  ]);
  return ({
    imports,
    templates,
    trainingCalendar,
  }: Pick<FeatureStores, 'imports' | 'templates' | 'trainingCalendar'>) => (
    <WorkoutsPage
      importButton={<ImportWorkoutsButton imports={imports} />}
      templateShortcuts={<TemplateShortcuts templates={templates} />}
      calendar={trainingCalendar}
    />
  );
});
const WorkoutDetailPage = lazyScreen(() =>
  import('../features/workouts/WorkoutDetailPage.tsx').then((m) => m.WorkoutDetailPage),
);
const WorkoutSummaryPage = lazyScreen(() =>
  import('../features/workouts/WorkoutSummaryPage.tsx').then((m) => m.WorkoutSummaryPage),
);
const TemplatesPage = lazyScreen(() => import('../features/templates/TemplatesPage.tsx').then((m) => m.TemplatesPage));
const ExercisesPage = lazyScreen(() => import('../features/exercises/ExercisesPage.tsx').then((m) => m.ExercisesPage));
const ExerciseProgressPage = lazyScreen(() =>
  import('../features/exercises/ExerciseProgressPage.tsx').then((m) => m.ExerciseProgressPage),
);
const MealsPage = lazyScreen(() => import('../features/meals/MealsPage.tsx').then((m) => m.MealsPage));
const ProgressPage = lazyScreen(() => import('../features/progress/ProgressPage.tsx').then((m) => m.ProgressPage));
const ProfilePage = lazyScreen(() => import('../features/profile/ProfilePage.tsx').then((m) => m.ProfilePage));
const SettingsPage = lazyScreen(() => import('../features/settings/SettingsPage.tsx').then((m) => m.SettingsPage));
const OnboardingPage = lazyScreen(() =>
  import('../features/onboarding/OnboardingPage.tsx').then((m) => m.OnboardingPage),
);
const AdminDashboardPage = lazyScreen(() =>
  import('../features/admin/AdminDashboardPage.tsx').then((m) => m.AdminDashboardPage),
);
const AdminUsersPage = lazyScreen(() => import('../features/admin/AdminUsersPage.tsx').then((m) => m.AdminUsersPage));
const AdminAnalyticsPage = lazyScreen(() =>
  import('../features/admin/AdminAnalyticsPage.tsx').then((m) => m.AdminAnalyticsPage),
);
const AdminSettingsPage = lazyScreen(() =>
  import('../features/admin/AdminSettingsPage.tsx').then((m) => m.AdminSettingsPage),
);
const EventExplorerPage = lazyScreen(() =>
  import('../features/event-explorer/EventExplorerPage.tsx').then((m) => m.EventExplorerPage),
);

/** The layout around a screen follows who may open it: the app's shell for users, the guest frame otherwise. */
const framed = (access: Access, page: ReactNode) => (
  <Guarded access={access}>
    {access === 'user' || access === 'admin' ? (
      <AppLayout>
        <ScreenBoundary>{page}</ScreenBoundary>
      </AppLayout>
    ) : (
      <GuestLayout>
        <ScreenBoundary>{page}</ScreenBoundary>
      </GuestLayout>
    )}
  </Guarded>
);

type ScreenRoute = {
  path: string;
  access: Access;
  screen: LazyScreen;
  show(stores: FeatureStores, params: Record<string, string | undefined>): ReactNode;
};

/** Every route of spec section 2, with its guard; each page gets the stores only it reads. */
const SCREENS: ScreenRoute[] = [
  { path: '/login', access: 'guest', screen: LoginPage, show: () => <LoginPage /> },
  { path: '/register', access: 'guest', screen: RegisterPage, show: () => <RegisterPage /> },
  { path: '/forgot-password', access: 'guest', screen: ForgotPasswordPage, show: () => <ForgotPasswordPage /> },
  // A mailed link may be opened signed in or not (a reset signs every device out anyway).
  { path: '/reset-password', access: 'any', screen: ResetPasswordPage, show: () => <ResetPasswordPage /> },
  { path: '/verify-email', access: 'any', screen: VerifyEmailPage, show: () => <VerifyEmailPage /> },
  { path: '/oauth/google/callback', access: 'any', screen: GoogleCallbackPage, show: () => <GoogleCallbackPage /> },
  {
    path: '/dashboard',
    access: 'user',
    screen: DashboardPage,
    // Signing up or in lands here: an onboarding under way comes first.
    show: (stores) => (
      <OnboardingFirst>
        <DashboardPage metrics={stores.dashboard} weather={stores.weather} />
      </OnboardingFirst>
    ),
  },
  {
    path: '/workouts',
    access: 'user',
    screen: WorkoutsPage,
    show: (stores) => (
      <WorkoutsPage imports={stores.imports} templates={stores.templates} trainingCalendar={stores.trainingCalendar} />
    ),
  },
  {
    path: '/workouts/:id',
    access: 'user',
    screen: WorkoutDetailPage,
    show: (stores, params) => <WorkoutDetailPage id={params.id ?? ''} lookup={stores.exerciseLookup} />,
  },
  {
    path: '/workouts/:id/summary',
    access: 'user',
    screen: WorkoutSummaryPage,
    show: (_stores, params) => <WorkoutSummaryPage id={params.id ?? ''} />,
  },
  {
    path: '/templates',
    access: 'user',
    screen: TemplatesPage,
    show: (stores) => <TemplatesPage templates={stores.templates} />,
  },
  {
    path: '/exercises',
    access: 'user',
    screen: ExercisesPage,
    show: (stores) => <ExercisesPage library={stores.exercises} />,
  },
  {
    path: '/exercises/:id',
    access: 'user',
    screen: ExerciseProgressPage,
    show: (stores, params) => <ExerciseProgressPage id={params.id ?? ''} progress={stores.exerciseProgress} />,
  },
  { path: '/meals', access: 'user', screen: MealsPage, show: (stores) => <MealsPage meals={stores.meals} /> },
  {
    path: '/progress',
    access: 'user',
    screen: ProgressPage,
    show: (stores) => <ProgressPage screen={stores.progressScreen} />,
  },
  {
    path: '/profile',
    access: 'user',
    screen: ProfilePage,
    show: (stores) => <ProfilePage weighIns={stores.weighIns} />,
  },
  { path: '/onboarding', access: 'user', screen: OnboardingPage, show: () => <OnboardingPage /> },
  {
    path: '/settings',
    access: 'user',
    screen: SettingsPage,
    show: (stores) => <SettingsPage accessTokens={stores.accessTokens} push={stores.push} />,
  },
  {
    path: '/admin',
    access: 'admin',
    screen: AdminDashboardPage,
    show: (stores) => <AdminDashboardPage admin={stores.admin} />,
  },
  {
    path: '/admin/users',
    access: 'admin',
    screen: AdminUsersPage,
    show: (stores) => <AdminUsersPage admin={stores.admin} />,
  },
  {
    path: '/admin/analytics',
    access: 'admin',
    screen: AdminAnalyticsPage,
    show: (stores) => <AdminAnalyticsPage admin={stores.admin} />,
  },
  {
    path: '/admin/settings',
    access: 'admin',
    screen: AdminSettingsPage,
    show: (stores) => <AdminSettingsPage admin={stores.admin} />,
  },
  {
    path: '/admin/events',
    access: 'admin',
    screen: EventExplorerPage,
    show: (stores) => <EventExplorerPage explorer={stores.eventExplorer} />,
  },
];

/** Every screen's path pattern and who may open it (the phone overflow test walks them all). */
export const screenPaths = () => SCREENS.map(({ path, access }) => ({ path, access }));

export function Routes({ stores }: { stores: FeatureStores }) {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      {SCREENS.map(({ path, access, show }) => (
        <Route key={path} path={path}>
          {(params) => framed(access, show(stores, params))}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

/** Whether a route pattern ("/workouts/:id") matches a path ("/workouts/42"). */
const matches = (pattern: string, path: string) => {
  const want = pattern.split('/');
  const have = path.split('/');
  return (
    want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
  );
};

/**
 * Starts fetching the code of the screen a first load at `path` will show, so it downloads while
 * the app starts rather than after. Only when the visitor may see it (a guest-only screen when
 * signed out, a signed-in one when signed in): a redirect would make it a wasted download.
 */
export function preloadScreen(path: string, signedIn: boolean): Promise<unknown> {
  const route = SCREENS.find((screen) => matches(screen.path, path === '/' ? '/dashboard' : path));
  if (!route) return Promise.resolve();
  const mayShow = route.access === 'any' || (route.access === 'guest') !== signedIn;
  return mayShow ? route.screen.preload() : Promise.resolve();
}

/**
 * Fetches, in the background, the code of every screen this visitor may open, so moving between
 * screens never waits for a download (the service worker keeps the same files for offline use).
 * One screen at a time, each when the browser is idle: fetched together, their modules arrived
 * together and were evaluated in one long task (on a phone, ~100 ms in which a tap waited).
 */
export async function preloadScreens(access: 'guest' | 'user' | 'admin') {
  const mayOpen = (route: ScreenRoute) =>
    route.access === 'any' ||
    (access === 'guest' ? route.access === 'guest' : route.access === 'user' || route.access === access);
  for (const route of SCREENS.filter(mayOpen)) {
    await browserIdle();
    // A screen that cannot be fetched now is fetched when it is opened (and says so if it still cannot).
    await route.screen.preload().catch(() => undefined);
  }
}

/** Resolves when the browser next has a quiet moment (Safari has no requestIdleCallback: a short wait there). */
function browserIdle() {
  return new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 50);
  });
}
