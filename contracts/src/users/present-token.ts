import type { AccessToken } from './account-api.ts';
import type { UserDocument } from './api.ts';

/** A token of the users document as its owner sees it: no hash; `current` for the one asking. */
export function presentToken(token: UserDocument['tokens'][number], currentTokenId?: string): AccessToken {
  return {
    id: token.id,
    name: token.name,
    kind: token.kind ?? 'session',
    created_at: token.created_at,
    last_used_at: token.last_used_at,
    expires_at: token.expires_at,
    current: token.id === currentTokenId,
  };
}
