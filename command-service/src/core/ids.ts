import { createHash, randomUUID } from 'node:crypto';

/**
 * A UUID derived from a name (RFC 9562 version 5 layout, SHA-1). Event ids are derived from the
 * command id, so a repeated command produces the same event ids and the store recognises it.
 */
export function uuidFromName(name: string): string {
  return formatUuid(versioned(createHash('sha1').update(name).digest().subarray(0, 16), 0x50));
}

/**
 * A new id: a time-ordered UUID (RFC 9562 version 7: the Unix time in milliseconds in the first
 * 48 bits, then random bits). Ids made one after another sort together, so the indexes keyed by
 * them (the event store's streams, the read models' documents) grow at their end, a few pages
 * per commit, instead of touching a random page of a large index for every new key.
 * `crypto.randomUUIDv7` only came with Node 24.16, so this makes one from `randomUUID` (whose
 * entropy Node draws in bulk; a `randomBytes` call each cost more than the rest of the id): its
 * first 48 bits give way to the time, its version digit to 7, and the 74 random bits left are
 * the ones version 7 asks for.
 */
export function newId(): string {
  const time = Date.now().toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${randomUUID().slice(15)}`;
}

/**
 * The id of a command's event, derived from the command so that a repeated command produces the
 * same ids and the store recognises it. For a command id made by `newId`: its first 48 bits
 * (its time), then a SHA-1 of the command id, the stream and the event's index (RFC 9562
 * version 8, a layout of one's own), so the event store's unique index of ids appends at its end
 * where a hash alone lands each event on a random page. A command named by an Idempotency-Key
 * (a hashed id, the only kind a client can send twice), and any other command id that is not
 * a `newId` (a seed's, an import's), keep the name's hash, as every event had before: a retry or
 * a seed that spans an upgrade still finds its first attempt.
 */
export function eventIdOf(commandId: string, streamId: string, index: number): string {
  const name = `${commandId}:${streamId}:${index}`;
  if (!TIME_ORDERED.test(commandId)) return uuidFromName(name);
  const bytes = createHash('sha1').update(name).digest().subarray(0, 16);
  Buffer.from(commandId.replaceAll('-', '').slice(0, 12), 'hex').copy(bytes, 0);
  return formatUuid(versioned(bytes, 0x80));
}

/** A version 7 UUID, as `newId` makes them (a seed's or an import's command id is not one). */
const TIME_ORDERED = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Sets the version nibble (`0x50`, `0x70`, `0x80`) and the RFC 9562 variant bits. */
function versioned(bytes: Buffer, version: number): Buffer {
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | version;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return bytes;
}

function formatUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
