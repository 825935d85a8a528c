import { BroadcastChannel, parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './open-database.ts';
import {
  type CheckpointRequest,
  type CheckpointWorkerData,
  checkpointAnswer,
} from './sqlite-event-store-checkpoints.ts';

/**
 * The gate's channel: the thread says 'waiting' there when a checkpoint's answer waits, and
 * the test's answer lets every checkpoint through from then on. (A message on a channel reaches
 * only those open at the time, so the test answers once it heard the thread.)
 */
export const CHECKPOINT_GATE = 'sqlite-event-store-checkpoint-gate';

/**
 * A checkpoint thread for the durability tests: the real checkpoint, on a connection of its own,
 * whose answer waits until the test opens the gate, as a slow disk keeps a checkpoint's end.
 */
if (parentPort) {
  const port = parentPort;
  const { file } = workerData as CheckpointWorkerData;
  const db = openDatabase(file, 'FULL', { cacheKb: 256 });
  const gate = new BroadcastChannel(CHECKPOINT_GATE);
  let open = false;
  const waiting: (() => void)[] = [];
  gate.onmessage = () => {
    open = true;
    for (const resume of waiting.splice(0)) resume();
  };
  port.on('message', async (request: CheckpointRequest) => {
    if (request === 'close') {
      db.close();
      gate.close();
      port.close();
      return;
    }
    const answer = checkpointAnswer(db);
    if (!open) {
      const opened = new Promise<void>((resume) => waiting.push(resume));
      gate.postMessage('waiting');
      await opened;
    }
    port.postMessage(answer);
  });
}
