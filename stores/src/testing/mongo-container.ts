import type { StartedTestContainer } from 'testcontainers';

/**
 * A MongoDB single-member replica set in a container (transactions need a replica set), for
 * the container-backed contract runs. Returns its URL and the container to stop.
 */
export async function startMongoReplicaSet(): Promise<{ url: string; container: StartedTestContainer }> {
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
  // directConnection: the member calls itself localhost:27017, which means nothing outside the
  // container, so the driver must not switch to the address the replica set advertises.
  const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
  return { url, container };
}
