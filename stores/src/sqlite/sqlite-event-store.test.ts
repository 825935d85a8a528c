import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { WrongExpectedRevisionError } from '../event-store.ts';
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
      assert.deepEqual(positions, [2, 4, 6]);
      for (const stream of streams) assert.equal((await store.readStream(stream)).length, 2);
      assert.equal(await store.headPosition(), 6);
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

      await store.eraseStreams([{ streamId: erased, throughRevision: 1 }]);
      assert.deepEqual(
        (await store.readAll({ fromPosition: 0, maxCount: 10 })).map((e) => e.type),
        ['Kept'],
      );
      assert.equal(onDisk(), false);
      // The stream is gone as if never written; positions go on growing.
      const again = await store.appendToStream(erased, [anEvent()], 'no_stream');
      assert.equal(again.position, 4);
    } finally {
      await store.close();
    }
  });
});
