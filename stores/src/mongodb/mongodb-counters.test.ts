import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it, test } from 'vitest';
import { counterStoreContract } from '../contract/counter-store.contract.ts';
import { containerRuntimeUnavailable } from '../testing/container-runtime.ts';
import { startMongoReplicaSet } from '../testing/containers.ts';
import { hitUpdate, MongoCounterStore, staleExpiryIndexes } from './mongodb-counters.ts';

describe('MongoDB counters expire on the server clock', () => {
  const march = new Date(Date.UTC(2026, 2, 2, 10, 0, 0));

  it("sets the TTL field to the server's now plus the window, whatever the caller's clock says", () => {
    for (const slide of [false, true]) {
      const [stage] = hitUpdate(march, 60_000, slide);
      assert.deepEqual(stage?.$set.expiresAt, { $add: ['$$NOW', 60_000] });
    }
  });

  it("keeps the window itself on the caller's clock", () => {
    const resetAt = new Date(march.getTime() + 60_000);
    assert.deepEqual(hitUpdate(march, 60_000, true)[0]?.$set.resetAt, resetAt);
    assert.deepEqual(hitUpdate(march, 60_000, false)[0]?.$set.resetAt, {
      $cond: [{ $gt: ['$resetAt', march] }, '$resetAt', resetAt],
    });
  });

  it('drops a TTL index on anything but expiresAt (the one on resetAt from before), and no other index', () => {
    assert.deepEqual(
      staleExpiryIndexes([
        { name: '_id_', key: { _id: 1 } },
        { name: 'resetAt_1', key: { resetAt: 1 }, expireAfterSeconds: 0 },
        { name: 'expiresAt_1', key: { expiresAt: 1 }, expireAfterSeconds: 0 },
      ]),
      ['resetAt_1'],
    );
  });
});

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
