import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { eventsBehind } from './events-behind.ts';
import { SqliteEventStore } from './sqlite/sqlite-event-store.ts';
import { anEvent, uniqueStream } from './testing/events.ts';

describe('eventsBehind', () => {
  let store: SqliteEventStore;
  let positions: number[];
  beforeAll(async () => {
    store = new SqliteEventStore(path.join(mkdtempSync(path.join(os.tmpdir(), 'events-')), 'events.sqlite'));
    await store.appendToStream(uniqueStream(), [anEvent(), anEvent(), anEvent(), anEvent(), anEvent()], 'no_stream');
    positions = (await store.readAll({ fromPosition: 0, maxCount: 10 })).map((event) => event.position);
  });
  afterAll(() => store.close());

  it('counts the events after each position up to the head, not the distance between positions', async () => {
    const [, second = 0, third = 0, , fifth = 0] = positions;
    const behind = await eventsBehind(store, [second, fifth, 0, second], third, 1000);
    assert.deepEqual(
      [...behind],
      [
        [second, 1],
        [fifth, 0],
        [0, 3],
      ],
    );
  });

  it('stops counting at the limit', async () => {
    const head = positions.at(-1) ?? 0;
    assert.deepEqual([...(await eventsBehind(store, [0], head, 2))], [[0, 2]]);
  });
});
