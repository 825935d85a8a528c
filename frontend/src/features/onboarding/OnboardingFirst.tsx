import { onboardingUnderWay } from '@fitness/contracts/users/onboarding.ts';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect } from 'wouter';
import { useServices } from '../../lib/services.ts';
import { offeredThisSession } from './offered.ts';

/**
 * Around the dashboard, where signing up and signing in land: a user whose onboarding is under
 * way goes there first (where it stopped), once a tab session. Skipped or done, never again.
 */
export function OnboardingFirst({ children }: { children: ReactNode }) {
  const { auth } = useServices();
  const { user } = useSnapshot(auth.state);
  if (user && onboardingUnderWay(user.onboarding) && !offeredThisSession(user.id)) {
    return <Redirect to="/onboarding" replace />;
  }
  return children;
}
