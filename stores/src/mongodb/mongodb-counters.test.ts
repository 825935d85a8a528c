import { randomUUID } from 'node:crypto';
import { afterAll, test } from 'vitest';
import { counterStoreContract } from '../contract/counter-store.contract.ts';
import { containerRuntimeUnavailable } from '../testing/container-runtime.ts';
import { MongoCounterStore } from './mongodb-counters.ts';

const unavailable = await containerRuntimeUnavailable();

if (unavailable) {
  // The reason is printed by containerRuntimeUnavailable and named in the skipped test's title.
  test.skip(`MongoDB counter store contract (${unavailable})`, () => {});
} else {
  const { GenericContainer, Wait } = await import('testcontainers');
  // The counters need no transactions, so a standalone server will do.
  const container = await new GenericContainer('mongo:7')
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/waiting for connections/i))
    .withStartupTimeout(120_000)
    .start();
  afterAll(async () => {
    await container.stop();
  });

  const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
  // Two clients on one database, as two command service replicas connect.
  counterStoreContract('MongoDB', async () => {
    const database = `counters_${randomUUID().replaceAll('-', '')}`;
    return {
      first: await MongoCounterStore.connect(url, database),
      second: await MongoCounterStore.connect(url, database),
    };
  });
}
