import assert from 'node:assert/strict';
import fs, { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BroadcastChannel } from 'node:worker_threads';
import type { RecordedEvent } from '@fitness/contracts';
import Database from 'better-sqlite3';
import { afterEach, describe, it } from 'vitest';
import { EventStoreFailedError, InvalidPositionError } from '../event-store.ts';
import { anEvent, uniqueStream } from '../testing/events.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';
import type { SyncFile } from './sqlite-event-store-durable-head.ts';
import { CHECKPOINT_GATE } from './sqlite-event-store-gated-checkpoint-worker.ts';

/** What a store's readers have been told: its subscription's events and its `onAppend` heads. */
function watch(store: SqliteEventStore) {
  const seen: RecordedEvent[] = [];
  const heads: number[] = [];
  const subscription = store.subscribeToAll({
    fromPosition: 0,
    onEvents: async (events) => {
      seen.push(...events);
    },
    onError: (error) => {
      throw error;
    },
  });
  const stopHeads = store.onAppend((position) => heads.push(position));
  return {
    seen,
    heads,
    async stop() {
      stopHeads();
      await subscription.stop();
    },
  };
}

/** Waits for `condition`, turn by turn of the event loop (the test's timeout bounds it). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const eio = () => Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });

const open: SqliteEventStore[] = [];
// Syncs a test holds back; let go before closing, as a store closes only once its sync ends.
const held: ((error: NodeJS.ErrnoException | null) => void)[] = [];
let holding = false;
const heldSync: SyncFile = (fd, callback) => (holding ? held.push(callback) : fs.fdatasync(fd, callback));
const file = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'events-')), 'events.sqlite');
const store = (at: string, syncFile?: SyncFile, checkpointWorker?: URL) => {
  const opened = new SqliteEventStore(at, { syncFile, checkpointWorker });
  open.push(opened);
  return opened;
};
afterEach(async () => {
  holding = false;
  for (const release of held.splice(0)) release(null);
  await Promise.all(open.splice(0).map((opened) => opened.close()));
});

describe('SQLite durability: nothing is answered or read before its sync', () => {
  /** The projections thread's way of reading: another connection on the file, told by the writer. */
  const followerOf = (at: string, writer: SqliteEventStore) => {
    const follower = store(at);
    follower.followWriter({
      durablePosition: writer.durablePosition(),
      requestSync: () => writer.syncAppendsElsewhere(),
    });
    writer.onAppend((position) => follower.appendedElsewhere(position));
    return follower;
  };

  it('resolves an append only after its sync, and no reader sees the event before', async () => {
    holding = true;
    const at = file();
    const writer = store(at, heldSync);
    const follower = followerOf(at, writer);
    const mine = watch(writer);
    const theirs = watch(follower);

    const stream = uniqueStream();
    let answered = false;
    const appending = writer.appendToStream(stream, [anEvent('Logged')], 'no_stream').then((result) => {
      answered = true;
      return result;
    });
    await until(() => held.length === 1);
    // Committed, and the sync under way: no answer, nothing to read, nothing told.
    const reading = writer.readStream(stream);
    assert.equal(answered, false);
    assert.equal(await writer.headPosition(), 0);
    assert.deepEqual(await writer.readAll({ fromPosition: 0, maxCount: 10 }), []);
    assert.deepEqual(await follower.readAll({ fromPosition: 0, maxCount: 10 }), []);
    assert.deepEqual(await follower.listStreams({ limit: 10 }), []);
    assert.deepEqual([mine.seen, mine.heads, theirs.seen, theirs.heads], [[], [], [], []]);

    holding = false;
    held.shift()?.(null);
    const { position } = await appending;
    assert.deepEqual(
      (await reading).map((event) => event.type),
      ['Logged'],
    );
    await until(() => mine.seen.length === 1 && theirs.seen.length === 1);
    assert.deepEqual(mine.heads, [position]);
    assert.equal(await writer.headPosition(), position);
    await mine.stop();
    await theirs.stop();
  });

  it('refuses every append a failed sync covered, and every later one; no reader ever sees them', async () => {
    let failing = false;
    const at = file();
    const writer = store(at, (fd, callback) => (failing ? setImmediate(callback, eio()) : fs.fdatasync(fd, callback)));
    const follower = followerOf(at, writer);
    const mine = watch(writer);
    const theirs = watch(follower);

    const accepted = await writer.appendToStream(uniqueStream(), [anEvent('Accepted')], 'no_stream');
    await until(() => mine.seen.length === 1 && theirs.seen.length === 1);

    failing = true;
    const refused = await Promise.allSettled([
      writer.appendToStream(uniqueStream(), [anEvent('Refused')], 'no_stream'),
      writer.appendToStream(uniqueStream(), [anEvent('Refused'), anEvent('Refused')], 'no_stream'),
    ]);
    for (const outcome of refused) {
      assert.ok(outcome.status === 'rejected' && outcome.reason instanceof EventStoreFailedError);
      assert.equal(outcome.reason.kind, 'unavailable');
      assert.match(String((outcome.reason.cause as Error).message), /EIO/);
    }
    // Until the process starts again: appends refused at once, and the head with them.
    failing = false;
    await assert.rejects(writer.appendToStream(uniqueStream(), [anEvent()], 'no_stream'), EventStoreFailedError);
    await assert.rejects(writer.headPosition(), EventStoreFailedError);

    const types = (events: RecordedEvent[]) => events.map((event) => event.type);
    assert.deepEqual(types(await writer.readAll({ fromPosition: 0, maxCount: 10 })), ['Accepted']);
    assert.deepEqual(types(await follower.readAll({ fromPosition: 0, maxCount: 10 })), ['Accepted']);
    assert.deepEqual([types(mine.seen), mine.heads], [['Accepted'], [accepted.position]]);
    assert.deepEqual(types(theirs.seen), ['Accepted']);
    await mine.stop();
    await theirs.stop();

    // The refused events left the log: a process started again on the file does not find them.
    await Promise.all(open.splice(0).map((opened) => opened.close()));
    const raw = new Database(at, { readonly: true });
    const givenOut = raw.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'events'").pluck().get() as number;
    raw.close();
    assert.ok(givenOut > accepted.position, 'the refused events had positions');
    const restarted = store(at);
    assert.deepEqual(types(await restarted.readAll({ fromPosition: 0, maxCount: 10 })), ['Accepted']);
    // Their positions are never given out again, nor read from.
    assert.ok((await restarted.appendToStream(uniqueStream(), [anEvent()], 'no_stream')).position > givenOut);
    await assert.rejects(restarted.readAll({ fromPosition: givenOut, maxCount: 10 }), InvalidPositionError);
  });

  it('syncs, for a follower, what another process appended', async () => {
    const at = file();
    const writer = store(at);
    const follower = followerOf(at, writer);
    const theirs = watch(follower);
    // Another process: a store of its own on the file (the user tool, while the server runs).
    const elsewhere = store(at);
    await elsewhere.appendToStream(uniqueStream(), [anEvent('Promoted')], 'no_stream');
    await until(() => theirs.seen.length === 1);
    assert.equal(theirs.seen[0]?.type, 'Promoted');
    await theirs.stop();
  });
});

describe('SQLite checkpoints: on a thread of their own', () => {
  const thousandEvents = () => Array.from({ length: 1000 }, () => anEvent());
  const appendThousand = (to: SqliteEventStore) =>
    to.appendToStream(uniqueStream(), thousandEvents(), 'no_stream', { freshIds: true });
  /** The main file's size: a checkpoint grows it with the log's pages (the log holds them before). */
  const mainFileSize = (at: string) => fs.statSync(at).size;
  /** The newest position in the file, by a connection of the test's own. */
  const headInFile = (at: string) => {
    const db = new Database(at, { readonly: true });
    try {
      return db.prepare('SELECT max(position) FROM events').pluck().get();
    } finally {
      db.close();
    }
  };
  /** The write-ahead log's checkpoint sequence number (its header's bytes 12-15): one more each time it starts again from its beginning. */
  const logRestarts = (at: string) => fs.readFileSync(`${at}-wal`).readUInt32BE(12);

  /**
   * Blocks this thread, as a long request would, until `condition` holds, checking it every few
   * milliseconds: no callback of the store runs meanwhile. Gives up after 20 s (a blocked thread
   * cannot be stopped by the test's timeout).
   */
  function blockUntil(condition: () => boolean) {
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const deadline = Date.now() + 20_000;
    while (!condition()) {
      if (Date.now() > deadline) return false;
      Atomics.wait(pause, 0, 0, 2);
    }
    return true;
  }

  it('copies the log into the main file while the request thread is blocked', async () => {
    holding = true;
    const at = file();
    const writer = store(at, heldSync);
    const before = mainFileSize(at);
    const appending = appendThousand(writer);
    // Committed, and its sync held: the store has nothing more to do on this thread for it.
    await until(() => held.length === 1);
    assert.ok(
      blockUntil(() => mainFileSize(at) > before),
      'the log was copied into the main file while this thread was blocked',
    );
    holding = false;
    held.shift()?.(null);
    await appending;
  });

  it('fails the store when a checkpoint fails, as a failed sync does: appends refused, the head with them', async () => {
    const at = file();
    const writer = store(
      at,
      undefined,
      new URL('./sqlite-event-store-read-only-checkpoint-worker.ts', import.meta.url),
    );
    // Its sync or the failed checkpoint may come first: either way nothing after it is accepted.
    await Promise.allSettled([appendThousand(writer)]);
    const failure = async () =>
      writer.headPosition().then(
        () => null,
        (error: unknown) => error,
      );
    let refused = await failure();
    while (refused === null) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      refused = await failure();
    }
    assert.ok(refused instanceof EventStoreFailedError);
    assert.equal(refused.kind, 'unavailable');
    assert.match(String((refused.cause as { code?: string }).code), /^SQLITE_IOERR/);
    await assert.rejects(writer.appendToStream(uniqueStream(), [anEvent()], 'no_stream'), EventStoreFailedError);
  });

  it('holds appends, not the thread, once 1,000 events were committed beside a checkpoint that has not ended; the log then starts again', async () => {
    const at = file();
    const writer = store(at, undefined, new URL('./sqlite-event-store-gated-checkpoint-worker.ts', import.meta.url));
    const gate = new BroadcastChannel(CHECKPOINT_GATE);
    const atTheGate = new Promise((resolve) => {
      gate.onmessage = resolve;
    });
    try {
      await appendThousand(writer);
      await atTheGate; // the checkpoint it asked for
      // Committed beside it: as much as the log takes meanwhile, and not copied by it.
      const { position } = await appendThousand(writer);
      const restartsBefore = logRestarts(at);
      const holdBack = writer.appendToStream(uniqueStream(), [anEvent('Held')], 'no_stream');
      // The turn in which the group commit would have written it.
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(headInFile(at), position);
      assert.equal((await writer.readEventAt(position))?.position, position, 'reads go on meanwhile');

      gate.postMessage('open');
      assert.ok((await holdBack).position > position);
      // A second checkpoint, appends held, copied those: the next commit started the log again.
      assert.ok(logRestarts(at) > restartsBefore, 'the log started again from its beginning');
    } finally {
      // Opened in any case, or the store would wait at its close for the checkpoint it holds.
      gate.postMessage('open');
      gate.close();
    }
  });

  it('closes its thread first: the store, the last connection, copies the log into the main file and deletes it', async () => {
    const at = file();
    const writer = new SqliteEventStore(at);
    const before = mainFileSize(at);
    await appendThousand(writer);
    await until(() => mainFileSize(at) > before);
    await writer.close();
    assert.equal(fs.existsSync(`${at}-wal`), false);
  });

  it('needs no thread for a database in memory', async () => {
    const inMemory = store(':memory:');
    await appendThousand(inMemory);
    const { position } = await appendThousand(inMemory);
    assert.equal(await inMemory.headPosition(), position);
  });
});
