import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AppLayout } from './AppLayout.tsx';
import { Guarded } from './Guarded.tsx';
import { GuestLayout } from './GuestLayout.tsx';
import type { Access } from './guards.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { lazyScreen, ScreenBoundary } from './ScreenBoundary.tsx';
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
/** The workouts list with its import button: one screen, fetched together. */
const WorkoutsPage = lazyScreen(async () => {
  const [{ WorkoutsPage }, { ImportWorkoutsButton }] = await Promise.all([
    import('../features/workouts/WorkoutsPage.tsx'),
    import('../features/imports/ImportWorkoutsButton.tsx'),
  ]);
  return ({ imports }: { imports: FeatureStores['imports'] }) => (
    <WorkoutsPage importButton={<ImportWorkoutsButton imports={imports} />} />
  );
});
const WorkoutDetailPage = lazyScreen(() =>
  import('../features/workouts/WorkoutDetailPage.tsx').then((m) => m.WorkoutDetailPage),
);
const TemplatesPage = lazyScreen(() => import('../features/templates/TemplatesPage.tsx').then((m) => m.TemplatesPage));
const ExercisesPage = lazyScreen(() => import('../features/exercises/ExercisesPage.tsx').then((m) => m.ExercisesPage));
const MealsPage = lazyScreen(() => import('../features/meals/MealsPage.tsx').then((m) => m.MealsPage));
const ProfilePage = lazyScreen(() => import('../features/profile/ProfilePage.tsx').then((m) => m.ProfilePage));
const SettingsPage = lazyScreen(() => import('../features/settings/SettingsPage.tsx').then((m) => m.SettingsPage));
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

const signedIn = (access: Access, page: ReactNode) => (
  <Guarded access={access}>
    <AppLayout>
      <ScreenBoundary>{page}</ScreenBoundary>
    </AppLayout>
  </Guarded>
);
const guest = (access: Access, page: ReactNode) => (
  <Guarded access={access}>
    <GuestLayout>
      <ScreenBoundary>{page}</ScreenBoundary>
    </GuestLayout>
  </Guarded>
);

/** Every route of spec section 2, with its guard; each page gets the stores only it reads. */
export function Routes({ stores }: { stores: FeatureStores }) {
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/dashboard" replace />
      </Route>
      <Route path="/login">{guest('guest', <LoginPage />)}</Route>
      <Route path="/register">{guest('guest', <RegisterPage />)}</Route>
      <Route path="/forgot-password">{guest('guest', <ForgotPasswordPage />)}</Route>
      {/* A mailed link may be opened signed in or not (a reset signs every device out anyway). */}
      <Route path="/reset-password">{guest('any', <ResetPasswordPage />)}</Route>
      <Route path="/verify-email">{guest('any', <VerifyEmailPage />)}</Route>
      <Route path="/oauth/google/callback">{guest('any', <GoogleCallbackPage />)}</Route>
      <Route path="/dashboard">
        {signedIn('user', <DashboardPage metrics={stores.dashboard} weather={stores.weather} />)}
      </Route>
      <Route path="/workouts">{signedIn('user', <WorkoutsPage imports={stores.imports} />)}</Route>
      <Route path="/workouts/:id">
        {(params) => signedIn('user', <WorkoutDetailPage id={params.id} lookup={stores.exerciseLookup} />)}
      </Route>
      <Route path="/templates">{signedIn('user', <TemplatesPage templates={stores.templates} />)}</Route>
      <Route path="/exercises">{signedIn('user', <ExercisesPage library={stores.exercises} />)}</Route>
      <Route path="/meals">{signedIn('user', <MealsPage meals={stores.meals} />)}</Route>
      <Route path="/profile">{signedIn('user', <ProfilePage weighIns={stores.weighIns} />)}</Route>
      <Route path="/settings">
        {signedIn('user', <SettingsPage accessTokens={stores.accessTokens} push={stores.push} />)}
      </Route>
      <Route path="/admin">{signedIn('admin', <AdminDashboardPage admin={stores.admin} />)}</Route>
      <Route path="/admin/users">{signedIn('admin', <AdminUsersPage admin={stores.admin} />)}</Route>
      <Route path="/admin/analytics">{signedIn('admin', <AdminAnalyticsPage admin={stores.admin} />)}</Route>
      <Route path="/admin/settings">{signedIn('admin', <AdminSettingsPage admin={stores.admin} />)}</Route>
      <Route path="/admin/events">{signedIn('admin', <EventExplorerPage explorer={stores.eventExplorer} />)}</Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
