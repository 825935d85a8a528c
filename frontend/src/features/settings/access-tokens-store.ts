import type { AccessToken, AccessTokenList, CreatedAccessToken } from '@fitness/contracts/users/account-api.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { shownCount } from '../../lib/shown.ts';

/**
 * The signed-in devices and personal access tokens, while Settings shows them. A sign-in or a
 * revocation on another device changes the users document, and the list reloads.
 */
export function createAccessTokens(api: ApiClient, signedInUserId: () => string | null) {
  const state = proxy({
    tokens: null as AccessToken[] | null,
    failed: false,
    /** The plain token just made: shown once, until dismissed or the page is left. */
    created: null as { name: string; token: string } | null,
  });

  async function load() {
    try {
      state.tokens = (await api.get<AccessTokenList>('/auth/tokens')).data;
      state.failed = false;
    } catch (error) {
      console.error('Failed to load the access tokens', error);
      state.failed = true;
    }
  }

  const screens = shownCount(load, 'the access tokens');

  return {
    state,
    show() {
      const stop = screens.show();
      return () => {
        stop();
        if (!screens.shown) state.created = null;
      };
    },
    async create(name: string, expiresInDays: number) {
      const created = await api.post<CreatedAccessToken>('/auth/tokens', {
        name,
        expires_in_days: expiresInDays,
      });
      state.created = { name: created.access_token.name, token: created.plain_text_token };
      await load();
    },
    dismissCreated() {
      state.created = null;
    },
    async revoke(id: string) {
      await api.delete(`/auth/tokens/${id}`);
      await load();
    },
    async applyChange(notice: ChangeNotice) {
      if (!screens.shown || api.isOwnWrite(notice.correlationId)) return;
      if (notice.model === 'users' && notice.id === signedInUserId()) await load();
    },
    refresh: () => (screens.shown ? load() : Promise.resolve()),
    clear() {
      state.tokens = null;
      state.created = null;
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
