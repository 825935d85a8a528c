import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EventStoreDbEventStore } from './eventstoredb-event-store.ts';
import { anEvent } from '../testing/events.ts';
import { PassThrough } from 'node:stream';

// reuse the fake by dynamic import of the other scratch file is awkward; minimal fakes here
function mk(ev: number, streamId = 's-1', type = 'T') {
  const p = BigInt(ev);
  return { id: crypto.randomUUID(), streamId, type, revision: BigInt(ev), isJson: true, data: { n: ev }, metadata: { m: 1 }, created: new Date(), position: { commit: p, prepare: p } };
}

test('ANY repeat without position reads back', async () => {
  const store = new EventStoreDbEventStore('esdb://localhost:1?tls=false');
  const e = anEvent();
  const stored = { ...mk(500), id: e.id };
  (store as any).client = {
    appendToStream: async () => ({ success: true, nextExpectedRevision: 500n, position: undefined }),
    readStream: () => [{ event: stored }],
  };
  assert.deepEqual(await store.appendToStream('s-1', [e], 'any'), { nextExpectedRevision: 500, position: 500 });
});

test('readAll pages through many system events and respects maxCount + exclusivity', async () => {
  const store = new EventStoreDbEventStore('esdb://localhost:1?tls=false');
  const log = [] as any[];
  for (let i = 1; i <= 5000; i++) log.push(mk(i, i % 7 === 0 ? 'user-1' : '$ce-x', i % 7 === 0 ? 'T' : '$>'));
  let reads = 0;
  (store as any).client = {
    readAll: ({ direction, fromPosition, maxCount }: any) => { reads++;
      const list = direction === 'forwards' ? log.filter((e) => fromPosition === 'start' || e.position.commit >= fromPosition.commit) : [...log].reverse().filter((e) => fromPosition === 'end' || e.position.commit < fromPosition.commit);
      return list.slice(0, maxCount).map((event) => ({ event }));
    },
  };
  const got = await store.readAll({ fromPosition: 7, maxCount: 3 });
  assert.deepEqual(got.map((e) => e.position), [14, 21, 28]);
  const all = await store.readAll({ fromPosition: 0, maxCount: 100000 });
  assert.equal(all.length, Math.floor(5000 / 7));
  assert.equal(new Set(all.map((e) => e.position)).size, all.length);
  assert.equal(await store.headPosition(), 4998);
  const none = await store.readAll({ fromPosition: 4998, maxCount: 10 });
  assert.deepEqual(none, []);
  console.log('reads', reads);
});

function fakeSub() {
  const stream = new PassThrough({ objectMode: true, highWaterMark: 2 });
  let unsub = 0;
  const sub = Object.assign(stream, { unsubscribe: async () => { unsub++; stream.destroy(); } });
  return { sub, get unsub() { return unsub; } };
}

test('subscription batches while the consumer is busy, pauses, stops and waits', async () => {
  const store = new EventStoreDbEventStore('esdb://localhost:1?tls=false');
  const f = fakeSub();
  (store as any).client = { subscribeToAll: () => f.sub, dispose: async () => {} };
  const batches: number[][] = [];
  let release!: () => void;
  let inFlight = 0; let maxInFlight = 0;
  const sub = store.subscribeToAll({ fromPosition: 3, onEvents: async (events) => {
    inFlight++; maxInFlight = Math.max(maxInFlight, inFlight);
    batches.push(events.map((e) => e.position));
    await new Promise<void>((r) => { release = r; });
    inFlight--;
  }, onError: (e) => { throw e; } });
  for (let i = 1; i <= 5; i++) f.sub.write({ event: mk(i) });
  await new Promise((r) => setTimeout(r, 10));
  // events 1..3 are at or before the start: dropped; first batch is [4]? delivered as they arrive
  for (let i = 6; i <= 2500; i++) f.sub.write({ event: mk(i) });
  await new Promise((r) => setTimeout(r, 10));
  assert.equal((f.sub as any).isPaused(), true, 'paused while buffer full');
  release(); await new Promise((r) => setTimeout(r, 10));
  release(); await new Promise((r) => setTimeout(r, 10));
  release(); await new Promise((r) => setTimeout(r, 10));
  const stopping = sub.stop();
  let stopped = false; void stopping.then(() => { stopped = true; });
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(stopped, false, 'stop waits for the batch in flight');
  release(); await stopping;
  assert.equal(maxInFlight, 1);
  const flat = batches.flat();
  assert.deepEqual(flat, Array.from({ length: flat.length }, (_, i) => i + 4));
  console.log('batch sizes', batches.map((b) => b.length), 'unsub', f.unsub);
});

test('subscription reports one error, from the stream or from onEvents', async () => {
  for (const mode of ['stream', 'consumer', 'end']) {
    const store = new EventStoreDbEventStore('esdb://localhost:1?tls=false');
    const f = fakeSub();
    (store as any).client = { subscribeToAll: () => f.sub, dispose: async () => {} };
    const errors: unknown[] = [];
    const seen: number[] = [];
    const sub = store.subscribeToAll({ fromPosition: 0, onEvents: async (events) => {
      seen.push(...events.map((e) => e.position));
      if (mode === 'consumer') throw new Error('consumer boom');
    }, onError: (e) => errors.push(e) });
    f.sub.write({ event: mk(1) });
    await new Promise((r) => setTimeout(r, 5));
    if (mode === 'stream') { f.sub.emit('error', new Error('boom')); f.sub.emit('error', new Error('boom2')); }
    if (mode === 'end') f.sub.end();
    await new Promise((r) => setTimeout(r, 5));
    if (mode !== 'consumer') f.sub.destroyed || f.sub.write({ event: mk(2) });
    await new Promise((r) => setTimeout(r, 5));
    await sub.stop();
    assert.equal(errors.length, 1, mode);
    assert.deepEqual(seen, [1], mode);
    console.log(mode, String(errors[0]), 'unsub', f.unsub);
  }
});
