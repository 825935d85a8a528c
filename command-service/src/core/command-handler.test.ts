import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@fitness/stores';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type CommandContext, CommandHandler, type Decider } from './command-handler.ts';

/** A counter that refuses to go above a limit: enough rules to see deciding against fresh state. */
type Event = { type: 'Incremented'; data: { by: number } };
type Command = { type: 'Increment'; by: number; limit: number };
const counter: Decider<Command, Event, number> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command, total) => {
    if (total + command.by > command.limit) throw new RangeError('over the limit');
    return command.by === 0 ? [] : [{ type: 'Incremented', data: { by: command.by } }];
  },
};

const context = (commandId = randomUUID()): CommandContext => ({
  actorId: 'u1',
  commandId,
  correlationId: randomUUID(),
  now: new Date('2026-11-21T10:00:00.000Z'),
});

describe('command handler', () => {
  let store: SqliteEventStore;
  beforeAll(() => {
    store = new SqliteEventStore(path.join(mkdtempSync(path.join(os.tmpdir(), 'handler-')), 'events.sqlite'));
  });
  afterAll(async () => {
    await store.close();
  });

  it('decides against what another writer appended since it last looked', async () => {
    const stream = `counter-${randomUUID()}`;
    const here = new CommandHandler(store);
    const elsewhere = new CommandHandler(store);
    await here.handle(counter, stream, { type: 'Increment', by: 3, limit: 10 }, context());
    await elsewhere.handle(counter, stream, { type: 'Increment', by: 5, limit: 10 }, context());
    await assert.rejects(here.handle(counter, stream, { type: 'Increment', by: 3, limit: 10 }, context()), RangeError);
    const result = await here.handle(counter, stream, { type: 'Increment', by: 2, limit: 10 }, context());
    assert.equal(result.state, 10);
  });

  it('as the sole writer, decides on what it remembers without reading the stream again', async () => {
    const stream = `counter-${randomUUID()}`;
    let reads = 0;
    const counted = new Proxy(store, {
      get(target, name, receiver) {
        if (name === 'readStream') reads += 1;
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const handler = new CommandHandler(counted, { soleWriter: true });
    await handler.handle(counter, stream, { type: 'Increment', by: 1, limit: 10 }, context());
    assert.equal(reads, 1);
    const result = await handler.handle(counter, stream, { type: 'Increment', by: 2, limit: 10 }, context());
    assert.equal(reads, 1);
    assert.equal(result.state, 3);
    assert.equal((await store.readStream(stream)).length, 2);
  });

  it('as the sole writer, still decides against what was appended behind its back', async () => {
    const stream = `counter-${randomUUID()}`;
    const here = new CommandHandler(store, { soleWriter: true });
    await here.handle(counter, stream, { type: 'Increment', by: 3, limit: 10 }, context());
    // A developer tool writing to the same file: the append's expected revision catches it.
    await new CommandHandler(store).handle(counter, stream, { type: 'Increment', by: 5, limit: 10 }, context());
    await assert.rejects(here.handle(counter, stream, { type: 'Increment', by: 3, limit: 10 }, context()), RangeError);
    const result = await here.handle(counter, stream, { type: 'Increment', by: 2, limit: 10 }, context());
    assert.equal(result.state, 10);
    assert.deepEqual(
      (await store.readStream(stream)).map((event) => event.data.by),
      [3, 5, 2],
    );
  });

  it('keeps every one of many concurrent commands from two writers on one stream', async () => {
    const stream = `counter-${randomUUID()}`;
    const writers = [new CommandHandler(store), new CommandHandler(store)];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        writers[i % 2]?.handle(counter, stream, { type: 'Increment', by: 1, limit: 1000 }, context()),
      ),
    );
    const events = await store.readStream(stream);
    assert.equal(events.length, 40);
  });

  it('returns the earlier outcome for a repeated command id, appending nothing', async () => {
    const stream = `counter-${randomUUID()}`;
    const handler = new CommandHandler(store);
    const once = context();
    const first = await handler.handle(counter, stream, { type: 'Increment', by: 4, limit: 10 }, once);
    const again = await new CommandHandler(store).handle(
      counter,
      stream,
      { type: 'Increment', by: 4, limit: 10 },
      once,
    );
    assert.equal(again.position, first.position);
    assert.equal((await store.readStream(stream)).length, 1);
  });

  it('appends nothing when the decider decides nothing', async () => {
    const stream = `counter-${randomUUID()}`;
    const handler = new CommandHandler(store);
    await handler.handle(counter, stream, { type: 'Increment', by: 0, limit: 10 }, context());
    assert.deepEqual(await store.readStream(stream), []);
  });

  it('stamps events with metadata and ids derived from the command', async () => {
    const stream = `counter-${randomUUID()}`;
    const ctx = context();
    await new CommandHandler(store).handle(counter, stream, { type: 'Increment', by: 1, limit: 10 }, ctx);
    const [event] = await store.readStream(stream);
    assert.deepEqual(event?.metadata, {
      actorId: 'u1',
      commandId: ctx.commandId,
      correlationId: ctx.correlationId,
      timestamp: '2026-11-21T10:00:00.000Z',
      schemaVersion: 1,
    });
    assert.match(event?.id ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
