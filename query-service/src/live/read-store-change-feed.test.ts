import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeNotice } from '@fitness/contracts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { type FeedEntry, type ReadStore, SqliteReadStore } from '@fitness/stores';
import { aNotice } from '@fitness/stores/testing/events.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ReadStoreChangeFeed } from './read-store-change-feed.ts';

/** The feed as a query service in another process sees it: a second connection to the same file. */
describe('read store change feed', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'feed-'));
  const file = path.join(dir, 'read.sqlite');
  const writer = new SqliteReadStore(file);
  const reader = new SqliteReadStore(file);

  beforeAll(async () => {
    await writer.commit({ checkpoints: { workouts: 1 }, writes: [], notices: [aNotice('before-start', 1)] });
  });
  afterAll(async () => {
    await writer.close();
    await reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Waits until `heard` holds `count` notices (or two seconds passed). */
  async function waitFor(heard: ChangeNotice[], count: number) {
    const deadline = Date.now() + 2000;
    while (heard.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  it('emits what is committed after it started, in order, and nothing before', async () => {
    const feed = new ReadStoreChangeFeed(reader, { logger: silentLogger, pollMs: 10, hintedPollMs: 10, batchSize: 2 });
    const heard: ChangeNotice[] = [];
    const stopListening = feed.onChange((n) => heard.push(n));
    await feed.start();
    try {
      const committed = [aNotice('a', 2), aNotice('b', 3), aNotice('c', 3), aNotice('d', 4), aNotice('e', 5)];
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

  it("on SQLite, wakes when another connection's commit writes the write-ahead log, not at the next poll", async () => {
    // Polls an hour apart: only the hint can bring the notice within the wait.
    const feed = new ReadStoreChangeFeed(reader, { logger: silentLogger, pollMs: 3_600_000, hintedPollMs: 3_600_000 });
    const heard: ChangeNotice[] = [];
    feed.onChange((n) => heard.push(n));
    await feed.start();
    try {
      const sequence = await writer.latestChangeSequence();
      for (let i = 1; i <= 3; i++) {
        const committed = aNotice(`hinted-${i}`, 10 + i);
        await writer.commit({ checkpoints: { workouts: 10 + i }, writes: [], notices: [committed] });
        await waitFor(heard, i);
        assert.deepEqual(heard.at(-1), committed, `commit ${i} heard`);
      }
      assert.equal(await writer.latestChangeSequence(), sequence + 3);
    } finally {
      await feed.stop();
    }
  });

  /**
   * The SQLite store with a push like MongoDB's change stream, which the test drives: entries are
   * pushed by hand, the outbox behind them is the real one.
   */
  function pushingStore(available = true) {
    const pushed: { listener: ((entry: FeedEntry) => void) | null; closed: boolean } = {
      listener: null,
      closed: false,
    };
    const store: ReadStore = Object.assign(Object.create(reader) as SqliteReadStore, {
      watchCommits: undefined,
      async followChanges(listener: (entry: FeedEntry) => void) {
        if (!available) return null;
        pushed.listener = listener;
        return {
          async close() {
            pushed.closed = true;
          },
        };
      },
    });
    return { store, pushed };
  }

  it('where the store pushes, emits pushed entries once and in order, reading a gap from the outbox', async () => {
    const { store, pushed } = pushingStore();
    // No poll within the test: whatever is heard came by push or by a gap read.
    const feed = new ReadStoreChangeFeed(store, { logger: silentLogger, pollMs: 3_600_000 });
    const heard: ChangeNotice[] = [];
    feed.onChange((n) => heard.push(n));
    await feed.start();
    try {
      const start = await writer.latestChangeSequence();
      const committed = [aNotice('p1', 21), aNotice('p2', 22), aNotice('p3', 23), aNotice('p4', 24)];
      await writer.commit({ checkpoints: { workouts: 24 }, writes: [], notices: committed });
      const entries = (await reader.changesAfter(start, 10)).slice(0, 4);
      const push = (index: number) => pushed.listener?.(entries[index] as FeedEntry);
      push(0);
      push(0); // a resumed stream may repeat an entry
      push(3); // the stream missed 2 and 3 (it was down longer than its history): read from the outbox
      push(1);
      await waitFor(heard, 4);
      // A later commit, pushed: the feed emits in order, so once it is heard a repeat of the
      // entries before it would have been heard too.
      const later = aNotice('p5', 25);
      await writer.commit({ checkpoints: { workouts: 25 }, writes: [], notices: [later] });
      const [laterEntry] = await reader.changesAfter((entries[3] as FeedEntry).sequence, 10);
      pushed.listener?.(laterEntry as FeedEntry);
      await waitFor(heard, 5);
      assert.deepEqual(heard, [...committed, later]);
    } finally {
      await feed.stop();
    }
    assert.ok(pushed.closed, 'stopping the feed closes the stream');
  });

  it('polls the outbox where the store cannot push (change streams unavailable)', async () => {
    const { store } = pushingStore(false);
    const feed = new ReadStoreChangeFeed(store, { logger: silentLogger, pollMs: 10 });
    const heard: ChangeNotice[] = [];
    feed.onChange((n) => heard.push(n));
    await feed.start();
    try {
      const committed = aNotice('polled', 31);
      await writer.commit({ checkpoints: { workouts: 31 }, writes: [], notices: [committed] });
      await waitFor(heard, 1);
      assert.deepEqual(heard, [committed]);
    } finally {
      await feed.stop();
    }
  });
});
