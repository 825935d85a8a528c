import assert from 'node:assert/strict';
import { EventStoreDBClient, FORWARDS, START } from '@eventstore/db-client';
import { afterAll, describe, it, test } from 'vitest';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { containerRuntimeUnavailable } from '../testing/container-runtime.ts';
import { startEventStoreDb } from '../testing/containers.ts';
import { anEvent, uniqueStream } from '../testing/events.ts';
import { EventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { rawDomainEvents, scavengeToTheEnd } from './raw-log.ts';
import { ERASED_MARKER } from './stream-erasure.ts';

const unavailable = await containerRuntimeUnavailable();

if (unavailable) {
  // The reason is printed by containerRuntimeUnavailable and named in the skipped test's title.
  test.skip(`EventStoreDB contract (${unavailable})`, () => {});
} else {
  const eventStoreDb = await startEventStoreDb();
  afterAll(eventStoreDb.stop);
  const url = eventStoreDb.url;
  const opened = async () => {
    const store = new EventStoreDbEventStore(url);
    await store.ready();
    return store;
  };
  eventStoreContract('EventStoreDB', opened);

  describe('EventStoreDB erasure, beneath the port', () => {
    it('hides erased events from every $all read of every instance at once, and a scavenge removes them but a PII-free marker', async () => {
      const [writer, other] = [await opened(), await opened()];
      try {
        const [gone, truncated] = [uniqueStream('gone'), uniqueStream('truncated')];
        const secret = { email: `${uniqueStream('secret')}@example.com` };
        await writer.appendToStream(gone, [anEvent('Secret', secret), anEvent('Secret', secret)], 'no_stream');
        await writer.appendToStream(truncated, [anEvent('Secret', secret), anEvent('Kept')], 'no_stream');
        const ours = <E extends { streamId: string }>(events: E[]) =>
          events.filter((event) => event.streamId === gone || event.streamId === truncated);

        await writer.eraseStreams([
          { streamId: gone, throughRevision: 1 },
          { streamId: truncated, throughRevision: 0 },
        ]);
        const seen = ours(await other.readAll({ fromPosition: 0, maxCount: 1_000_000 }));
        assert.deepEqual(
          seen.map((event) => [event.streamId, event.type]),
          [[truncated, 'Kept']],
        );
        // What hides them until the scavenge is the adapter's journal: the server still returns them.
        assert.equal(ours(await rawDomainEvents(url)).filter((event) => event.type === 'Secret').length, 3);

        await scavengeToTheEnd(url);
        const left = ours(await rawDomainEvents(url));
        assert.deepEqual(
          left.map((event) => event.type),
          ['Kept'],
        );
        assert.equal(JSON.stringify(left).includes(secret.email), false);
        const client = EventStoreDBClient.connectionString(url);
        try {
          for await (const resolved of client.readAll({ direction: FORWARDS, fromPosition: START })) {
            // At most the marker stays of the deleted stream (a scavenge keeps a deleted stream's last event).
            if (resolved.event?.streamId === gone) assert.equal(resolved.event.type, ERASED_MARKER);
          }
        } finally {
          await client.dispose();
        }
      } finally {
        await Promise.all([writer.close(), other.close()]);
      }
    });

    it('lists streams past the $$ metadata streams erasures write, and writes no metadata for a stream never written', async () => {
      const store = await opened();
      const client = EventStoreDBClient.connectionString(url);
      try {
        const prefix = uniqueStream('listed');
        const [kept, never] = [`${prefix}-kept`, `${prefix}-never`];
        await store.appendToStream(kept, [anEvent('Old'), anEvent('Old'), anEvent('Later')], 'no_stream');
        await store.eraseStreams([
          { streamId: kept, throughRevision: 1 },
          { streamId: never, throughRevision: 3 },
        ]);
        assert.deepEqual(await store.listStreams({ prefix, limit: 10 }), [{ streamId: kept, revision: 2 }]);
        assert.equal((await client.getStreamMetadata(never)).metadata, undefined);
        assert.equal((await client.getStreamMetadata(kept)).metadata?.truncateBefore, 2);
        // A second erasure to an earlier point never lowers the truncation.
        await store.eraseStreams([{ streamId: kept, throughRevision: 0 }]);
        assert.equal((await client.getStreamMetadata(kept)).metadata?.truncateBefore, 2);
      } finally {
        await client.dispose();
        await store.close();
      }
    });
  });
}
