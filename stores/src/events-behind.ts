import type { EventStore } from './event-store.ts';

/**
 * How many events of the log come after each of `positions`, up to and including `head`,
 * counted up to `limit` (a count at `limit` means "at least that many"). Positions are opaque
 * (byte offsets on EventStoreDB, sparse on SQLite), so a lag is counted by reading events, never
 * by subtracting positions; the bound keeps a far-behind projection from costing a long read.
 * Each distinct position is read once (projections that share one subscription share their
 * checkpoint), and one at or past `head` is not read at all.
 */
export async function eventsBehind(
  eventStore: Pick<EventStore, 'readAll'>,
  positions: number[],
  head: number,
  limit: number,
): Promise<Map<number, number>> {
  const behind = new Map<number, number>();
  for (const position of new Set(positions)) {
    if (position >= head) {
      behind.set(position, 0);
      continue;
    }
    const events = await eventStore.readAll({ fromPosition: position, maxCount: limit });
    behind.set(position, events.filter((event) => event.position <= head).length);
  }
  return behind;
}
