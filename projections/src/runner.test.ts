import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeNotice, DomainEvent, NewEvent } from '@fitness/contracts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { type Document, SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { describe, it } from 'vitest';
import { type ManyDocumentProjection, type Projection, sameDocument } from './projection.ts';
import { ProjectionRunner } from './runner.ts';

/** A tally per owner: small enough to reason about, with upserts and deletes. */
type Tally = Document & { owner: string; count: number };
type TallyEvent =
  | { type: 'Counted'; data: { owner: string } }
  | { type: 'Reset'; data: { owner: string } }
  | { type: 'Ignored'; data: { owner: string } };
const tallies: Projection<Tally, TallyEvent> = {
  name: 'tallies',
  version: 1,
  collection: { name: 'tallies', indexes: [['owner']] },
  handles: ['Counted', 'Reset'],
  documentId: (event) => event.data.owner,
  ownerField: 'owner',
  evolve: (current, event) =>
    event.type === 'Reset' ? null : { id: event.data.owner, owner: event.data.owner, count: (current?.count ?? 0) + 1 },
};

/** Many documents per owner, so deleting an account has more than one thing to forget. */
type Note = Document & { user_id: string; text: string };
type NoteEvent = { type: 'Noted'; data: { noteId: string; userId: string } };
const notes: Projection<Note, NoteEvent> = {
  name: 'notes',
  version: 1,
  collection: { name: 'notes', indexes: [['user_id']] },
  handles: ['Noted'],
  documentId: (event) => event.data.noteId,
  ownerField: 'user_id',
  evolve: (_current, event) => ({ id: event.data.noteId, user_id: event.data.userId, text: 'x' }),
};

/**
 * Many documents per event: every note also moves its owner's summary, which keeps only the
 * last note's id, so a second note by the same owner changes it and a repeat does not.
 */
type Summary = Document & { user_id: string; notes: string[] };
const summaries: ManyDocumentProjection<Summary, NoteEvent> = {
  name: 'summaries',
  version: 1,
  collection: { name: 'summaries', indexes: [['user_id']] },
  handles: ['Noted'],
  ownerField: 'user_id',
  async apply(event, documents) {
    const { userId, noteId } = event.data;
    const current = await documents.get(userId);
    const notes = [...new Set([...(current?.notes ?? []), noteId])].sort();
    const summary = { id: userId, user_id: userId, notes };
    if (!sameDocument(current, summary)) documents.set(userId, summary);
    documents.set(`latest-${userId}`, { id: `latest-${userId}`, user_id: userId, notes: [noteId] });
  },
};

function open(
  dir: string,
  talliesProjection: Projection<Tally, TallyEvent> = tallies,
  extra: unknown[] = [],
  changeFeed = true,
) {
  const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: [
      talliesProjection as unknown as Projection,
      notes as unknown as Projection,
      ...(extra as Projection[]),
    ],
    logger: silentLogger,
    batchSize: 7,
    changeFeed,
  });
  return { eventStore, readStore, runner };
}

const event = (
  type: TallyEvent['type'] | NoteEvent['type'] | 'UserDeleted' | 'Broken',
  owner: string,
  noteId = '',
): NewEvent =>
  ({
    type,
    data: { owner, userId: owner, noteId },
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
    // The notice carries the position of the event that changed the tally: the first of the two.
    const counted = (await eventStore.readStream('tally-b')).find((recorded) => recorded.type === 'Counted');
    assert.deepEqual(notices.at(-1), {
      model: 'tallies',
      id: 'b',
      userId: 'b',
      op: 'upsert',
      position: counted?.position,
      correlationId: 'c',
    });
    assert.equal(await runner.waitFor(['tallies'], position + 100, 50), false, 'a position never reached times out');

    const reset = await eventStore.appendToStream('tally-a', [event('Reset', 'a')], 'any');
    await runner.waitFor(['tallies'], reset.position, 2000);
    assert.equal(await readStore.get('tallies', 'a'), null);
    assert.equal(notices.at(-1)?.op, 'delete');
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });

  it('tells each committed batch how many events of the log it folded', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    const { eventStore, readStore, runner } = open(dir);
    for (let i = 0; i < 20; i++) await eventStore.appendToStream('tally-a', [event('Counted', 'a')], 'any');
    const committed: number[] = [];
    runner.onCommitted((events) => committed.push(events));
    await runner.start();
    assert.equal(await runner.waitFor(['tallies'], await eventStore.headPosition(), 2000), true);
    assert.deepEqual(committed, [7, 7, 6], 'the backlog, in batches of seven');

    const { position } = await eventStore.appendToStream(
      'tally-b',
      [event('Counted', 'b'), event('Ignored', 'b')],
      'any',
    );
    assert.equal(await runner.waitFor(['tallies'], position, 2000), true);
    assert.deepEqual(committed, [7, 7, 6, 2], 'an ignored event is folded (and counted) too');
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });

  it('writes the change feed for other processes, unless told that none reads it', async () => {
    for (const changeFeed of [true, false]) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-feed-'));
      const { eventStore, readStore, runner } = open(dir, tallies, [], changeFeed);
      const heard: ChangeNotice[] = [];
      runner.onChange((notice) => heard.push(notice));
      await runner.start();
      const { position } = await eventStore.appendToStream('tally-f', [event('Counted', 'f')], 'any');
      await runner.waitFor(['tallies'], position, 2000);
      assert.deepEqual(
        heard.map((notice) => notice.id),
        ['f'],
        'listeners in the process hear it either way',
      );
      const fed = (await readStore.changesAfter(0, 10)).map((entry) => entry.notice.id);
      assert.deepEqual(fed, changeFeed ? ['f'] : []);
      await runner.stop();
      await eventStore.close();
      await readStore.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not wait for a position past the head of the log: no write ever answered with it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    const { eventStore, readStore, runner } = open(dir);
    const { position } = await eventStore.appendToStream('tally-a', [event('Counted', 'a')], 'any');
    await runner.start();
    assert.equal(await runner.waitFor(['tallies'], position, 2000), true);
    // A timeout far longer than this test may take: refused at once, or the test times out.
    assert.equal(await runner.waitFor(['tallies'], position + 1_000_000, 600_000), false);
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  }, 20_000);

  it('forgets every document a deleted user owned, committed or still in the batch, and only theirs', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    const { eventStore, readStore, runner } = open(dir);
    const notices: ChangeNotice[] = [];
    runner.onChange((notice) => notices.push(notice));
    for (let i = 0; i < 10; i++) await eventStore.appendToStream('note-x', [event('Noted', 'x', `x${i}`)], 'any');
    for (let i = 0; i < 3; i++) await eventStore.appendToStream('note-y', [event('Noted', 'y', `y${i}`)], 'any');
    await eventStore.appendToStream('tally-x', [event('Counted', 'x'), event('Counted', 'y')], 'any');
    await runner.start();
    await runner.waitFor(['notes', 'tallies'], await eventStore.headPosition(), 2000);
    assert.equal(await readStore.count('notes', { user_id: 'x' }), 10);

    // Two more notes and the deletion in one batch: the batch's own documents go too.
    const { position } = await eventStore.appendToStream(
      'user-x',
      [event('Noted', 'x', 'x10'), event('Noted', 'x', 'x11'), event('UserDeleted', 'x')],
      'any',
    );
    assert.equal(await runner.waitFor(['notes', 'tallies'], position, 2000), true);
    assert.equal(await readStore.count('notes', { user_id: 'x' }), 0);
    assert.equal(await readStore.count('notes', { user_id: 'y' }), 3, "another user's notes stay");
    assert.equal(await readStore.get('tallies', 'x'), null, 'every projection forgets the user');
    assert.equal((await readStore.get<Tally>('tallies', 'y'))?.count, 1);
    const deletes = notices.filter((notice) => notice.op === 'delete' && notice.position === position);
    // The ten stored notes are announced gone; the batch's own two were never stored, nor seen.
    assert.equal(deletes.filter((notice) => notice.model === 'notes').length, 10);
    assert.ok(deletes.every((notice) => notice.userId === 'x'));

    await runner.rebuild('notes');
    assert.equal(await readStore.count('notes'), 3, 'a rebuild from zero forgets them the same');
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

  it('rebuilds on start a projection whose version changed, and only that one', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    let { eventStore, readStore, runner } = open(dir);
    for (let i = 0; i < 5; i++) await eventStore.appendToStream('tally-v', [event('Counted', 'v')], 'any');
    await eventStore.appendToStream('note-v', [event('Noted', 'v', 'n1')], 'any');
    await runner.start();
    await runner.waitFor(['tallies', 'notes'], await eventStore.headPosition(), 2000);
    assert.equal((await readStore.get<Tally>('tallies', 'v'))?.count, 5);
    await runner.stop();
    await eventStore.close();
    await readStore.close();

    // Version 2 counts each event twice: the stored documents were built by version 1.
    const doubling: Projection<Tally, TallyEvent> = {
      ...tallies,
      version: 2,
      evolve: (current, event) =>
        event.type === 'Reset'
          ? null
          : { id: event.data.owner, owner: event.data.owner, count: (current?.count ?? 0) + 2 },
    };
    ({ eventStore, readStore, runner } = open(dir, doubling));
    const notesBefore = await readStore.checkpoint('notes');
    await runner.start();
    await runner.waitFor(['tallies', 'notes'], await eventStore.headPosition(), 2000);
    assert.equal((await readStore.get<Tally>('tallies', 'v'))?.count, 10, 'rebuilt by version 2');
    assert.equal(await readStore.projectionVersion('tallies'), 2);
    assert.equal(await readStore.checkpoint('notes'), notesBefore, 'an unchanged projection goes on');
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });

  it("never puts back a deleted user's document, even from a write that reached the log later", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    let { eventStore, readStore, runner } = open(dir);
    await eventStore.appendToStream('note-z', [event('Noted', 'z', 'z1')], 'any');
    await eventStore.appendToStream('user-z', [event('UserDeleted', 'z')], 'any');
    // A request under way elsewhere when the account was deleted.
    await eventStore.appendToStream('note-z2', [event('Noted', 'z', 'z2'), event('Counted', 'z')], 'any');
    await runner.start();
    await runner.waitFor(['notes', 'tallies'], await eventStore.headPosition(), 2000);
    assert.equal(await readStore.count('notes', { user_id: 'z' }), 0);
    assert.equal(await readStore.get('tallies', 'z'), null);
    await runner.stop();
    await eventStore.close();
    await readStore.close();

    // After a restart too: the runner remembers who was deleted.
    ({ eventStore, readStore, runner } = open(dir));
    await eventStore.appendToStream('note-z3', [event('Noted', 'z', 'z3')], 'any');
    await eventStore.appendToStream('note-y9', [event('Noted', 'y9', 'y9')], 'any');
    await runner.start();
    await runner.waitFor(['notes'], await eventStore.headPosition(), 2000);
    assert.equal(await readStore.count('notes', { user_id: 'z' }), 0);
    assert.equal(await readStore.count('notes', { user_id: 'y9' }), 1, 'everyone else is written as ever');
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });
  it('reads the log once for every projection and commits their batch in one transaction', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    const { eventStore, readStore, runner } = open(dir);
    let subscriptions = 0;
    const subscribe = eventStore.subscribeToAll.bind(eventStore);
    eventStore.subscribeToAll = (options) => {
      subscriptions++;
      return subscribe(options);
    };
    const commits: string[][] = [];
    const commit = readStore.commit.bind(readStore);
    readStore.commit = async (batch) => {
      commits.push(Object.keys(batch.checkpoints).sort());
      await commit(batch);
    };
    await runner.start();
    const { position } = await eventStore.appendToStream(
      'mixed',
      [event('Counted', 'm'), event('Noted', 'm', 'm1')],
      'any',
    );
    assert.equal(await runner.waitFor(['tallies', 'notes'], position, 2000), true);
    assert.equal(subscriptions, 1, 'one subscription for all projections');
    assert.deepEqual(commits, [['notes', 'tallies']], 'one commit moves both checkpoints');
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });

  it('folds an event into several documents, and writes or announces nothing that did not change', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    const { eventStore, readStore, runner } = open(dir, tallies, [summaries]);
    const notices: ChangeNotice[] = [];
    runner.onChange((notice) => notices.push(notice));
    await runner.start();
    await eventStore.appendToStream('note-s', [event('Noted', 's', 'n1'), event('Noted', 's', 'n2')], 'any');
    const { position } = await eventStore.appendToStream('note-s', [event('Noted', 's', 'n2')], 'any');
    assert.equal(await runner.waitFor(['summaries'], position, 2000), true);
    assert.deepEqual((await readStore.get<Summary>('summaries', 's'))?.notes, ['n1', 'n2']);
    assert.deepEqual((await readStore.get<Summary>('summaries', 'latest-s'))?.notes, ['n2']);
    const summaryNotices = notices.filter((notice) => notice.model === 'summaries' && notice.position === position);
    assert.deepEqual(
      summaryNotices.map((notice) => notice.id),
      ['latest-s'],
      'the repeated note left the summary alone, so only the document it set is announced',
    );

    await runner.rebuild('summaries');
    assert.deepEqual((await readStore.get<Summary>('summaries', 's'))?.notes, ['n1', 'n2'], 'rebuilt alone');
    const later = await eventStore.appendToStream('note-s', [event('Noted', 's', 'n3'), event('Counted', 's')], 'any');
    assert.equal(await runner.waitFor(['summaries', 'tallies'], later.position, 2000), true, 'and follows again');
    assert.deepEqual((await readStore.get<Summary>('summaries', 's'))?.notes, ['n1', 'n2', 'n3']);
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });

  it('keeps the other projections going while one fails, and retries that one alone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-'));
    let failures = 1;
    const flaky: Projection<Tally, TallyEvent> = {
      ...tallies,
      evolve: (current, event) => {
        if (failures > 0) {
          failures--;
          throw new Error('a bug in this projection');
        }
        return tallies.evolve(current, event);
      },
    };
    const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [flaky as unknown as Projection, notes as unknown as Projection],
      logger: silentLogger,
      retryDelayMs: 20,
    });
    await runner.start();
    const { position } = await eventStore.appendToStream(
      'mixed',
      [event('Counted', 'f'), event('Noted', 'f', 'f1')],
      'any',
    );
    assert.equal(await runner.waitFor(['notes'], position, 2000), true, 'notes went on');
    assert.equal(await runner.waitFor(['tallies'], position, 2000), true, 'tallies caught up after its retry');
    assert.equal((await readStore.get<Tally>('tallies', 'f'))?.count, 1);
    await runner.stop();
    await eventStore.close();
    await readStore.close();
  });

  it('rebuilding in a serving process, reports its progress batch by batch and lets the event loop run inside and between batches', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-rebuild-'));
    const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [tallies as unknown as Projection],
      logger: silentLogger,
      batchSize: 10,
      catchUpBatchSize: 20,
    });
    try {
      for (let i = 0; i < 5; i++) {
        await eventStore.appendToStream(
          `tally-${i}`,
          Array.from({ length: 10 }, () => event('Counted', `o${i}`)),
          'any',
        );
      }
      await runner.start();
      const head = await eventStore.headPosition();
      assert.ok(await runner.waitFor(['tallies'], head, 2000));

      // SQLite answers synchronously: without a yield, nothing else would run until the end.
      const progress: { position: number; ticks: number }[] = [];
      let ticks = 0;
      let ticking = true;
      const tick = () => {
        ticks += 1;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      await runner.rebuild('tallies', (position) => progress.push({ position, ticks }));
      ticking = false;

      const log = await eventStore.readAll({ fromPosition: 0, maxCount: 100 });
      assert.deepEqual(
        progress.map((step) => step.position),
        [log[19], log[39], log[49]].map((recorded) => recorded?.position),
        'batches of the catch-up size: after the 20th, 40th and 50th events',
      );
      assert.ok((progress[0]?.ticks ?? 0) > 0, 'the event loop ran inside the first batch, after its first ten events');
      const ticksBetween = progress.slice(1).map((step, i) => step.ticks - (progress[i]?.ticks ?? 0));
      assert.ok(
        ticksBetween.every((count) => count > 0),
        `the event loop ran between batches: ${ticksBetween}`,
      );
      assert.equal((await readStore.get<Tally>('tallies', 'o3'))?.count, 10);
      assert.equal(runner.positions().tallies, head);
    } finally {
      await runner.stop();
      await eventStore.close();
      await readStore.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
