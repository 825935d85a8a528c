import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ChangeNotice, DomainEvent, NewEvent } from '@fitness/contracts';
import { type Document, SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { silentLogger } from './logger.ts';
import type { Projection } from './projection.ts';
import { ProjectionRunner } from './runner.ts';

/** A tally per owner: small enough to reason about, with upserts and deletes. */
type Tally = Document & { owner: string; count: number };
type TallyEvent =
  | { type: 'Counted'; data: { owner: string } }
  | { type: 'Reset'; data: { owner: string } }
  | { type: 'Ignored'; data: { owner: string } };
const tallies: Projection<Tally, TallyEvent> = {
  name: 'tallies',
  collection: { name: 'tallies', indexes: [['owner']] },
  handles: ['Counted', 'Reset'],
  documentId: (event) => event.data.owner,
  ownerOf: (tally) => tally.owner,
  evolve: (current, event) =>
    event.type === 'Reset' ? null : { id: event.data.owner, owner: event.data.owner, count: (current?.count ?? 0) + 1 },
};

function open(dir: string) {
  const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: [tallies as unknown as Projection],
    logger: silentLogger,
    batchSize: 7,
  });
  return { eventStore, readStore, runner };
}

const event = (type: TallyEvent['type'], owner: string): NewEvent =>
  ({
    type,
    data: { owner },
    id: randomUUID(),
    metadata: {
      actorId: null,
      commandId: randomUUID(),
      correlationId: 'c',
      timestamp: new Date().toISOString(),
      schemaVersion: 1,
    },
  }) as DomainEvent as NewEvent;

describe('projection runner', () => {
  it('catches up, follows live, announces changes and reaches positions', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    const { eventStore, readStore, runner } = open(dir);
    for (let i = 0; i < 20; i++) await eventStore.appendToStream('tally-a', [event('Counted', 'a')], 'any');
    const notices: ChangeNotice[] = [];
    runner.onChange((notice) => notices.push(notice));
    await runner.start();

    const { position } = await eventStore.appendToStream(
      'tally-b',
      [event('Counted', 'b'), event('Ignored', 'b')],
      'any',
    );
    assert.equal(await runner.waitFor(['tallies'], position, 2000), true);
    assert.equal((await readStore.get<Tally>('tallies', 'a'))?.count, 20);
    assert.equal((await readStore.get<Tally>('tallies', 'b'))?.count, 1);
    assert.deepEqual(notices.at(-1), { model: 'tallies', id: 'b', userId: 'b', op: 'upsert', position: position - 1 });
    assert.equal(await runner.waitFor(['tallies'], position + 100, 50), false, 'a position never reached times out');

    const reset = await eventStore.appendToStream('tally-a', [event('Reset', 'a')], 'any');
    await runner.waitFor(['tallies'], reset.position, 2000);
    assert.equal(await readStore.get('tallies', 'a'), null);
    assert.equal(notices.at(-1)?.op, 'delete');
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });

  it('restarts from its checkpoint without counting anything twice', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    let { eventStore, readStore, runner } = open(dir);
    for (let i = 0; i < 10; i++) await eventStore.appendToStream('tally-c', [event('Counted', 'c')], 'any');
    await runner.start();
    await runner.waitFor(['tallies'], await eventStore.headPosition(), 2000);
    await runner.stop();
    await eventStore.close();
    await readStore.close();

    ({ eventStore, readStore, runner } = open(dir));
    await eventStore.appendToStream('tally-c', [event('Counted', 'c')], 'any');
    await runner.start();
    await runner.waitFor(['tallies'], await eventStore.headPosition(), 2000);
    assert.equal((await readStore.get<Tally>('tallies', 'c'))?.count, 11);

    await runner.rebuild('tallies');
    assert.equal((await readStore.get<Tally>('tallies', 'c'))?.count, 11, 'a rebuild gives the same');
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });
});
