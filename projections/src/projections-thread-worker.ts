import { parentPort, workerData } from 'node:worker_threads';
import type { ChangeNotice } from '@fitness/contracts';
import type { Logger } from '@fitness/platform/logger.ts';
import { openStores, SqliteEventStore } from '@fitness/stores';
import { allProjections } from './all-projections.ts';
import type { FromThread, ThreadData, ToThread } from './projections-thread.ts';
import { releaseMemoryAfterCatchUps } from './release-memory.ts';
import { ProjectionRunner } from './runner.ts';

/**
 * The projections thread of the embedded server (see projections-thread.ts): the runner over
 * its own connections to the two stores, telling the server's thread what each batch
 * committed and taking its requests (a rebuild, a wake-up after an append, the stop).
 */

const port = parentPort;
if (!port) throw new Error('projections-thread-worker.ts runs as a worker thread (see ProjectionsThread)');
const post = (message: FromThread) => port.postMessage(message);

/** The runner logs through the server's logger: one configuration, one output. */
const logger: Logger = {
  info: (object, message) => forwardLog('info', object, message),
  error: (object, message) => forwardLog('error', object, message),
};
function forwardLog(level: 'info' | 'error', object: object, message?: string) {
  try {
    post({ kind: 'log', level, object, message });
  } catch {
    // Something in the object cannot cross threads (a function, say): its text still can.
    post({ kind: 'log', level, object: { detail: String(object) }, message });
  }
}

const { config, durablePosition } = workerData as ThreadData;
const { eventStore, readStore } = await openStores(config);
// This connection reads what the server's thread made durable, as far as it says, never further.
if (eventStore instanceof SqliteEventStore) {
  eventStore.followWriter({ durablePosition, requestSync: () => post({ kind: 'sync-log' }) });
}
const runner = new ProjectionRunner({
  eventStore,
  readStore,
  projections: allProjections,
  logger,
  // The server's thread hears every notice from here, and its query routes are the only readers.
  changeFeed: false,
});
const stopReleasingMemory = releaseMemoryAfterCatchUps(runner, logger);

// The runner announces a batch's notices, then that the batch committed: both leave together.
let notices: ChangeNotice[] = [];
runner.onChange((notice) => notices.push(notice));
runner.onCommitted((events) => {
  post({ kind: 'committed', notices, events, positions: runner.positions(), batches: runner.committedBatches() });
  notices = [];
});

port.on('message', async (message: ToThread) => {
  switch (message.kind) {
    case 'appended':
      if (eventStore instanceof SqliteEventStore) eventStore.appendedElsewhere(message.durablePosition);
      return;
    case 'rebuild':
      try {
        await runner.rebuild(message.name);
        post({ kind: 'rebuilt', id: message.id, error: null, positions: runner.positions() });
      } catch (error) {
        post({ kind: 'rebuilt', id: message.id, error: error as Error, positions: runner.positions() });
      }
      return;
    case 'stop':
      await runner.stop();
      stopReleasingMemory();
      await eventStore.close();
      await readStore.close();
      post({ kind: 'stopped' });
      port.close();
      return;
  }
});

try {
  await runner.start();
  post({ kind: 'started', positions: runner.positions() });
} catch (error) {
  post({ kind: 'failed', error: error as Error });
}
