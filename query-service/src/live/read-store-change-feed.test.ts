import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeNotice } from '@fitness/contracts';
import { silentLogger } from '@fitness/projections';
import { SqliteReadStore } from '@fitness/stores';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ReadStoreChangeFeed } from './read-store-change-feed.ts';

/** The feed as a query service in another process sees it: a second connection to the same file. */
describe('read store change feed', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'feed-'));
  const file = path.join(dir, 'read.sqlite');
  const writer = new SqliteReadStore(file);
  const reader = new SqliteReadStore(file);
  const notice = (id: string, position: number): ChangeNotice => ({
    model: 'workouts',
    id,
    userId: 'u1',
    op: 'upsert',
    position,
    correlationId: null,
  });

  beforeAll(async () => {
    await writer.commit({ checkpoints: { workouts: 1 }, writes: [], notices: [notice('before-start', 1)] });
  });
  afterAll(async () => {
    await writer.close();
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('emits what is committed after it started, in order, and nothing before', async () => {
    const feed = new ReadStoreChangeFeed(reader, { logger: silentLogger, pollMs: 10, batchSize: 2 });
    const heard: ChangeNotice[] = [];
    const stopListening = feed.onChange((n) => heard.push(n));
    await feed.start();
    try {
      const committed = [notice('a', 2), notice('b', 3), notice('c', 3), notice('d', 4), notice('e', 5)];
      await writer.commit({ checkpoints: { workouts: 3 }, writes: [], notices: committed.slice(0, 3) });
      await writer.commit({ checkpoints: { workouts: 5 }, writes: [], notices: committed.slice(3) });
      const deadline = Date.now() + 2000;
      while (heard.length < committed.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      assert.deepEqual(heard, committed);
    } finally {
      stopListening();
      await feed.stop();
    }
  });
});
