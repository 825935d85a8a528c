import { randomUUID } from 'node:crypto';
import { afterAll, test } from 'vitest';
import { readStoreContract } from '../contract/read-store.contract.ts';
import { containerRuntimeUnavailable } from '../testing/container-runtime.ts';
import { startMongoReplicaSet } from '../testing/containers.ts';
import { MongoReadStore } from './mongodb-read-store.ts';

const unavailable = await containerRuntimeUnavailable();

if (unavailable) {
  // The reason is printed by containerRuntimeUnavailable and named in the skipped test's title.
  test.skip(`MongoDB contract (${unavailable})`, () => {});
} else {
  const mongo = await startMongoReplicaSet();
  afterAll(mongo.stop);
  const url = mongo.url;
  readStoreContract('MongoDB', () => MongoReadStore.connect(url, `contract_${randomUUID().replaceAll('-', '')}`));
}
