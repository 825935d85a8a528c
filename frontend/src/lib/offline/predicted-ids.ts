import { type Created, copiedEntry } from '@fitness/contracts/created-ids.ts';

/**
 * The server's `uuidFromName` (command-service/src/core/ids.ts) with the browser's Web Crypto: the
 * first 16 bytes of the name's SHA-1, version 5, RFC 9562 variant. Async, as `crypto.subtle` is.
 */
export async function uuidFromName(name: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(name));
  const bytes = new Uint8Array(digest, 0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id the server will give what a request sent with Idempotency-Key `key` by user `actorId`
 * creates (command-service's `createdId`): known before the request is sent, so commands queued
 * after it (the sets of a workout started offline) can name it.
 */
export function predictedId(actorId: string, key: string, what: Created) {
  return uuidFromName(`${actorId}:${key}:${what}`);
}

/**
 * The id the server will give the entry at `index` of a meal copied, or a saved meal logged, with
 * Idempotency-Key `key` into `date`'s meal of `type` (command-service's `logAgain`).
 */
export function predictedCopiedEntryId(actorId: string, key: string, date: string, type: string, index: number) {
  return uuidFromName(`${actorId}:${key}:${copiedEntry(date, type, index)}`);
}
