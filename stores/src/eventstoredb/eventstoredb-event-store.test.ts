import { afterAll, test } from 'vitest';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { containerRuntimeUnavailable } from '../testing/container-runtime.ts';
import { startEventStoreDb } from '../testing/containers.ts';
import { EventStoreDbEventStore } from './eventstoredb-event-store.ts';

const unavailable = await containerRuntimeUnavailable();

if (unavailable) {
  // The reason is printed by containerRuntimeUnavailable and named in the skipped test's title.
  test.skip(`EventStoreDB contract (${unavailable})`, () => {});
} else {
  const eventStoreDb = await startEventStoreDb();
  afterAll(eventStoreDb.stop);
  const url = eventStoreDb.url;
  eventStoreContract('EventStoreDB', async () => new EventStoreDbEventStore(url));
}
