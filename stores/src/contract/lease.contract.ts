import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type Lease, type LeaseFence, LeaseLostError, type LeaseOptions } from '../lease.ts';
import { POSITION_FIELD, type ReadStore } from '../read-store.ts';

/** A read store and a way to open leases beside it (on its file, in its database). */
export type LeaseFixture = {
  readStore: ReadStore;
  openLease(options: LeaseOptions): Promise<Lease>;
};

const TTL_MS = 10_000;

/**
 * The behaviour every lease adapter must have, with the read store it sits beside. Every holder
 * here shares one clock the test moves by hand, so expiry needs no waiting; each test uses a
 * lease of its own name.
 */
export function leaseContract(name: string, open: () => Promise<LeaseFixture>) {
  describe(`lease contract: ${name}`, () => {
    let fixture: LeaseFixture;
    const opened: Lease[] = [];
    let now = Date.parse('2026-03-01T12:00:00Z');
    const clock = () => new Date(now);

    beforeAll(async () => {
      fixture = await open();
      await fixture.readStore.ensureCollections([{ name: 'things', indexes: [] }]);
    });
    afterAll(async () => {
      for (const lease of opened) await lease.close();
      await fixture.readStore.close();
    });

    /** Two instances (two processes, as far as the store can tell) contending for one lease. */
    async function twoHolders() {
      const leaseName = `lease-${randomUUID()}`;
      const a = await fixture.openLease({ name: leaseName, holder: 'holder-a', ttlMs: TTL_MS, clock });
      const b = await fixture.openLease({ name: leaseName, holder: 'holder-b', ttlMs: TTL_MS, clock });
      opened.push(a, b);
      return { a, b };
    }

    const commitUnder = (fence: LeaseFence, checkpoint: number) =>
      fixture.readStore.commit({
        checkpoints: { [fence.lease]: checkpoint },
        writes: [
          {
            collection: 'things',
            op: 'upsert',
            document: { id: `${fence.lease}-${fence.holder}-${checkpoint}`, [POSITION_FIELD]: checkpoint },
          },
        ],
        notices: [],
        fence,
      });

    it('gives the lease to one instance; the other does not get it while it is held', async () => {
      const { a, b } = await twoHolders();
      const fence = await a.acquire();
      assert.ok(fence, 'the first to ask gets it');
      assert.deepEqual(fence, { lease: a.name, holder: 'holder-a', term: 1 });
      assert.equal(await b.acquire(), null);
      now += TTL_MS - 1;
      assert.equal(await b.acquire(), null, 'not yet expired');
      assert.deepEqual(await a.acquire(), fence, 'asking again extends it in the same term');
    });

    it('gives it to exactly one of two instances asking at once', async () => {
      const { a, b } = await twoHolders();
      const [fenceA, fenceB] = await Promise.all([a.acquire(), b.acquire()]);
      assert.equal([fenceA, fenceB].filter(Boolean).length, 1, JSON.stringify([fenceA, fenceB]));
    });

    it('is renewed by its holder, which keeps it past the first TTL', async () => {
      const { a, b } = await twoHolders();
      const fence = await a.acquire();
      assert.ok(fence);
      now += TTL_MS / 2;
      assert.equal(await a.renew(fence), true);
      now += TTL_MS / 2 + 1;
      assert.equal(await b.acquire(), null, 'the renewal moved the expiry on');
      assert.equal(await b.renew({ ...fence, holder: 'holder-b' }), false, 'only the holder renews');
    });

    it('is taken over once its holder let it expire, in a new term; the old holder can no longer renew', async () => {
      const { a, b } = await twoHolders();
      const old = await a.acquire();
      assert.ok(old);
      now += TTL_MS + 1;
      const taken = await b.acquire();
      assert.deepEqual(taken, { lease: b.name, holder: 'holder-b', term: old.term + 1 });
      assert.equal(await a.renew(old), false, 'lost');
      assert.equal(await a.acquire(), null, 'and held by the other now');
    });

    it("refuses a stale holder's commit after a takeover, and takes the new holder's", async () => {
      const { a, b } = await twoHolders();
      const old = await a.acquire();
      assert.ok(old);
      await commitUnder(old, 1);
      assert.equal(await fixture.readStore.checkpoint(old.lease), 1, 'the holder commits under its fence');

      // The holder pauses (GC, SIGSTOP) past its TTL; the other takes over.
      now += TTL_MS + 1;
      const taken = await b.acquire();
      assert.ok(taken);
      await assert.rejects(commitUnder(old, 2), LeaseLostError);
      assert.equal(await fixture.readStore.checkpoint(old.lease), 1, 'the checkpoint did not move');
      assert.equal(await fixture.readStore.get('things', `${old.lease}-holder-a-2`), null, 'nothing was written');

      await assert.rejects(fixture.readStore.reset(old.lease, ['things'], 2, old), LeaseLostError);
      assert.equal(await fixture.readStore.checkpoint(old.lease), 1, 'nor was the projection reset');
      assert.equal(await fixture.readStore.projectionVersion(old.lease), 0);

      await commitUnder(taken, 3);
      assert.equal(await fixture.readStore.checkpoint(old.lease), 3);
      await fixture.readStore.reset(old.lease, [], 2, taken);
      assert.equal(await fixture.readStore.projectionVersion(old.lease), 2, 'the holder resets under its fence');
    });

    it('is free at once when released; a holder that paused but kept it may still commit', async () => {
      const { a, b } = await twoHolders();
      const fence = await a.acquire();
      assert.ok(fence);
      // Expired, but nobody took it: nobody else can have written, so the holder goes on.
      now += TTL_MS + 1;
      await commitUnder(fence, 1);
      assert.equal(await a.renew(fence), true);
      await a.release(fence);
      const next = await b.acquire();
      assert.deepEqual(next, { lease: b.name, holder: 'holder-b', term: fence.term + 1 }, 'no need to wait the TTL');
      await assert.rejects(commitUnder(fence, 2), LeaseLostError);
    });
  });
}
