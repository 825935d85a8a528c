import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { ChangeNotice, NewEvent } from '@fitness/contracts';
import { readConfig } from '@fitness/platform/config.ts';
import type { Logger } from '@fitness/platform/logger.ts';
import { SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { allProjections } from './all-projections.ts';
import { ProjectionsThread } from './projections-thread.ts';

const steps = (userId: string, date: string, count: number): NewEvent => ({
  id: randomUUID(),
  type: 'StepsRecorded',
  data: { userId, date, count, recordedAt: new Date().toISOString() },
  metadata: {
    actorId: userId,
    commandId: randomUUID(),
    correlationId: randomUUID(),
    timestamp: new Date().toISOString(),
    schemaVersion: 1,
  },
});

/** The thread's worker, to end it as a crash would. */
const workerOf = (thread: ProjectionsThread) => (thread as unknown as { worker: Worker | null }).worker;

describe('projections thread (the embedded server runner on a worker thread)', () => {
  let dataDir: string;
  let eventStore: SqliteEventStore;
  let readStore: SqliteReadStore;
  let thread: ProjectionsThread;
  const logged: { level: string; message?: string }[] = [];
  const logger: Logger = {
    info: (_object, message) => logged.push({ level: 'info', message }),
    error: (_object, message) => logged.push({ level: 'error', message }),
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'projections-thread-'));
    const config = readConfig({ DATA_DIR: dataDir });
    eventStore = new SqliteEventStore(path.join(dataDir, 'events.sqlite'));
    readStore = new SqliteReadStore(path.join(dataDir, 'read.sqlite'));
    thread = new ProjectionsThread({ config, eventStore, logger, restartDelayMs: 50 });
    await thread.start();
    await readStore.ensureCollections(allProjections.map((projection) => projection.collection));
  });

  afterEach(async () => {
    await thread.stop();
    await eventStore.close();
    await readStore.close();
    rmSync(dataDir, { recursive: true, force: true });
    logged.length = 0;
  });

  it('folds what this thread appends, and tells its changes before waitFor sees their position', async () => {
    const userId = randomUUID();
    const heard: ChangeNotice[] = [];
    let noticesWhenReached = -1;
    thread.onChange((notice) => heard.push(notice));
    const { position } = await eventStore.appendToStream(
      `steps-${userId}-2026-11-20`,
      [steps(userId, '2026-11-20', 8000)],
      'no_stream',
    );
    const reached = thread.waitFor(['steps'], position, 5000).then((ok) => {
      noticesWhenReached = heard.length;
      return ok;
    });
    assert.equal(await reached, true);
    assert.ok(noticesWhenReached > 0, 'the notices came before the position');
    assert.deepEqual(
      heard.filter((notice) => notice.model === 'steps').map(({ id, userId: owner, op }) => ({ id, owner, op })),
      [{ id: `${userId}:2026-11-20`, owner: userId, op: 'upsert' }],
    );
    // This thread's own connection reads what the projections thread committed.
    assert.equal((await readStore.get('steps', `${userId}:2026-11-20`))?.count, 8000);
    assert.ok((thread.positions().steps ?? 0) >= position);
    assert.ok(thread.committedBatches() >= 1);
  });

  it('does not wait for a position past the log head', async () => {
    assert.equal(await thread.waitFor(['steps'], (await eventStore.headPosition()) + 10, 5000), false);
  });

  it('rebuilds a projection on the thread into the same documents', async () => {
    const userId = randomUUID();
    let position = 0;
    for (const [date, count] of [
      ['2026-11-18', 100],
      ['2026-11-19', 200],
    ] as const) {
      ({ position } = await eventStore.appendToStream(
        `steps-${userId}-${date}`,
        [steps(userId, date, count)],
        'no_stream',
      ));
    }
    assert.equal(await thread.waitFor(['steps'], position, 5000), true);
    const before = await readStore.find('steps', { where: { user_id: userId } });
    await thread.rebuild('steps');
    assert.deepEqual(await readStore.find('steps', { where: { user_id: userId } }), before);
    await assert.rejects(thread.rebuild('no-such-projection'), /Unknown projection/);
  });

  it('stops by letting its worker end by itself, not by terminating it mid-teardown', async () => {
    const worker = workerOf(thread);
    assert.ok(worker);
    // A terminated worker exits with code 1; one whose event loop drained, with 0.
    const exitCode = new Promise<number>((resolve) => worker.once('exit', resolve));
    await thread.stop();
    assert.equal(await exitCode, 0);
  });

  it('starts again from its checkpoints when its worker dies, and folds what came meanwhile', async () => {
    const userId = randomUUID();
    await workerOf(thread)?.terminate();
    const { position } = await eventStore.appendToStream(
      `steps-${userId}-2026-11-21`,
      [steps(userId, '2026-11-21', 4321)],
      'no_stream',
    );
    assert.equal(await thread.waitFor(['steps'], position, 5000), true);
    assert.equal((await readStore.get('steps', `${userId}:2026-11-21`))?.count, 4321);
    assert.ok(logged.some((entry) => entry.level === 'error' && entry.message?.includes('starting it again')));
  });
});
