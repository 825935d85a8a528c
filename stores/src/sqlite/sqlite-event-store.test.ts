import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, it } from 'vitest';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { InvalidPositionError, WrongExpectedRevisionError } from '../event-store.ts';
import { anEvent, uniqueStream } from '../testing/events.ts';
import { SqliteEventStore } from './sqlite-event-store.ts';

eventStoreContract('SQLite', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'events-'));
  return new SqliteEventStore(path.join(dir, 'events.sqlite'));
});

describe('SQLite group commit', () => {
  it('commits appends of one event-loop turn together; a refused one leaves the rest', async () => {
    const store = new SqliteEventStore(path.join(mkdtempSync(path.join(os.tmpdir(), 'events-')), 'events.sqlite'));
    try {
      const streams = [uniqueStream(), uniqueStream(), uniqueStream()];
      const outcomes = await Promise.allSettled([
        ...streams.map((stream) => store.appendToStream(stream, [anEvent(), anEvent()], 'no_stream')),
        store.appendToStream(uniqueStream(), [anEvent()], 3),
      ]);
      assert.deepEqual(
        outcomes.map((outcome) => outcome.status),
        ['fulfilled', 'fulfilled', 'fulfilled', 'rejected'],
      );
      const refused = outcomes[3];
      assert.ok(refused?.status === 'rejected' && refused.reason instanceof WrongExpectedRevisionError);
      const positions = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.position] : []));
      const logged = (await store.readAll({ fromPosition: 0, maxCount: 10 })).map((event) => event.position);
      assert.deepEqual(positions, [logged[1], logged[3], logged[5]]);
      for (const stream of streams) assert.equal((await store.readStream(stream)).length, 2);
      assert.equal(await store.headPosition(), positions[2]);
    } finally {
      await store.close();
    }
  });
});

describe('SQLite lean appends', () => {
  const newStore = () =>
    new SqliteEventStore(path.join(mkdtempSync(path.join(os.tmpdir(), 'events-')), 'events.sqlite'));

  it('checks the appends of a group to one stream in order: a stale one writes nothing', async () => {
    const store = newStore();
    try {
      const stream = uniqueStream();
      const [first, stale, next] = await Promise.allSettled([
        store.appendToStream(stream, [anEvent('First')], 'no_stream', { freshIds: true }),
        store.appendToStream(stream, [anEvent('Stale'), anEvent('Stale')], 'no_stream', { freshIds: true }),
        store.appendToStream(stream, [anEvent('Next')], 0, { freshIds: true }),
      ]);
      assert.equal(first.status, 'fulfilled');
      assert.ok(stale.status === 'rejected' && stale.reason instanceof WrongExpectedRevisionError);
      assert.ok(next.status === 'fulfilled' && next.value.nextExpectedRevision === 1);
      assert.deepEqual(
        (await store.readStream(stream)).map((event) => [event.type, event.revision]),
        [
          ['First', 0],
          ['Next', 1],
        ],
      );
    } finally {
      await store.close();
    }
  });

  it('fails alone an append whose events cannot be stored as JSON', async () => {
    const store = newStore();
    try {
      const [kept, broken] = await Promise.allSettled([
        store.appendToStream(uniqueStream(), [anEvent()], 'no_stream', { freshIds: true }),
        store.appendToStream(uniqueStream(), [anEvent('Broken', { big: 1n })], 'no_stream', { freshIds: true }),
      ]);
      assert.equal(kept.status, 'fulfilled');
      assert.equal(broken.status, 'rejected');
      assert.equal((await store.readAll({ fromPosition: 0, maxCount: 10 })).length, 1);
    } finally {
      await store.close();
    }
  });

  it('still knows a repeat of keyed events among fresh ones', async () => {
    const store = newStore();
    try {
      const stream = uniqueStream();
      await store.appendToStream(stream, [anEvent()], 'no_stream', { freshIds: true });
      const keyed = [anEvent(), anEvent()];
      const first = await store.appendToStream(stream, keyed, 0);
      await store.appendToStream(stream, [anEvent()], 2, { freshIds: true });
      assert.deepEqual(await store.appendToStream(stream, keyed, 0), first);
      await assert.rejects(store.appendToStream(uniqueStream(), keyed, 'any'), WrongExpectedRevisionError);
      assert.equal((await store.readStream(stream)).length, 4);
    } finally {
      await store.close();
    }
  });

  it('opens a file written before (event ids unique on every row, a table of streams) and keeps its repeats', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'events-')), 'events.sqlite');
    const old = new Database(file);
    old.exec(`
      CREATE TABLE events (
        position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream_id TEXT NOT NULL,
        revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
        recorded_at TEXT NOT NULL, UNIQUE (stream_id, revision));
      CREATE TABLE streams (stream_id TEXT PRIMARY KEY, revision INTEGER NOT NULL);`);
    const stream = uniqueStream();
    const written = [anEvent('Old'), anEvent('Old')];
    const insert = old.prepare('INSERT INTO events VALUES (NULL, ?, ?, ?, ?, ?, ?, ?)');
    for (const [revision, event] of written.entries()) {
      insert.run(event.id, stream, revision, event.type, '{}', JSON.stringify(event.metadata), '2026-01-01T00:00:00Z');
    }
    old.prepare('INSERT INTO streams VALUES (?, 1)').run(stream);
    old.close();

    const store = new SqliteEventStore(file);
    try {
      assert.deepEqual(await store.appendToStream(stream, written, 'no_stream'), {
        nextExpectedRevision: 1,
        position: 2,
      });
      const { position } = await store.appendToStream(stream, [anEvent('New')], 1, { freshIds: true });
      assert.ok(position > 3, 'sparse after the dense positions it had');
      assert.deepEqual(
        (await store.readStream(stream)).map((event) => event.type),
        ['Old', 'Old', 'New'],
      );
      assert.deepEqual(await store.listStreams({ limit: 10 }), [{ streamId: stream, revision: 2 }]);
    } finally {
      await store.close();
    }
  });
});

describe('SQLite erasure', () => {
  it('takes erased events out of the log and off the disk', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'events-')), 'events.sqlite');
    const store = new SqliteEventStore(file);
    try {
      const secret = 'ada.lovelace.secret@example.com';
      const kept = uniqueStream();
      await store.appendToStream(kept, [anEvent('Kept')], 'no_stream');
      const erased = uniqueStream();
      await store.appendToStream(erased, [anEvent('Registered', { email: secret }), anEvent('Noted')], 'no_stream');
      const onDisk = () => Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`)]).includes(secret);
      assert.equal(onDisk(), true, 'the test can see the data before erasure');

      const [registered, noted] = await store.readStream(erased);
      await store.eraseStreams([{ streamId: erased, throughRevision: 1 }]);
      assert.deepEqual(
        (await store.readAll({ fromPosition: 0, maxCount: 10 })).map((e) => e.type),
        ['Kept'],
      );
      assert.equal(onDisk(), false);
      // The stream is gone as if never written; positions go on growing.
      const again = await store.appendToStream(erased, [anEvent('Again')], 'no_stream');
      assert.ok(registered && noted && again.position > noted.position);
      // Its events' positions stay positions to read from (a checkpoint may sit on one), with nothing at them.
      assert.equal(await store.readEventAt(registered.position), null);
      assert.deepEqual(
        (await store.readAll({ fromPosition: registered.position, maxCount: 10 })).map((e) => e.type),
        ['Again'],
      );
      assert.deepEqual(
        (await store.readAllBackwards({ beforePosition: noted.position, maxCount: 10 })).map((e) => e.type),
        ['Kept'],
      );
    } finally {
      await store.close();
    }
  });
});

describe('SQLite positions: sparse, as byte offsets are', () => {
  const newFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'events-')), 'events.sqlite');

  it("moves each event's position by its record's size, so neighbours of a position are no positions", async () => {
    const store = new SqliteEventStore(newFile());
    try {
      await store.appendToStream(
        uniqueStream(),
        [anEvent('Small'), anEvent('Large', { text: 'x'.repeat(500) })],
        'no_stream',
      );
      await store.appendToStream(uniqueStream(), [anEvent('Small')], 'no_stream');
      const positions = (await store.readAll({ fromPosition: 0, maxCount: 10 })).map((event) => event.position);
      const gaps = positions.map((position, index) => position - (positions[index - 1] ?? 0));
      assert.ok(
        gaps.every((gap) => gap > 88),
        `gaps of a record's size at least: ${gaps}`,
      );
      assert.ok((gaps[1] ?? 0) >= (gaps[0] ?? 0) + 500, `a larger event, a larger gap: ${gaps}`);
      const [first] = positions;
      assert.ok(first);
      for (const invalid of [first - 1, first + 1, (positions.at(-1) ?? 0) + 1, -1, 1.5, Number.MAX_SAFE_INTEGER]) {
        await assert.rejects(store.readAll({ fromPosition: invalid, maxCount: 1 }), InvalidPositionError);
        await assert.rejects(store.readAllBackwards({ beforePosition: invalid, maxCount: 1 }), InvalidPositionError);
        assert.equal(await store.readEventAt(invalid), null);
      }
      const refused = await new Promise<unknown>((resolve) => {
        const subscription = store.subscribeToAll({
          fromPosition: first + 1,
          onEvents: async () => {},
          onError: (error) => void subscription.stop().then(() => resolve(error)),
        });
      });
      assert.ok(refused instanceof InvalidPositionError);
      assert.equal(refused.kind, 'validation');
    } finally {
      await store.close();
    }
  });

  it('gives two writers of one file (two connections, as two processes) positions that never clash', async () => {
    const file = newFile();
    const one = new SqliteEventStore(file);
    const other = new SqliteEventStore(file);
    try {
      const appends = Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? one : other).appendToStream(uniqueStream(), [anEvent(), anEvent()], 'no_stream'),
      );
      const answered = (await Promise.all(appends)).map((result) => result.position);
      await one.headPosition();
      const logged = (await one.readAll({ fromPosition: 0, maxCount: 100 })).map((event) => event.position);
      assert.equal(logged.length, 20);
      assert.deepEqual(
        logged,
        [...logged].sort((a, b) => a - b),
      );
      assert.equal(new Set(logged).size, 20);
      for (const position of answered) assert.ok(logged.includes(position));
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  });

  it('keeps the dense positions of a file written before valid, erased ones too, and goes on sparse after them', async () => {
    const file = newFile();
    const old = new Database(file);
    old.exec(`
      CREATE TABLE events (
        position INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT NOT NULL UNIQUE, stream_id TEXT NOT NULL,
        revision INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
        recorded_at TEXT NOT NULL, UNIQUE (stream_id, revision));`);
    const insert = old.prepare('INSERT INTO events VALUES (NULL, ?, ?, ?, ?, ?, ?, ?)');
    const [kept, erased] = [uniqueStream(), uniqueStream()];
    for (const [stream, revision] of [
      [kept, 0],
      [erased, 0],
      [kept, 1],
    ] as const) {
      const event = anEvent('Old');
      insert.run(event.id, stream, revision, event.type, '{}', JSON.stringify(event.metadata), '2026-01-01T00:00:00Z');
    }
    // Erased the way files written before were: no trace of its position.
    old.prepare('DELETE FROM events WHERE stream_id = ?').run(erased);
    old.close();

    const store = new SqliteEventStore(file);
    try {
      assert.deepEqual(
        (await store.readAll({ fromPosition: 2, maxCount: 10 })).map((event) => event.position),
        [3],
      );
      assert.equal(await store.readEventAt(2), null);
      await assert.rejects(store.readAll({ fromPosition: 4, maxCount: 10 }), InvalidPositionError);
      const { position } = await store.appendToStream(uniqueStream(), [anEvent('New')], 'no_stream');
      assert.ok(position > 3 + 88, `sparse after the dense positions: ${position}`);
      assert.deepEqual(
        (await store.readAllBackwards({ beforePosition: position, maxCount: 10 })).map((event) => event.position),
        [3, 1],
      );
    } finally {
      await store.close();
    }
  });
});
