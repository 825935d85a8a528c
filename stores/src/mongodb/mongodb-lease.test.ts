import { randomUUID } from 'node:crypto';
import { afterAll, test } from 'vitest';
import { leaseContract } from '../contract/lease.contract.ts';
import { containerRuntimeUnavailable } from '../testing/container-runtime.ts';
import { startMongoReplicaSet } from '../testing/containers.ts';
import { MongoLease } from './mongodb-lease.ts';
import { MongoReadStore } from './mongodb-read-store.ts';

const unavailable = await containerRuntimeUnavailable();

if (unavailable) {
  // The reason is printed by containerRuntimeUnavailable and named in the skipped test's title.
  test.skip(`MongoDB lease contract (${unavailable})`, () => {});
} else {
  const { url, stop } = await startMongoReplicaSet();
  afterAll(async () => {
    await stop();
  });
  // The leases in the read store's database, each instance with its own client, as two processes have.
  leaseContract('MongoDB', async () => {
    const database = `lease_${randomUUID().replaceAll('-', '')}`;
    const readStore = await MongoReadStore.connect(url, database);
    return { readStore, openLease: (options) => MongoLease.connect(url, database, options) };
  });
}
