/**
 * The real EventStoreDB and MongoDB, in containers through testcontainers, for the contract
 * suites and for `npm run test:containers` (the API and live-channel suites on them). Only
 * called where containerRuntimeUnavailable() found a runtime.
 */
export type StartedStore = { url: string; stop: () => Promise<void> };

/**
 * The EventStoreDB that docker-compose.yml runs (tools/src/deployment/compose.test.ts holds the
 * two to the same image, platform and projections): 24.10's images are built for x86-64 only,
 * so the platform is named, and an arm64 machine (Apple silicon) runs it emulated instead of
 * failing to pull it.
 */
export const EVENTSTOREDB_IMAGE = 'eventstore/eventstore:24.10';
export const EVENTSTOREDB_PLATFORM = 'linux/amd64';
/**
 * The system projections run but none starts by itself: the adapter enables `$streams` alone
 * (listStreams reads it), whose link events ($>) then interleave with ours in $all, which is
 * what the adapter must filter out. The standard projections would add two or three links per
 * event for every $all read to skip.
 */
export const EVENTSTOREDB_PROJECTIONS = {
  EVENTSTORE_RUN_PROJECTIONS: 'System',
  EVENTSTORE_START_STANDARD_PROJECTIONS: 'false',
};

/** EventStoreDB in memory, projections as in docker-compose.yml. */
export async function startEventStoreDb(): Promise<StartedStore> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(EVENTSTOREDB_IMAGE)
    .withPlatform(EVENTSTOREDB_PLATFORM)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_CLUSTER_SIZE: '1',
      ...EVENTSTOREDB_PROJECTIONS,
    })
    .withExposedPorts(2113)
    // The image's own HEALTHCHECK probes /health/live; it turns healthy once the node serves.
    .withWaitStrategy(Wait.forHealthCheck())
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}

/**
 * MongoDB as a one-member replica set: the read store commits batches in transactions, and
 * change streams need a replica set too.
 */
export async function startMongoReplicaSet(): Promise<StartedStore> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('mongo:7')
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/waiting for connections/i))
    .withStartupTimeout(120_000)
    .start();
  // Initiates the set and waits for the member to be elected primary, which takes a moment.
  const initiated = await container.exec([
    'mongosh',
    '--quiet',
    '--eval',
    `rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] });
     for (let attempt = 0; !db.hello().isWritablePrimary; attempt++) {
       if (attempt > 300) quit(1);
       sleep(100);
     }`,
  ]);
  if (initiated.exitCode !== 0) throw new Error(`rs.initiate failed (${initiated.exitCode}): ${initiated.output}`);
  return {
    // directConnection: the member calls itself localhost:27017, which means nothing outside the
    // container, so the driver must not switch to the address the replica set advertises.
    url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
    stop: async () => {
      await container.stop();
    },
  };
}

/** MongoDB without a replica set: no transactions, no change streams (what the fallbacks are for). */
export async function startMongoStandalone(): Promise<StartedStore> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('mongo:7')
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/waiting for connections/i))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`,
    stop: async () => {
      await container.stop();
    },
  };
}
