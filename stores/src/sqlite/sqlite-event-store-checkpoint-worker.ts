import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './open-database.ts';
import { answerCheckpoints, type CheckpointWorkerData } from './sqlite-event-store-checkpoints.ts';

/**
 * The event store's checkpoint thread (see CheckpointThread): a connection of its own to the
 * log's file, which copies the write-ahead log into the main file when asked. It only reads
 * and checkpoints, so its page cache stays small.
 */
const { file } = workerData as CheckpointWorkerData;
if (parentPort) answerCheckpoints(parentPort, openDatabase(file, 'FULL', { cacheKb: 256 }));
