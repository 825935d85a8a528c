// SCRATCH (deleted before handing back): runs the contract against an in-memory imitation of EventStoreDB.
import { PassThrough } from 'node:stream';
import { StreamNotFoundError, WrongExpectedVersionError } from '@eventstore/db-client';
import { eventStoreContract } from '../contract/event-store.contract.ts';
import { EventStoreDbEventStore } from './eventstoredb-event-store.ts';

type Ev = { id: string; streamId: string; type: string; revision: bigint; isJson: boolean; data: unknown; metadata: unknown; created: Date; position: { commit: bigint; prepare: bigint } };

class FakeEsdb {
  log: Ev[] = [];
  next = 100n;
  subs = new Set<(e: Ev) => void>();
  write(streamId: string, type: string, data: unknown, isJson = true, id = crypto.randomUUID()) {
    const revision = BigInt(this.log.filter((e) => e.streamId === streamId).length);
    const position = this.next;
    this.next += BigInt(50 + Math.floor(Math.random() * 100));
    const ev: Ev = { id, streamId, type, revision, isJson, data, metadata: isJson ? { m: 1 } : undefined, created: new Date(), position: { commit: position, prepare: position } };
    this.log.push(ev);
    for (const s of this.subs) s(ev);
    return ev;
  }
  revisionOf(s: string) { return this.log.filter((e) => e.streamId === s).length - 1; }
  async appendToStream(streamId: string, events: any[], { expectedRevision }: any) {
    await new Promise((r) => setTimeout(r, Math.random() * 3));
    const cur = this.revisionOf(streamId);
    const existing = events.map((e) => this.log.find((l) => l.id === e.id));
    if (existing.every((x) => x && x.streamId === streamId)) {
      const last = existing.at(-1)!;
      return { success: true, nextExpectedRevision: last.revision, position: expectedRevision === 'any' ? undefined : last.position };
    }
    const ok = expectedRevision === 'any' || (expectedRevision === 'no_stream' && cur < 0) || (expectedRevision === 'stream_exists' && cur >= 0) || (typeof expectedRevision === 'bigint' && BigInt(cur) === expectedRevision);
    if (!ok) throw new WrongExpectedVersionError(undefined, { streamName: streamId, expected: expectedRevision, current: cur < 0 ? 'no_stream' : BigInt(cur) });
    let last!: Ev;
    for (const e of events) {
      last = this.write(streamId, e.type, e.data, true, e.id);
      last.metadata = e.metadata;
      // a projection link right after, like $by_category
      this.write(`$ce-${streamId.split('-')[0]}`, '$>', new TextEncoder().encode(`${last.revision}@${streamId}`), false);
      if (last.revision === 0n) setTimeout(() => this.write('$streams', '$>', new TextEncoder().encode(`0@${streamId}`), false), 30);
    }
    return { success: true, nextExpectedRevision: last.revision, position: last.position };
  }
  readStream(streamId: string, { direction, fromRevision, maxCount = Number.MAX_SAFE_INTEGER }: any) {
    const events = this.log.filter((e) => e.streamId === streamId);
    const self = this;
    return (async function* () {
      await null;
      if (events.length === 0) throw new StreamNotFoundError(undefined, streamId);
      let list = direction === 'backwards' ? [...events].reverse() : events;
      if (fromRevision !== 'start' && fromRevision !== 'end') list = list.filter((e) => direction === 'backwards' ? e.revision <= fromRevision : e.revision >= fromRevision);
      for (const e of list.slice(0, Number(maxCount))) yield { event: e };
      void self;
    })();
  }
  readAll({ direction, fromPosition, maxCount }: any) {
    let list: Ev[];
    if (direction === 'forwards') list = this.log.filter((e) => fromPosition === 'start' || e.position.commit >= fromPosition.commit);
    else list = [...this.log].reverse().filter((e) => fromPosition === 'end' || e.position.commit < fromPosition.commit);
    return list.slice(0, maxCount).map((event) => ({ event }));
  }
  subscribeToAll({ fromPosition, filter }: any) {
    const stream = new PassThrough({ objectMode: true, highWaterMark: 4 });
    let live = false; const pending: Ev[] = [];
    const onEv = (e: Ev) => { if (live) push(e); else pending.push(e); };
    const push = (e: Ev) => { if (!filter || !e.type.startsWith('$')) stream.write({ event: e }); };
    this.subs.add(onEv);
    setTimeout(() => {
      // inclusive start, like a read
      for (const e of this.log) if (fromPosition === 'start' || e.position.commit >= fromPosition.commit) push(e);
      const seen = new Set(this.log.map((e) => e.id));
      live = true;
      for (const e of pending) if (!seen.has(e.id)) push(e);
    }, 5);
    return Object.assign(stream, { unsubscribe: async () => { this.subs.delete(onEv); stream.destroy(); } });
  }
  async dispose() {}
}

eventStoreContract('fake EventStoreDB', async () => {
  const store = new EventStoreDbEventStore('esdb://localhost:1?tls=false');
  const fake = new FakeEsdb();
  fake.write('$stats-x', '$statsCollected', { a: 1 });
  (store as any).client = fake;
  return store;
});
