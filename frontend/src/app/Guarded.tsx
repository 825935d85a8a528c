import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { Spinner } from '../components/Feedback.tsx';
import { toldTheUser } from '../lib/api-client.ts';
import { serverMessage } from '../lib/form.ts';
import { useServices } from '../lib/services.ts';
import { type Access, guard, guardNow } from './guards.ts';

/**
 * Runs the route guard before showing a page, redirecting (replacing history) when it says so.
 * When the answer needs no server call it is given at once, so moving between pages never
 * flashes a spinner; otherwise the user is fetched first.
 */
export function Guarded({ access, children }: { access: Access; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { auth, toasts } = useServices();
  const { t } = useTranslation();
  useSnapshot(auth.state); // re-render when someone signs in or out
  const now = guardNow(access, { isAuthenticated: auth.isAuthenticated, user: () => auth.state.user });
  const target = search ? `${location}?${search}` : location;
  const redirect = now && 'redirect' in now ? now.redirect : null;
  const needsFetch = now === null;
  const [fetchedFor, setFetchedFor] = useState<string | null>(null);

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  useEffect(() => {
    if (!needsFetch) return;
    let current = true;
    guard(access, target, {
      isAuthenticated: auth.isAuthenticated,
      user: () => auth.state.user,
      fetchUser: auth.fetchUser,
      // Once: what the API client toasted itself (the session lost, no network) is told already.
      fetchFailed: (error) => {
        if (!toldTheUser(error)) toasts.error(serverMessage(error) ?? t('errors.fetchUserFailed'));
      },
    }).then((result) => {
      if (!current) return;
      if ('redirect' in result) navigate(result.redirect, { replace: true });
      else setFetchedFor(target);
    });
    return () => {
      current = false;
    };
  }, [needsFetch, access, target, navigate, auth, toasts, t]);

  const allowed = (now !== null && redirect === null) || (needsFetch && fetchedFor === target);
  return allowed ? children : <Spinner />;
}
