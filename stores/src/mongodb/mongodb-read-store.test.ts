import { randomUUID } from 'node:crypto';
import { afterAll, test } from 'vitest';
import { readStoreContract } from '../contract/read-store.contract.ts';
import { containerRuntimeUnavailable } from '../testing/container-runtime.ts';
import { MongoReadStore } from './mongodb-read-store.ts';

const unavailable = await containerRuntimeUnavailable();

if (unavailable) {
  // The reason is printed by containerRuntimeUnavailable and named in the skipped test's title.
  test.skip(`MongoDB contract (${unavailable})`, () => {});
} else {
  const { GenericContainer, Wait } = await import('testcontainers');
  // Transactions need a replica set: a single member is enough.
  const container = await new GenericContainer('mongo:7')
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/waiting for connections/i))
    .withStartupTimeout(120_000)
    .start();
  afterAll(async () => {
    await container.stop();
  });

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
  readStoreContract('MongoDB', () => MongoReadStore.connect(url, `contract_${randomUUID().replaceAll('-', '')}`));
}
