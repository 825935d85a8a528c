import assert from 'node:assert/strict';
import { currentVersion, type RecordedEvent } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type EventStore, InvalidPositionError, WrongExpectedRevisionError } from '../event-store.ts';
import { anEvent, uniqueStream } from '../testing/events.ts';

/**
 * The behaviour every event store adapter must have. Each adapter's test file calls this with a
 * factory for a fresh, empty store. The store may be shared by all cases, so each case uses its
 * own streams and compares positions relative to what it wrote.
 */
export function eventStoreContract(name: string, open: () => Promise<EventStore>) {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store.close();
    });

    it('appends to a new stream and reads it back in order', async () => {
      const stream = uniqueStream();
      const events = [anEvent('A', { n: 1 }), anEvent('B', { n: 2 })];
      const result = await store.appendToStream(stream, events, 'no_stream');
      assert.equal(result.nextExpectedRevision, 1);
      assert.ok(result.position > 0);
      const read = await store.readStream(stream);
      assert.deepEqual(
        read.map((e) => [e.id, e.type, e.data, e.revision, e.streamId]),
        events.map((e, i) => [e.id, e.type, e.data, i, stream]),
      );
      assert.deepEqual(read[0]?.metadata, events[0]?.metadata);
      assert.ok((read[0]?.position ?? 0) < (read[1]?.position ?? 0));
      assert.equal(read[1]?.position, result.position);
    });

    it('reads a stream from a revision, a bounded number of events', async () => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [anEvent(), anEvent(), anEvent(), anEvent()], 'no_stream');
      const read = await store.readStream(stream, { fromRevision: 1, maxCount: 2 });
      assert.deepEqual(
        read.map((e) => e.revision),
        [1, 2],
      );
      assert.deepEqual(await store.readStream(uniqueStream()), []);
    });

    it('enforces every kind of expected revision', async () => {
      const stream = uniqueStream();
      await assert.rejects(store.appendToStream(stream, [anEvent()], 'stream_exists'), WrongExpectedRevisionError);
      await assert.rejects(store.appendToStream(stream, [anEvent()], 0), WrongExpectedRevisionError);
      await store.appendToStream(stream, [anEvent()], 'no_stream');
      await assert.rejects(store.appendToStream(stream, [anEvent()], 'no_stream'), WrongExpectedRevisionError);
      await assert.rejects(store.appendToStream(stream, [anEvent()], 5), WrongExpectedRevisionError);
      assert.equal((await store.appendToStream(stream, [anEvent()], 0)).nextExpectedRevision, 1);
      assert.equal((await store.appendToStream(stream, [anEvent()], 'stream_exists')).nextExpectedRevision, 2);
      assert.equal((await store.appendToStream(stream, [anEvent()], 'any')).nextExpectedRevision, 3);
      assert.equal((await store.readStream(stream)).length, 4);
    });

    it('lets exactly one of two concurrent writers at the same revision win', async () => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [anEvent()], 'no_stream');
      const outcomes = await Promise.allSettled([
        store.appendToStream(stream, [anEvent('X')], 0),
        store.appendToStream(stream, [anEvent('Y')], 0),
      ]);
      assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 1);
      const failure = outcomes.find((o) => o.status === 'rejected');
      assert.ok(failure?.status === 'rejected' && failure.reason instanceof WrongExpectedRevisionError);
      assert.equal((await store.readStream(stream)).length, 2);
    });

    it('treats a repeated append of the same event ids as done once', async () => {
      const stream = uniqueStream();
      const events = [anEvent(), anEvent()];
      const first = await store.appendToStream(stream, events, 'no_stream');
      const again = await store.appendToStream(stream, events, 'no_stream');
      assert.deepEqual(again, first);
      assert.equal((await store.readStream(stream)).length, 2);
    });

    it('reads the whole log after a position and knows its head', async () => {
      const stream = uniqueStream();
      const before = await store.headPosition();
      const { position } = await store.appendToStream(stream, [anEvent(), anEvent(), anEvent()], 'no_stream');
      assert.equal(await store.headPosition(), position);
      const all = await store.readAll({ fromPosition: before, maxCount: 1000 });
      const mine = all.filter((e) => e.streamId === stream);
      assert.deepEqual(
        mine.map((e) => e.revision),
        [0, 1, 2],
      );
      // Strictly increasing; not necessarily consecutive (byte offsets on EventStoreDB, sparse on SQLite).
      const positions = all.map((e) => e.position);
      assert.ok(
        positions.every((p, i) => i === 0 || p > (positions[i - 1] ?? 0)),
        `increasing: ${positions}`,
      );
      assert.ok(positions.every((p) => p > before));
      const page = await store.readAll({ fromPosition: before, maxCount: 2 });
      assert.equal(page.length, 2);
    });

    it('reads the event at a position, and nothing at a number that is no position', async () => {
      const stream = uniqueStream('at');
      const written = anEvent('At', { n: 1 });
      const { position } = await store.appendToStream(stream, [written], 'no_stream');
      await store.appendToStream(uniqueStream('at'), [anEvent()], 'no_stream');
      const event = await store.readEventAt(position);
      assert.deepEqual(
        [event?.id, event?.streamId, event?.revision, event?.position, event?.data],
        [written.id, stream, 0, position, { n: 1 }],
      );
      // Inside the event's record on EventStoreDB, between two events on SQLite: never given out.
      assert.equal(await store.readEventAt(position + 1), null);
    });

    it('refuses to read from a number it never gave out as a position, with InvalidPositionError', async () => {
      const { position } = await store.appendToStream(uniqueStream('invalid'), [anEvent()], 'no_stream');
      await store.appendToStream(uniqueStream('invalid'), [anEvent()], 'no_stream');
      const notAPosition = position + 1;
      await assert.rejects(store.readAll({ fromPosition: notAPosition, maxCount: 1 }), InvalidPositionError);
      await assert.rejects(store.readAllBackwards({ beforePosition: notAPosition, maxCount: 1 }), InvalidPositionError);
      // 0 (the start) and an event's position are always accepted.
      assert.ok((await store.readAll({ fromPosition: 0, maxCount: 1 })).length === 1);
      assert.ok((await store.readAll({ fromPosition: position, maxCount: 1 })).length === 1);
    });

    it('reads the log backwards, newest first, paging by the last position seen, across an erased stream', async () => {
      const [kept, erased, later] = [uniqueStream('back'), uniqueStream('back'), uniqueStream('back')];
      await store.appendToStream(kept, [anEvent('Kept')], 'no_stream');
      await store.appendToStream(erased, [anEvent('Erased'), anEvent('Erased')], 'no_stream');
      await store.appendToStream(later, [anEvent('Later')], 'no_stream');
      const erasedPositions = (await store.readStream(erased)).map((e) => e.position);
      await store.eraseStreams([{ streamId: erased, throughRevision: 1 }]);

      // One event a page from the end: each page is strictly before the last position seen.
      const seen: RecordedEvent[] = [];
      let before: number | undefined;
      while (!seen.some((e) => e.streamId === kept) && seen.length < 10) {
        const page = await store.readAllBackwards({ beforePosition: before, maxCount: 1 });
        assert.equal(page.length, 1);
        const [event] = page;
        if (!event) break;
        if (before !== undefined) assert.ok(event.position < before);
        seen.push(event);
        before = event.position;
      }
      // When erased events leave $all differs by store (see eraseStreams); the others are all there, in order.
      assert.deepEqual(
        seen.filter((e) => e.streamId !== erased).map((e) => e.type),
        ['Later', 'Kept'],
      );
      // An erased event's position stays one to read from, both ways (a checkpoint may sit on it).
      const [firstErased = 0, lastErased = 0] = erasedPositions;
      const older = await store.readAllBackwards({ beforePosition: firstErased, maxCount: 1 });
      assert.deepEqual(
        older.map((e) => e.type),
        ['Kept'],
      );
      const newer = (await store.readAll({ fromPosition: lastErased, maxCount: 10 })).filter(
        (e) => e.streamId === later,
      );
      assert.deepEqual(
        newer.map((e) => e.type),
        ['Later'],
      );
    });

    it('subscribes: catches up, then follows live, with no gap and no duplicate', async () => {
      const stream = uniqueStream('sub');
      const start = await store.headPosition();
      const early = [anEvent('E1'), anEvent('E2'), anEvent('E3')];
      for (const event of early) await store.appendToStream(stream, [event], 'any');

      const received: RecordedEvent[] = [];
      const late = Array.from({ length: 20 }, (_, i) => anEvent(`L${i}`));
      const allSeen = Promise.withResolvers<void>();
      const subscription = store.subscribeToAll({
        fromPosition: start,
        onEvents: async (events) => {
          received.push(...events.filter((e) => e.streamId === stream));
          if (received.length >= early.length + late.length) allSeen.resolve();
        },
        onError: (error) => allSeen.reject(error),
      });
      // Appends race with the catch-up: the switch to live must neither drop nor repeat any.
      await Promise.all(late.map((event) => store.appendToStream(stream, [event], 'any')));
      const timeout = setTimeout(() => allSeen.reject(new Error(`only ${received.length} events arrived`)), 10_000);
      await allSeen.promise;
      clearTimeout(timeout);
      await subscription.stop();

      const ids = received.map((e) => e.id);
      assert.equal(new Set(ids).size, ids.length, 'no duplicates');
      assert.deepEqual(new Set(ids), new Set([...early, ...late].map((e) => e.id)));
      assert.deepEqual(
        received.map((e) => e.revision),
        received.map((_, i) => i),
        'in order',
      );
    });

    it('subscribes from a position and delivers only what comes after it', async () => {
      const stream = uniqueStream('from');
      await store.appendToStream(stream, [anEvent('old')], 'no_stream');
      const from = await store.headPosition();
      const fresh = anEvent('new');
      const got = Promise.withResolvers<RecordedEvent[]>();
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({
        fromPosition: from,
        onEvents: async (events) => {
          seen.push(...events.filter((e) => e.streamId === stream));
          if (seen.length > 0) got.resolve(seen);
        },
        onError: got.reject,
      });
      await store.appendToStream(stream, [fresh], 0);
      const events = await got.promise;
      await subscription.stop();
      assert.deepEqual(
        events.map((e) => e.id),
        [fresh.id],
      );
    });

    it('erases streams up to a revision, keeping later events and other streams', async () => {
      const [gone, truncated, other] = [uniqueStream(), uniqueStream(), uniqueStream()];
      await store.appendToStream(gone, [anEvent(), anEvent()], 'no_stream');
      await store.appendToStream(truncated, [anEvent('Old'), anEvent('Old'), anEvent('Later')], 'no_stream');
      await store.appendToStream(other, [anEvent()], 'no_stream');

      await store.eraseStreams([
        { streamId: gone, throughRevision: 1 },
        { streamId: truncated, throughRevision: 1 },
      ]);
      assert.deepEqual(await store.readStream(gone), []);
      assert.deepEqual(
        (await store.readStream(truncated)).map((e) => [e.type, e.revision]),
        [['Later', 2]],
      );
      assert.equal((await store.readStream(other)).length, 1);
      // The truncated stream goes on from its revision; erasing what is gone is harmless.
      assert.equal((await store.appendToStream(truncated, [anEvent()], 2)).nextExpectedRevision, 3);
      await store.eraseStreams([
        { streamId: gone, throughRevision: 1 },
        { streamId: uniqueStream(), throughRevision: 0 },
      ]);
      await store.eraseStreams([]);
    });

    it('hides erased events from every read of the whole log at once, as from stream reads', async () => {
      const start = await store.headPosition();
      const [gone, truncated, after] = [uniqueStream(), uniqueStream(), uniqueStream()];
      await store.appendToStream(gone, [anEvent(), anEvent()], 'no_stream');
      await store.appendToStream(truncated, [anEvent('Old'), anEvent('Old'), anEvent('Later')], 'no_stream');
      await store.appendToStream(after, [anEvent('After')], 'no_stream');
      const ours = (events: RecordedEvent[]) =>
        events.filter((e) => [gone, truncated, after].includes(e.streamId)).map((e) => [e.streamId, e.type]);
      const erased = [...(await store.readStream(gone)), ...(await store.readStream(truncated, { maxCount: 2 }))];

      await store.eraseStreams([
        { streamId: gone, throughRevision: 1 },
        { streamId: truncated, throughRevision: 1 },
      ]);
      const kept = [
        [truncated, 'Later'],
        [after, 'After'],
      ];
      assert.deepEqual(ours(await store.readAll({ fromPosition: start, maxCount: 100 })), kept);
      assert.deepEqual(ours(await store.readAllBackwards({ maxCount: 100 })), kept.toReversed());
      for (const event of erased) assert.equal(await store.readEventAt(event.position), null);

      const delivered: RecordedEvent[] = [];
      const reachedAfter = Promise.withResolvers<void>();
      const subscription = store.subscribeToAll({
        fromPosition: start,
        onEvents: async (events) => {
          delivered.push(...events);
          if (events.some((e) => e.streamId === after)) reachedAfter.resolve();
        },
        onError: (error) => reachedAfter.reject(error),
      });
      await reachedAfter.promise;
      await subscription.stop();
      assert.deepEqual(ours(delivered), kept);
    });

    it('reads every event at the current version of its type, on every read path', async () => {
      // A profile change as version 1 wrote it (the API's snake_case names); version 2 is camelCase.
      const stream = uniqueStream('versions');
      const old = anEvent('UserProfileUpdated', {
        userId: 'u1',
        changes: { birth_date: '1990-04-30', activity_level: 'active' },
        updatedAt: '2026-11-21T10:00:00.000Z',
      });
      const from = await store.headPosition();
      const seen = Promise.withResolvers<RecordedEvent>();
      const subscription = store.subscribeToAll({
        fromPosition: from,
        onEvents: async (events) => {
          const mine = events.find((e) => e.streamId === stream);
          if (mine) seen.resolve(mine);
        },
        onError: seen.reject,
      });
      await store.appendToStream(stream, [old], 'no_stream');
      const [streamRead] = await store.readStream(stream);
      const allRead = (await store.readAll({ fromPosition: from, maxCount: 1000 })).find((e) => e.streamId === stream);
      const subscribed = await seen.promise;
      await subscription.stop();
      for (const event of [streamRead, allRead, subscribed]) {
        assert.deepEqual(event?.data.changes, { birthDate: '1990-04-30', activityLevel: 'active' });
        assert.equal(event?.metadata.schemaVersion, currentVersion('UserProfileUpdated'));
      }
    });

    it('lists streams by prefix', async () => {
      const prefix = uniqueStream('list');
      await store.appendToStream(`${prefix}-a`, [anEvent()], 'no_stream');
      await store.appendToStream(`${prefix}-b`, [anEvent(), anEvent()], 'no_stream');
      const streams = await store.listStreams({ prefix, limit: 10 });
      assert.deepEqual(streams.map((s) => [s.streamId, s.revision]).sort(), [
        [`${prefix}-a`, 0],
        [`${prefix}-b`, 1],
      ]);
    });
  });
}
