import { randomUUID } from 'node:crypto';
import { afterAll, test } from 'vitest';
import { counterStoreContract } from '../contract/counter-store.contract.ts';
import { containerRuntimeUnavailable } from '../testing/container-runtime.ts';
import { startMongoReplicaSet } from '../testing/containers.ts';
import { MongoCounterStore } from './mongodb-counters.ts';

const unavailable = await containerRuntimeUnavailable();

if (unavailable) {
  // The reason is printed by containerRuntimeUnavailable and named in the skipped test's title.
  test.skip(`MongoDB counter store contract (${unavailable})`, () => {});
} else {
  const mongo = await startMongoReplicaSet();
  afterAll(mongo.stop);
  const url = mongo.url;
  // Two clients on one database, as two command service replicas connect.
  counterStoreContract('MongoDB', async () => {
    const database = `counters_${randomUUID().replaceAll('-', '')}`;
    return {
      first: await MongoCounterStore.connect(url, database),
      second: await MongoCounterStore.connect(url, database),
    };
  });
}
