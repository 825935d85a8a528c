import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { applyChanges, type DocumentChange } from '@fitness/contracts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CHANGE_FEED_RETENTION, POSITION_FIELD, type ReadStore } from '../read-store.ts';
import { aNotice } from '../testing/events.ts';

/**
 * The behaviour every read store adapter must have. Each adapter's test file calls this with a
 * factory for a fresh, empty store.
 */
export function readStoreContract(name: string, open: () => Promise<ReadStore>) {
  describe(`read store contract: ${name}`, () => {
    let store: ReadStore;
    const things = 'things';
    const others = 'others';
    const rebuilt = 'rebuilt';
    beforeAll(async () => {
      store = await open();
      await store.ensureCollections([
        { name: things, indexes: [['owner'], ['owner', 'day']] },
        { name: others, indexes: [] },
        { name: rebuilt, indexes: [['owner', 'day']] },
      ]);
      // Creating them again changes nothing.
      await store.ensureCollections([{ name: things, indexes: [['owner'], ['owner', 'day']] }]);
    });
    afterAll(async () => {
      await store.close();
    });

    const doc = (fields: Record<string, unknown>, position: number) => ({
      id: randomUUID(),
      ...fields,
      [POSITION_FIELD]: position,
    });

    const notice = (id: string, position: number) => aNotice(id, position, { model: things, userId: randomUUID() });

    it('starts with an empty change feed', async () => {
      assert.equal(await store.latestChangeSequence(), 0);
      assert.deepEqual(await store.changesAfter(0, 10), []);
    });

    it('stores documents and the checkpoint together, and reads them back', async () => {
      const owner = randomUUID();
      const a = doc({ owner, day: '2026-01-02', tags: ['x'], nested: { n: 1.5 }, done: true, note: null }, 10);
      await store.commit({
        checkpoints: { p1: 10 },
        writes: [{ collection: things, op: 'upsert', document: a }],
        notices: [],
      });
      assert.deepEqual(await store.get(things, a.id), a);
      assert.equal(await store.get(things, randomUUID()), null);
      assert.equal(await store.checkpoint('p1'), 10);
      assert.equal(await store.checkpoint('never-ran'), 0);
      assert.equal((await store.checkpoints()).p1, 10);
    });

    it('stores what JSON keeps of a field that is undefined: nothing, or null inside an array', async () => {
      const owner = randomUUID();
      const written = doc({ owner, note: undefined, nested: { kept: 1, gone: undefined }, list: [1, undefined] }, 12);
      const asJson = JSON.parse(JSON.stringify(written));
      assert.deepEqual(asJson.list, [1, null]);
      await store.commit({
        checkpoints: {},
        writes: [{ collection: things, op: 'upsert', document: written }],
        notices: [],
      });
      assert.deepEqual(await store.get(things, written.id), asJson);
      assert.deepEqual(await store.find(things, { where: { owner } }), [asJson]);
      const { [POSITION_FIELD]: _, ...shown } = asJson;
      assert.deepEqual(
        (await store.findJson(things, { where: { owner } })).map((text) => JSON.parse(text)),
        [shown],
      );
    });

    it("answers the writer's reads (where it has them) as it answers get and find, a commit later too", async () => {
      const reads = store.writerReads?.() ?? store;
      const owner = randomUUID();
      const first = doc({ owner, day: '2026-02-01' }, 40);
      await store.commit({
        checkpoints: {},
        writes: [{ collection: things, op: 'upsert', document: first }],
        notices: [],
      });
      const changed = { ...first, day: '2026-02-02', [POSITION_FIELD]: 41 };
      await store.commit({
        checkpoints: {},
        writes: [{ collection: things, op: 'upsert', document: changed }],
        notices: [],
      });
      assert.deepEqual(await reads.get(things, first.id), changed);
      assert.deepEqual(await store.get(things, first.id), changed);
      assert.deepEqual(await reads.find(things, { where: { owner } }), [changed]);
      assert.deepEqual(await store.find(things, { where: { owner } }), [changed]);
    });

    it('changes a document in place by a patch, indexed fields too, and skips a patch older than it', async () => {
      const owner = randomUUID();
      const original = doc(
        {
          owner,
          day: '2026-03-01',
          title: 'Push',
          note: 'old',
          items: [
            { id: 'a', sets: [{ id: 's1', reps: 5 }] },
            { id: 'b', sets: [] },
            { id: 'c', sets: [] },
          ],
        },
        50,
      );
      await store.commit({
        checkpoints: {},
        writes: [{ collection: things, op: 'upsert', document: original }],
        notices: [],
      });
      const changes: DocumentChange[] = [
        { op: 'set', path: ['day'], value: '2026-03-02' },
        { op: 'unset', path: ['note'] },
        { op: 'pull', path: ['items'], id: 'b', at: 1 },
        { op: 'set', path: ['items', { id: 'c', at: 1 }, 'label'], value: 'C "quoted" ü' },
        { op: 'push', path: ['items', { id: 'a', at: 0 }, 'sets'], value: { id: 's2', reps: 3, weight: 1.25 } },
        { op: 'push', path: ['items'], value: { id: 'd', sets: [], nested: { deep: [1, null, true] } } },
      ];
      const patched = { ...applyChanges(original, changes), [POSITION_FIELD]: 51 };
      await store.commit({
        checkpoints: {},
        writes: [{ collection: things, op: 'patch', id: original.id, changes, document: patched }],
        notices: [],
      });
      assert.deepEqual(await store.get(things, original.id), patched);
      assert.deepEqual(await store.find(things, { where: { owner, day: '2026-03-02' } }), [patched]);
      assert.deepEqual(await store.find(things, { where: { owner, day: '2026-03-01' } }), []);
      // The same patch again (a batch applied anew after a crash) changes nothing.
      await store.commit({
        checkpoints: {},
        writes: [{ collection: things, op: 'patch', id: original.id, changes, document: patched }],
        notices: [],
      });
      assert.deepEqual(await store.get(things, original.id), patched);
    });

    it('writes a patch whole where its path cannot be said in place, or where the document is missing', async () => {
      const owner = randomUUID();
      const original = doc({ owner, by_key: { plain: 1 } }, 60);
      await store.commit({
        checkpoints: {},
        writes: [{ collection: things, op: 'upsert', document: original }],
        notices: [],
      });
      const changes: DocumentChange[] = [
        { op: 'set', path: ['by_key', 'a.b "c" $d\\'], value: { 'x.y': 2 } },
        { op: 'set', path: ['by_key', 'plain'], value: 2 },
      ];
      const patched = { ...applyChanges(original, changes), [POSITION_FIELD]: 61 };
      const missing = doc({ owner, note: 'never stored' }, 62);
      await store.commit({
        checkpoints: {},
        writes: [
          { collection: things, op: 'patch', id: original.id, changes, document: patched },
          {
            collection: things,
            op: 'patch',
            id: missing.id,
            changes: [{ op: 'set', path: ['note'], value: 'x' }],
            document: missing,
          },
        ],
        notices: [],
      });
      assert.deepEqual(await store.get(things, original.id), patched);
      assert.deepEqual(await store.get(things, missing.id), missing);
    });

    it('finds by equality, sorted and paged, and counts', async () => {
      const owner = randomUUID();
      const days = ['2026-01-03', '2026-01-01', '2026-01-02', '2026-01-05', '2026-01-04'];
      const docs = days.map((day, i) => doc({ owner, day, done: i % 2 === 0, note: i === 0 ? null : 'n' }, 20 + i));
      await store.commit({
        checkpoints: { p2: 30 },
        writes: [
          ...docs.map((document) => ({ collection: things, op: 'upsert' as const, document })),
          { collection: things, op: 'upsert', document: doc({ owner: randomUUID(), day: '2026-01-09' }, 30) },
        ],
        notices: [],
      });
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

    it('finds documents as their JSON text, without their position and the fields it omits', async () => {
      const owner = randomUUID();
      const older = doc({ owner, day: '2026-02-01', nested: { owner: 'kept', n: [1, null] }, note: 'a "quote" é' }, 31);
      const newer = doc({ owner, day: '2026-02-02', nested: {}, note: null }, 32);
      await store.commit({
        checkpoints: { p2c: 32 },
        writes: [older, newer].map((document) => ({ collection: things, op: 'upsert' as const, document })),
        notices: [],
      });
      const texts = await store.findJson(things, {
        where: { owner },
        orderBy: [{ field: 'day', direction: 'desc' }],
        omit: ['owner'],
      });
      const shown = ({ owner: _, [POSITION_FIELD]: __, ...rest }: Record<string, unknown>) => rest;
      assert.deepEqual(
        texts.map((text) => JSON.parse(text)),
        [shown(newer), shown(older)],
      );
      assert.deepEqual(
        (
          await store.findJson(things, {
            where: { owner },
            limit: 1,
            offset: 1,
            orderBy: [{ field: 'day', direction: 'asc' }],
          })
        ).map((text) => JSON.parse(text).id),
        [newer.id],
      );
    });

    it('finds more documents than one page holds, in order, each once, with offset and limit', async () => {
      const owner = randomUUID();
      const docs = Array.from({ length: 1234 }, (_, i) =>
        doc(
          { owner, day: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}` },
          40,
        ),
      );
      await store.commit({
        checkpoints: { p2b: 40 },
        writes: docs.map((document) => ({ collection: things, op: 'upsert' as const, document })),
        notices: [],
      });
      const byId = [...docs].sort((a, b) => (a.id < b.id ? -1 : 1));
      const all = await store.find(things, { where: { owner } });
      assert.deepEqual(
        all.map((d) => d.id),
        byId.map((d) => d.id),
      );
      const window = await store.find(things, { where: { owner }, offset: 450, limit: 700 });
      assert.deepEqual(
        window.map((d) => d.id),
        byId.slice(450, 1150).map((d) => d.id),
      );
      // Equal days by id in the same direction, newest (greatest) first.
      const dayOf = (d: (typeof docs)[number]) => String((d as Record<string, unknown>).day);
      const byDay = [...docs].sort((a, b) =>
        dayOf(a) === dayOf(b) ? (a.id > b.id ? -1 : 1) : dayOf(a) > dayOf(b) ? -1 : 1,
      );
      const newestFirst = await store.find(things, {
        where: { owner },
        orderBy: [{ field: 'day', direction: 'desc' }],
        offset: 3,
        limit: 1200,
      });
      assert.deepEqual(
        newestFirst.map((d) => d.id),
        byDay.slice(3, 1203).map((d) => d.id),
      );
      // Read on in id order from the last id of a page, or from an id no document has (one deleted since).
      const after = byId[600]?.id ?? '';
      const onFrom = await store.find(things, {
        where: { owner },
        orderBy: [{ field: 'id', direction: 'asc' }],
        afterId: after,
        limit: 500,
      });
      assert.deepEqual(
        onFrom.map((d) => d.id),
        byId.slice(601, 1101).map((d) => d.id),
      );
      const texts = await store.findJson(things, { where: { owner }, afterId: byId[1230]?.id ?? '' });
      assert.deepEqual(
        texts.map((text) => JSON.parse(text).id),
        byId.slice(1231).map((d) => d.id),
      );
      assert.deepEqual(await store.find(things, { where: { owner }, afterId: `${after}-`, limit: 1 }), [byId[601]]);
    });

    it('skips writes older than what a document already reflects', async () => {
      const owner = randomUUID();
      const current = doc({ owner, version: 'new' }, 50);
      await store.commit({
        checkpoints: { p3: 50 },
        writes: [{ collection: things, op: 'upsert', document: current }],
        notices: [],
      });
      const stale = { ...current, version: 'old', [POSITION_FIELD]: 40 };
      await store.commit({
        checkpoints: { p3: 40 },
        writes: [{ collection: things, op: 'upsert', document: stale }],
        notices: [],
      });
      assert.equal((await store.get(things, current.id))?.version, 'new');
      await store.commit({
        checkpoints: { p3: 45 },
        writes: [{ collection: things, op: 'delete', id: current.id, position: 45 }],
        notices: [],
      });
      assert.ok(await store.get(things, current.id), 'an older delete is skipped');
      assert.equal(await store.checkpoint('p3'), 50, 'the checkpoint never moves back');
      await store.commit({
        checkpoints: { p3: 60 },
        writes: [{ collection: things, op: 'delete', id: current.id, position: 60 }],
        notices: [],
      });
      assert.equal(await store.get(things, current.id), null);
    });

    it('resets a projection: its documents and checkpoint go, its version is recorded, others stay', async () => {
      const kept = doc({ owner: 'x' }, 70);
      await store.commit({
        checkpoints: { p4: 70 },
        writes: [{ collection: others, op: 'upsert', document: doc({}, 70) }],
        notices: [],
      });
      await store.commit({
        checkpoints: { p5: 70 },
        writes: [{ collection: things, op: 'upsert', document: kept }],
        notices: [],
      });
      assert.equal(await store.projectionVersion('p4'), 0, 'no version before the first reset');
      await store.reset('p4', [others], 3);
      assert.equal(await store.count(others), 0);
      assert.equal(await store.checkpoint('p4'), 0);
      assert.equal(await store.projectionVersion('p4'), 3);
      assert.ok(await store.get(things, kept.id));
      assert.equal(await store.checkpoint('p5'), 70);
      await store.commit({ checkpoints: { p4: 80 }, writes: [], notices: [] });
      assert.equal(await store.projectionVersion('p4'), 3, 'commits keep the version');
      assert.equal(await store.checkpoint('p4'), 80);
    });

    it('resets a collection with indexes, which serves finds and commits again after it', async () => {
      const owner = randomUUID();
      const before = [doc({ owner, day: '2026-04-01' }, 90), doc({ owner, day: '2026-04-02' }, 91)];
      await store.commit({
        checkpoints: { p13: 91 },
        writes: before.map((document) => ({ collection: rebuilt, op: 'upsert' as const, document })),
        notices: [],
      });
      await store.reset('p13', [rebuilt], 2);
      assert.equal(await store.count(rebuilt), 0);
      assert.equal(await store.get(rebuilt, before[0]?.id ?? ''), null);
      assert.deepEqual([await store.checkpoint('p13'), await store.projectionVersion('p13')], [0, 2]);
      // Rebuilt from the first event again: the old documents' later positions skip nothing.
      const again = [doc({ owner, day: '2026-04-03' }, 5), doc({ owner, day: '2026-04-01' }, 6)];
      await store.commit({
        checkpoints: { p13: 6 },
        writes: again.map((document) => ({ collection: rebuilt, op: 'upsert' as const, document })),
        notices: [],
      });
      assert.deepEqual(await store.find(rebuilt, { where: { owner }, orderBy: [{ field: 'day', direction: 'asc' }] }), [
        again[1],
        again[0],
      ]);
      assert.deepEqual([await store.checkpoint('p13'), await store.projectionVersion('p13')], [6, 2]);
    });

    it('refuses to reset a collection it was not told about, and leaves the projection as it was', async () => {
      await store.commit({ checkpoints: { p14: 93 }, writes: [], notices: [] });
      await assert.rejects(store.reset('p14', [others, 'never_ensured'], 2));
      assert.deepEqual([await store.checkpoint('p14'), await store.projectionVersion('p14')], [93, 0]);
    });

    it("commits several projections' writes and checkpoints as one batch", async () => {
      const a = doc({ owner: 'w' }, 75);
      const b = doc({ owner: 'w' }, 76);
      await store.commit({
        checkpoints: { p10: 76, p11: 76 },
        writes: [
          { collection: things, op: 'upsert', document: a },
          { collection: others, op: 'upsert', document: b },
        ],
        notices: [],
      });
      assert.deepEqual([await store.get(things, a.id), await store.get(others, b.id)], [a, b]);
      assert.deepEqual([await store.checkpoint('p10'), await store.checkpoint('p11')], [76, 76]);
      const bad = { id: randomUUID() } as never;
      await assert.rejects(
        store.commit({
          checkpoints: { p10: 90, p11: 90 },
          writes: [{ collection: others, op: 'upsert', document: bad }],
          notices: [],
        }),
      );
      assert.deepEqual([await store.checkpoint('p10'), await store.checkpoint('p11')], [76, 76], 'neither moved');
    });

    it('applies a batch all or nothing', async () => {
      const good = doc({ owner: 'y' }, 80);
      const bad = { id: randomUUID() } as never; // no position: the adapter must refuse the batch
      const before = await store.latestChangeSequence();
      await assert.rejects(
        store.commit({
          checkpoints: { p6: 80 },
          writes: [
            { collection: things, op: 'upsert', document: good },
            { collection: things, op: 'upsert', document: bad },
          ],
          notices: [notice(good.id, 80)],
        }),
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
      await store.commit({
        checkpoints: { p7: 90 },
        writes: [{ collection: things, op: 'upsert', document: a }],
        notices: first,
      });
      const second = [notice(randomUUID(), 91)];
      await store.commit({ checkpoints: { p8: 91 }, writes: [], notices: second });
      await store.commit({ checkpoints: { p8: 92 }, writes: [], notices: [] });

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
      await store.commit({ checkpoints: { p9: 100 + notices.length }, writes: [], notices: notices });
      const latest = await store.latestChangeSequence();
      assert.equal(latest, start + notices.length);
      const [oldest] = await store.changesAfter(0, 1);
      assert.equal(oldest?.sequence, latest - CHANGE_FEED_RETENTION + 1, 'older entries are pruned');
      assert.deepEqual(oldest?.notice, notices[5]);
      const next = [notice(randomUUID(), 200_000)];
      await store.commit({ checkpoints: { p9: 200_000 }, writes: [], notices: next });
      assert.deepEqual(await store.changesAfter(latest, 10), [{ sequence: latest + 1, notice: next[0] }]);
    });
  });
}
