import type { ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AdminAnalyticsPage } from '../features/admin/AdminAnalyticsPage.tsx';
import { AdminDashboardPage } from '../features/admin/AdminDashboardPage.tsx';
import { AdminSettingsPage } from '../features/admin/AdminSettingsPage.tsx';
import { AdminUsersPage } from '../features/admin/AdminUsersPage.tsx';
import { ForgotPasswordPage } from '../features/auth/AccountHelpPages.tsx';
import { GoogleCallbackPage } from '../features/auth/GoogleCallbackPage.tsx';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { RegisterPage } from '../features/auth/RegisterPage.tsx';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.tsx';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage.tsx';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { EventExplorerPage } from '../features/event-explorer/EventExplorerPage.tsx';
import { ExercisesPage } from '../features/exercises/ExercisesPage.tsx';
import { ImportWorkoutsButton } from '../features/imports/ImportWorkoutsButton.tsx';
import { MealsPage } from '../features/meals/MealsPage.tsx';
import { ProfilePage } from '../features/profile/ProfilePage.tsx';
import { SettingsPage } from '../features/settings/SettingsPage.tsx';
import { TemplatesPage } from '../features/templates/TemplatesPage.tsx';
import { WorkoutDetailPage } from '../features/workouts/WorkoutDetailPage.tsx';
import { WorkoutsPage } from '../features/workouts/WorkoutsPage.tsx';
import { AppLayout } from './AppLayout.tsx';
import { Guarded } from './Guarded.tsx';
import { GuestLayout } from './GuestLayout.tsx';
import type { Access } from './guards.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import type { FeatureStores } from './services.ts';

const signedIn = (access: Access, page: ReactNode) => (
  <Guarded access={access}>
    <AppLayout>{page}</AppLayout>
  </Guarded>
);
const guest = (access: Access, page: ReactNode) => (
  <Guarded access={access}>
    <GuestLayout>{page}</GuestLayout>
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
      <Route path="/workouts">
        {signedIn('user', <WorkoutsPage importButton={<ImportWorkoutsButton imports={stores.imports} />} />)}
      </Route>
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
