import { createHash, randomUUID } from 'node:crypto';

/**
 * A UUID derived from a name (RFC 9562 version 5 layout, SHA-1). Event ids are derived from the
 * command id, so a repeated command produces the same event ids and the store recognises it.
 */
export function uuidFromName(name: string): string {
  const bytes = createHash('sha1').update(name).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const newId = () => randomUUID();
