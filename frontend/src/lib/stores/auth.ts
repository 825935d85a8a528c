import type {
  ChangePasswordBody,
  DeleteAccountBody,
  GoogleRedirectResponse,
  GoogleSignInResponse,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  UpdateProfileBody,
  User,
} from '@fitness/contracts';
import { proxy } from 'valtio';
import { type ApiClient, ApiError } from '../api-client.ts';
import type { KeyValueStorage } from '../storage.ts';
import { STORAGE_KEYS } from '../storage.ts';

export class NotSignedIn extends Error {
  constructor() {
    super('Not signed in');
  }
}

/**
 * Who is signed in, and what they do with their account: spec section 4. Authenticated means
 * both a user and a token. The pair lives in memory and in browser storage (`auth_token`,
 * `auth_user`).
 */
export function createAuth(options: {
  api: ApiClient;
  storage: KeyValueStorage;
  log?: (message: string, error: unknown) => void;
}) {
  const { api, storage } = options;
  const log = options.log ?? console.error;
  const state = proxy({ user: null as User | null, token: null as string | null });

  function signIn(user: User, token: string) {
    state.user = user;
    state.token = token;
    storage.setItem(STORAGE_KEYS.token, token);
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  }

  function clear() {
    state.user = null;
    state.token = null;
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.user);
  }

  /**
   * Takes the user an update answered with, in memory and in storage. The same user read again
   * (at startup, and on every reconnect) changes nothing: every screen showing them would
   * re-render for nothing. Storage holds the user in memory whenever there is one.
   */
  function updateUser(user: User) {
    const stored = JSON.stringify(user);
    if (state.user && storage.getItem(STORAGE_KEYS.user) === stored) return;
    state.user = user;
    storage.setItem(STORAGE_KEYS.user, stored);
  }

  /** Refreshes the user from the server; on a refusal the in-memory user is cleared, not without a connection. */
  async function fetchUser(): Promise<User> {
    if (!state.token) {
      state.user = null;
      throw new NotSignedIn();
    }
    try {
      const user = await api.get<User>('/auth/me');
      updateUser(user);
      return user;
    } catch (error) {
      // No answer says nothing of the session: offline, the user stays signed in with what they had.
      if (!(error instanceof ApiError && error.status === null)) state.user = null;
      throw error;
    }
  }

  return {
    state,
    isAuthenticated: () => state.user !== null && state.token !== null,
    /** Startup: restore the stored pair, then refresh the user; a failed refresh is only logged. */
    async restore() {
      const token = storage.getItem(STORAGE_KEYS.token);
      const rawUser = storage.getItem(STORAGE_KEYS.user);
      if (!token || !rawUser) return;
      try {
        state.user = JSON.parse(rawUser) as User;
        state.token = token;
      } catch (error) {
        log('Failed to restore the signed-in user', error);
        clear();
        return;
      }
      try {
        await fetchUser();
      } catch (error) {
        log('Failed to refresh the signed-in user', error);
      }
    },
    async login(credentials: LoginBody) {
      await api.csrfCookie();
      const { user, token } = await api.post<{ user: User; token: string }>('/auth/login', credentials);
      signIn(user, token);
      return user;
    },
    async register(registration: RegisterBody) {
      await api.csrfCookie();
      const { user, token } = await api.post<{ user: User; token: string }>('/auth/register', registration);
      signIn(user, token);
      return user;
    },
    /** Tells the server, and always clears local state, whatever the server said. */
    async logout() {
      try {
        // Offline it still signs out here, so the failed request is nothing to tell.
        if (state.token) await api.post('/auth/logout', undefined, { quietOffline: true });
      } catch (error) {
        log('Sign-out request failed; signed out locally', error);
      } finally {
        clear();
      }
    },
    /** Asks for a password reset link; resolves with the server's message. */
    async forgotPassword(email: string) {
      const { message } = await api.post<{ message: string }>('/password/forgot', { email });
      return message;
    },
    /**
     * Sets a new password with the mailed link. The server signs out every device, this one
     * included, so the local sign-in goes too.
     */
    async resetPassword(reset: ResetPasswordBody) {
      await api.post<{ message: string }>('/password/reset', reset);
      clear();
    },
    /** Confirms the address with the mailed link's token; a signed-in user is refreshed to show it. */
    async verifyEmail(token: string) {
      await api.post<{ message: string }>('/auth/verify-email', { token });
      if (state.token) await fetchUser().catch((error) => log('Failed to refresh the verified user', error));
    },
    /** Mails the signed-in user a new verification link. */
    resendVerification: () => api.post<{ message: string }>('/auth/verify-email/resend'),
    /** Changes the password; this device stays signed in, the others are signed out. */
    changePassword: (change: ChangePasswordBody) => api.post<{ message: string }>('/auth/change-password', change),
    /** Where to send the browser to sign in with Google, coming back to `redirect` once signed in. */
    async googleSignInUrl(redirect: string) {
      const { url } = await api.get<GoogleRedirectResponse>(
        `/auth/google/redirect?${new URLSearchParams({ redirect })}`,
      );
      return url;
    },
    /**
     * Finishes a Google sign-in with the query Google sent the browser back with (`search`, as
     * the callback page has it); resolves with where to go now.
     */
    async finishGoogleSignIn(search: string) {
      const { user, token, redirect } = await api.post<GoogleSignInResponse>(
        '/auth/google/callback',
        Object.fromEntries(new URLSearchParams(search)),
      );
      signIn(user, token);
      return redirect;
    },
    /** Saves profile fields; the answer is the user as they now are. */
    async updateProfile(change: UpdateProfileBody) {
      const user = await api.patch<User>('/me', change);
      updateUser(user);
      return user;
    },
    /** Everything the user owns, as GET /me/export gives it. */
    exportData: () => api.get<unknown>('/me/export'),
    /**
     * Deletes the account for good (the password confirms it, or the email address for an
     * account without a password), then signs out on this device.
     */
    async deleteAccount(confirmation: DeleteAccountBody) {
      await api.delete('/me', confirmation);
      clear();
    },
    fetchUser,
    updateUser,
    clear,
  };
}

export type Auth = ReturnType<typeof createAuth>;
