/**
 * Whether the onboarding was shown in this tab to this user: the dashboard sends a user whose
 * onboarding is under way there once a tab session (on sign-up, or coming back another day),
 * and lets them be once they chose to leave it. Kept in session storage, like the dismissed
 * verification banner: a new tab, or another user signing in, is asked again.
 */
const OFFERED_KEY = 'onboarding_offered';

export function offeredThisSession(userId: string) {
  try {
    return globalThis.sessionStorage.getItem(OFFERED_KEY) === userId;
  } catch {
    return false;
  }
}

export function markOffered(userId: string) {
  try {
    globalThis.sessionStorage.setItem(OFFERED_KEY, userId);
  } catch {
    // Without session storage the dashboard may send them here again: the way out is Skip.
  }
}
