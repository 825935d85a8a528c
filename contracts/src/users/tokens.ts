import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Bearer tokens look like `<userId>.<tokenId>.<secret>`. The user id lets authentication load
 * one document; only a SHA-256 of the secret is stored (the secret has 256 random bits, so a
 * slow password hash would add nothing). Here in contracts because two sides share it: the
 * accounts that issue tokens and the authentication that checks them.
 */
export type ParsedToken = { userId: string; tokenId: string; secret: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function parseToken(token: string): ParsedToken | null {
  const [userId, tokenId, secret, ...rest] = token.split('.');
  if (!userId || !tokenId || !secret || rest.length > 0) return null;
  if (!UUID.test(userId) || !UUID.test(tokenId) || !/^[\w-]{43}$/.test(secret)) return null;
  return { userId, tokenId, secret };
}

export function hashSecret(secret: string) {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, hash: string) {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function newSecret() {
  return randomBytes(32).toString('base64url');
}

export const formatToken = (userId: string, tokenId: string, secret: string) => `${userId}.${tokenId}.${secret}`;

export const isUuid = (value: string) => UUID.test(value);
