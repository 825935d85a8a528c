import type { EventStore } from '@fitness/stores';

/**
 * Counts what is read from an event store's log until `stop()`: the proof, in tests, that a
 * request answered from read models alone and replayed no event.
 */
export function countEventStoreReads(eventStore: EventStore) {
  const reads = { stream: 0, all: 0 };
  const readStream = eventStore.readStream.bind(eventStore);
  const readAll = eventStore.readAll.bind(eventStore);
  eventStore.readStream = (...args) => {
    reads.stream += 1;
    return readStream(...args);
  };
  eventStore.readAll = (...args) => {
    reads.all += 1;
    return readAll(...args);
  };
  return {
    reads,
    stop() {
      eventStore.readStream = readStream;
      eventStore.readAll = readAll;
    },
  };
}
