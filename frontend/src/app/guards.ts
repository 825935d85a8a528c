import type { User } from '../features/auth/types.ts';

/** Who may open a route: spec section 2. */
export type Access = 'any' | 'guest' | 'user' | 'admin';

export type GuardContext = {
  isAuthenticated: () => boolean;
  user: () => User | null;
  fetchUser: () => Promise<User>;
  /** Tells the user that fetching them failed (spec section 8: 'Failed to fetch user'). */
  fetchFailed?: (error: unknown) => void;
};

export type GuardResult = { allow: true } | { redirect: string };

export const loginRedirect = (target: string) => `/login?redirect=${encodeURIComponent(target)}`;

/**
 * The route guard. A signed-in route with no loaded user fetches it and, failing, says so and
 * goes to Login with the full target path in `redirect`. An admin route does the same fetch, then sends
 * anyone who is not an admin to the Dashboard. A guest-only route sends a signed-in user to the
 * Dashboard.
 */
export async function guard(access: Access, target: string, context: GuardContext): Promise<GuardResult> {
  const known = guardNow(access, context);
  if (known) return known;
  let user: User;
  try {
    user = await context.fetchUser();
  } catch (error) {
    context.fetchFailed?.(error);
    return { redirect: loginRedirect(target) };
  }
  return access === 'admin' && user.role !== 'admin' ? { redirect: '/dashboard' } : { allow: true };
}

/** The guard's answer when it needs no fetch (the user is loaded, or the route is open); else null. */
export function guardNow(access: Access, context: Pick<GuardContext, 'isAuthenticated' | 'user'>): GuardResult | null {
  if (access === 'any') return { allow: true };
  if (access === 'guest') return context.isAuthenticated() ? { redirect: '/dashboard' } : { allow: true };
  const user = context.user();
  if (!user) return null;
  return access === 'admin' && user.role !== 'admin' ? { redirect: '/dashboard' } : { allow: true };
}
