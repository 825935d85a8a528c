import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, it, test } from 'vitest';
import { readStoreContract } from '../contract/read-store.contract.ts';
import type { FeedEntry } from '../read-store.ts';
import { containerRuntimeUnavailable } from '../testing/container-runtime.ts';
import { startMongoReplicaSet, startMongoStandalone } from '../testing/containers.ts';
import { aNotice } from '../testing/events.ts';
import { connectMongoClient } from './mongo-client.ts';
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

  describe('MongoDB change stream on the change feed', () => {
    it('pushes each entry another connection commits, in commit order, from when it started', async () => {
      const database = `feed_${randomUUID().replaceAll('-', '')}`;
      const writer = await MongoReadStore.connect(url, database);
      const reader = await MongoReadStore.connect(url, database);
      await writer.ensureCollections([]);
      await writer.commit({ checkpoints: { workouts: 1 }, writes: [], notices: [aNotice('before', 1)] });
      const pushed: FeedEntry[] = [];
      const errors: unknown[] = [];
      const following = await reader.followChanges((entry) => pushed.push(entry), {
        onError: (error) => errors.push(error),
      });
      assert.ok(following, 'a replica set has change streams');
      try {
        const committed = [aNotice('a', 2), aNotice('b', 3), aNotice('c', 4)];
        await writer.commit({ checkpoints: { workouts: 3 }, writes: [], notices: committed.slice(0, 2) });
        await writer.commit({ checkpoints: { workouts: 4 }, writes: [], notices: committed.slice(2) });
        for (const deadline = Date.now() + 10_000; pushed.length < 3 && Date.now() < deadline; ) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        assert.deepEqual(pushed, [
          { sequence: 2, notice: committed[0] },
          { sequence: 3, notice: committed[1] },
          { sequence: 4, notice: committed[2] },
        ]);
        assert.deepEqual(errors, []);
      } finally {
        await following.close();
        await writer.close();
        await reader.close();
      }
    });

    it('follows on after the feed collection is dropped (invalidate), reading what it missed', async () => {
      const database = `feed_${randomUUID().replaceAll('-', '')}`;
      const writer = await MongoReadStore.connect(url, database);
      const reader = await MongoReadStore.connect(url, database);
      const operator = await connectMongoClient(url);
      await writer.ensureCollections([]);
      const pushed: FeedEntry[] = [];
      const errors: unknown[] = [];
      const following = await reader.followChanges((entry) => pushed.push(entry), {
        onError: (error) => errors.push(error),
      });
      assert.ok(following);
      const waitFor = async (sequence: number) => {
        for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
          if (pushed.some((entry) => entry.sequence === sequence)) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        assert.fail(`entry ${sequence} was never pushed (errors: ${errors.map(String).join('; ')})`);
      };
      try {
        await writer.commit({ checkpoints: { workouts: 1 }, writes: [], notices: [aNotice('a', 1)] });
        await waitFor(1);
        // As a restore does (mongorestore --drop): the stream ends with an invalidate.
        await operator.db(database).collection('changes').drop();
        await writer.commit({ checkpoints: { workouts: 2 }, writes: [], notices: [aNotice('b', 2)] });
        await writer.commit({ checkpoints: { workouts: 3 }, writes: [], notices: [aNotice('c', 3)] });
        await waitFor(2);
        await waitFor(3);
        assert.ok(errors.length > 0, 'the invalidate was reported');
      } finally {
        await following.close();
        await operator.close();
        await writer.close();
        await reader.close();
      }
    });

    it('resolves null on a standalone server, which has no change streams, so the reader polls', async () => {
      const standalone = await startMongoStandalone();
      try {
        const standaloneUrl = standalone.url;
        const store = await MongoReadStore.connect(standaloneUrl, 'standalone');
        try {
          const following = await store.followChanges(() => {}, { onError: () => {} });
          assert.equal(following, null);
        } finally {
          await store.close();
        }
      } finally {
        await standalone.stop();
      }
    });
  });
}
