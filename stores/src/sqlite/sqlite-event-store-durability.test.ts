import assert from 'node:assert/strict';
import fs, { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RecordedEvent } from '@fitness/contracts';
import { afterEach, describe, it } from 'vitest';
import { EventStoreFailedError } from '../event-store.ts';
import { anEvent, uniqueStream } from '../testing/events.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';
import type { SyncFile } from './sqlite-event-store-durable-head.ts';

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

describe('SQLite durability: nothing is answered or read before its sync', () => {
  const open: SqliteEventStore[] = [];
  // Syncs a test holds back; let go before closing, as a store closes only once its sync ends.
  const held: ((error: NodeJS.ErrnoException | null) => void)[] = [];
  let holding = false;
  const heldSync: SyncFile = (fd, callback) => (holding ? held.push(callback) : fs.fdatasync(fd, callback));
  const file = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'events-')), 'events.sqlite');
  const store = (at: string, syncFile?: SyncFile) => {
    const opened = new SqliteEventStore(at, { syncFile });
    open.push(opened);
    return opened;
  };
  afterEach(async () => {
    holding = false;
    for (const release of held.splice(0)) release(null);
    await Promise.all(open.splice(0).map((opened) => opened.close()));
  });

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
    const restarted = store(at);
    assert.deepEqual(types(await restarted.readAll({ fromPosition: 0, maxCount: 10 })), ['Accepted']);
    assert.equal((await restarted.appendToStream(uniqueStream(), [anEvent()], 'no_stream')).position, 5);
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
