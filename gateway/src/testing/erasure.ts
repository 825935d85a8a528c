import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { userStream } from '@fitness/contracts';
import { rawDomainEvents, scavengeToTheEnd } from '@fitness/stores/eventstoredb/raw-log.ts';
import { waitUntil } from './live-client.ts';
import type { TestServer } from './test-server.ts';

/**
 * How long an account's erasure may take. It reads the whole log and erases stream by stream:
 * in one SQLite transaction embedded, in several round trips per stream on EventStoreDB (a
 * marker, a delete or a `$tb` each). The engines differ in when it is done, not whether.
 */
const ERASURE_MS = { sqlite: 5_000, eventstoredb: 60_000 } as const;

/** Waits until the erasure that follows an account's deletion has recorded UserErased. */
export async function erasureFinished(server: TestServer, userId: string) {
  const recorded = async () =>
    (await server.eventStore.readStream(userStream(userId))).some((event) => event.type === 'UserErased');
  assert.ok(
    await waitUntil(recorded, ERASURE_MS[server.config.eventStore]),
    `the erasure of ${userId} finished within ${ERASURE_MS[server.config.eventStore]} ms`,
  );
}

/**
 * Asserts that what erasure removed is gone from the event store's storage too, not only from
 * its reads (which every test checks through the port). SQLite deletes the rows at once with
 * secure_delete and empties the WAL, so its files no longer hold `text`. EventStoreDB hides
 * erased events from every read at once and removes them at the next scavenge, which the
 * adapter starts a while after erasures: here one is run to its end, then the node's log is
 * read raw (erased events included, were they still there) for events naming `userId`.
 * `remaining` are the types that stay (the deletion and its erasure record).
 */
export async function erasedFromStorage(
  server: TestServer,
  { userId, text, remaining }: { userId: string; text: string; remaining: string[] },
) {
  if (server.config.eventStore === 'eventstoredb') {
    await scavengeToTheEnd(server.config.eventStoreDbUrl);
    const left = (await rawDomainEvents(server.config.eventStoreDbUrl)).filter((event) => {
      const data = JSON.stringify(event.data);
      return data.includes(userId) || data.includes(text);
    });
    assert.deepEqual(
      left.map((event) => event.type),
      remaining,
      'the scavenged log holds nothing else of theirs',
    );
    return;
  }
  const files = ['events.sqlite', 'events.sqlite-wal', 'read.sqlite', 'read.sqlite-wal']
    .map((file) => path.join(server.dataDir, file))
    .filter((file) => existsSync(file));
  assert.equal(
    files.some((file) => readFileSync(file).includes(text)),
    false,
    `${text} is not left in the event or read store files`,
  );
}
