import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { ChangeNotice } from '@fitness/contracts';
import { CHANGE_FEED_RETENTION, POSITION_FIELD, type ReadStore } from '../read-store.ts';

/**
 * The behaviour every read store adapter must have. Each adapter's test file calls this with a
 * factory for a fresh, empty store.
 */
export function readStoreContract(name: string, open: () => Promise<ReadStore>) {
  describe(`read store contract: ${name}`, () => {
    let store: ReadStore;
    const things = 'things';
    const others = 'others';
    before(async () => {
      store = await open();
      await store.ensureCollections([
        { name: things, indexes: [['owner'], ['owner', 'day']] },
        { name: others, indexes: [] },
      ]);
      // Creating them again changes nothing.
      await store.ensureCollections([{ name: things, indexes: [['owner'], ['owner', 'day']] }]);
    });
    after(async () => {
      await store.close();
    });

    const doc = (fields: Record<string, unknown>, position: number) => ({
      id: randomUUID(),
      ...fields,
      [POSITION_FIELD]: position,
    });

    const notice = (id: string, position: number): ChangeNotice => ({
      model: things,
      id,
      userId: randomUUID(),
      op: 'upsert',
      position,
    });

    it('starts with an empty change feed', async () => {
      assert.equal(await store.latestChangeSequence(), 0);
      assert.deepEqual(await store.changesAfter(0, 10), []);
    });

    it('stores documents and the checkpoint together, and reads them back', async () => {
      const owner = randomUUID();
      const a = doc({ owner, day: '2026-01-02', tags: ['x'], nested: { n: 1.5 }, done: true, note: null }, 10);
      await store.commit('p1', [{ collection: things, op: 'upsert', document: a }], 10, []);
      assert.deepEqual(await store.get(things, a.id), a);
      assert.equal(await store.get(things, randomUUID()), null);
      assert.equal(await store.checkpoint('p1'), 10);
      assert.equal(await store.checkpoint('never-ran'), 0);
      assert.equal((await store.checkpoints()).p1, 10);
    });

    it('finds by equality, sorted and paged, and counts', async () => {
      const owner = randomUUID();
      const days = ['2026-01-03', '2026-01-01', '2026-01-02', '2026-01-05', '2026-01-04'];
      const docs = days.map((day, i) => doc({ owner, day, done: i % 2 === 0, note: i === 0 ? null : 'n' }, 20 + i));
      await store.commit(
        'p2',
        [
          ...docs.map((document) => ({ collection: things, op: 'upsert' as const, document })),
          { collection: things, op: 'upsert', document: doc({ owner: randomUUID(), day: '2026-01-09' }, 30) },
        ],
        30,
        [],
      );
      const newestFirst = await store.find(things, {
        where: { owner },
        orderBy: [{ field: 'day', direction: 'desc' }],
        limit: 2,
        offset: 1,
      });
      assert.deepEqual(
        newestFirst.map((d) => d.day),
        ['2026-01-04', '2026-01-03'],
      );
      assert.equal(await store.count(things, { owner }), 5);
      assert.equal(await store.count(things, { owner, done: true }), 3);
      assert.equal(await store.count(things, { owner, note: null }), 1);
      assert.equal((await store.find(things, { where: { owner, day: '2026-01-05' } }))[0]?.id, docs[3]?.id);
    });

    it('skips writes older than what a document already reflects', async () => {
      const owner = randomUUID();
      const current = doc({ owner, version: 'new' }, 50);
      await store.commit('p3', [{ collection: things, op: 'upsert', document: current }], 50, []);
      const stale = { ...current, version: 'old', [POSITION_FIELD]: 40 };
      await store.commit('p3', [{ collection: things, op: 'upsert', document: stale }], 40, []);
      assert.equal((await store.get(things, current.id))?.version, 'new');
      await store.commit('p3', [{ collection: things, op: 'delete', id: current.id, position: 45 }], 45, []);
      assert.ok(await store.get(things, current.id), 'an older delete is skipped');
      assert.equal(await store.checkpoint('p3'), 50, 'the checkpoint never moves back');
      await store.commit('p3', [{ collection: things, op: 'delete', id: current.id, position: 60 }], 60, []);
      assert.equal(await store.get(things, current.id), null);
    });

    it('resets a projection: its documents and checkpoint go, its version is recorded, others stay', async () => {
      const kept = doc({ owner: 'x' }, 70);
      await store.commit('p4', [{ collection: others, op: 'upsert', document: doc({}, 70) }], 70, []);
      await store.commit('p5', [{ collection: things, op: 'upsert', document: kept }], 70, []);
      assert.equal(await store.projectionVersion('p4'), 0, 'no version before the first reset');
      await store.reset('p4', [others], 3);
      assert.equal(await store.count(others), 0);
      assert.equal(await store.checkpoint('p4'), 0);
      assert.equal(await store.projectionVersion('p4'), 3);
      assert.ok(await store.get(things, kept.id));
      assert.equal(await store.checkpoint('p5'), 70);
      await store.commit('p4', [], 80, []);
      assert.equal(await store.projectionVersion('p4'), 3, 'commits keep the version');
      assert.equal(await store.checkpoint('p4'), 80);
    });

    it('applies a batch all or nothing', async () => {
      const good = doc({ owner: 'y' }, 80);
      const bad = { id: randomUUID() } as never; // no position: the adapter must refuse the batch
      const before = await store.latestChangeSequence();
      await assert.rejects(
        store.commit(
          'p6',
          [
            { collection: things, op: 'upsert', document: good },
            { collection: things, op: 'upsert', document: bad },
          ],
          80,
          [notice(good.id, 80)],
        ),
      );
      assert.equal(await store.get(things, good.id), null);
      assert.equal(await store.checkpoint('p6'), 0);
      assert.equal(await store.latestChangeSequence(), before, 'no notice of a failed batch');
      assert.deepEqual(await store.changesAfter(before, 10), []);
    });

    it('appends change notices with their batch, numbered in commit order, read after a sequence', async () => {
      const start = await store.latestChangeSequence();
      const a = doc({ owner: 'z' }, 90);
      const first = [notice(a.id, 90), notice(randomUUID(), 90)];
      await store.commit('p7', [{ collection: things, op: 'upsert', document: a }], 90, first);
      const second = [notice(randomUUID(), 91)];
      await store.commit('p8', [], 91, second);
      await store.commit('p8', [], 92, []);

      assert.equal(await store.latestChangeSequence(), start + 3, 'a commit without notices takes no sequence');
      assert.deepEqual(await store.changesAfter(start, 10), [
        { sequence: start + 1, notice: first[0] },
        { sequence: start + 2, notice: first[1] },
        { sequence: start + 3, notice: second[0] },
      ]);
      assert.deepEqual(await store.changesAfter(start + 1, 1), [{ sequence: start + 2, notice: first[1] }]);
      assert.deepEqual(await store.changesAfter(start + 3, 10), []);
      assert.deepEqual(await store.changesAfter(start, 0), []);
    });

    it(`keeps only the newest ${CHANGE_FEED_RETENTION} notices, and keeps counting`, async () => {
      const start = await store.latestChangeSequence();
      const notices = Array.from({ length: CHANGE_FEED_RETENTION + 5 }, (_, i) => notice(randomUUID(), 100 + i));
      await store.commit('p9', [], 100 + notices.length, notices);
      const latest = await store.latestChangeSequence();
      assert.equal(latest, start + notices.length);
      const [oldest] = await store.changesAfter(0, 1);
      assert.equal(oldest?.sequence, latest - CHANGE_FEED_RETENTION + 1, 'older entries are pruned');
      assert.deepEqual(oldest?.notice, notices[5]);
      const next = [notice(randomUUID(), 200_000)];
      await store.commit('p9', [], 200_000, next);
      assert.deepEqual(await store.changesAfter(latest, 10), [{ sequence: latest + 1, notice: next[0] }]);
    });
  });
}
