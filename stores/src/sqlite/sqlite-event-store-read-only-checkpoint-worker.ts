import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { answerCheckpoints, type CheckpointWorkerData } from './sqlite-event-store-checkpoints.ts';

/**
 * A checkpoint thread for the durability tests whose checkpoints fail as a disk that refuses
 * writes makes them: its connection opens the file read-only, so SQLite's copy of the log into
 * the main file fails (SQLITE_IOERR_WRITE).
 */
const { file } = workerData as CheckpointWorkerData;
if (parentPort) answerCheckpoints(parentPort, new Database(file, { readonly: true }));
