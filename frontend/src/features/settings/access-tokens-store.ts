import type { AccessToken, AccessTokenList, CreatedAccessToken } from '@fitness/contracts/users/account-api.ts';
import { proxy } from 'valtio';
import type { ApiClient } from '../../lib/api-client.ts';
import type { ChangeNotice } from '../../lib/live.ts';
import { liveResource } from '../../lib/live-resource.ts';

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

  const tokens = liveResource({
    what: 'the access tokens',
    fetch: () => api.get<AccessTokenList>('/auth/tokens'),
    take: ({ data }) => {
      state.tokens = data;
    },
    status: state,
    // This tab reads the list again after its own changes.
    answered: api.isOwnWrite,
  });
  const load = () => tokens.load().catch((error) => console.error('Failed to load the access tokens', error));

  return {
    state,
    show() {
      const stop = tokens.show();
      return () => {
        stop();
        if (!tokens.shown) state.created = null;
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
      if (notice.model === 'users' && notice.id === signedInUserId()) await tokens.follow(notice);
    },
    refresh: () => tokens.refresh(),
    clear() {
      tokens.clear();
      state.tokens = null;
      state.created = null;
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
