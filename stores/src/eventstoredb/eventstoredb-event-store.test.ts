import { afterAll, test } from 'vitest';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { containerRuntimeUnavailable } from '../testing/container-runtime.ts';
import { EventStoreDbEventStore } from './eventstoredb-event-store.ts';

const unavailable = await containerRuntimeUnavailable();

if (unavailable) {
  // The reason is printed by containerRuntimeUnavailable and named in the skipped test's title.
  test.skip(`EventStoreDB contract (${unavailable})`, () => {});
} else {
  const { GenericContainer, Wait } = await import('testcontainers');
  // Projections on, as in docker-compose.yml: their link events ($>) then interleave with ours in
  // $all, which is what the adapter must filter out, and listStreams gets `$streams` to read.
  const container = await new GenericContainer('eventstore/eventstore:24.10')
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_RUN_PROJECTIONS: 'System',
      EVENTSTORE_START_STANDARD_PROJECTIONS: 'true',
    })
    .withExposedPorts(2113)
    // The image's own HEALTHCHECK probes /health/live; it turns healthy once the node serves.
    .withWaitStrategy(Wait.forHealthCheck())
    .withStartupTimeout(120_000)
    .start();
  afterAll(async () => {
    await container.stop();
  });

  const url = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  eventStoreContract('EventStoreDB', async () => new EventStoreDbEventStore(url));
}
